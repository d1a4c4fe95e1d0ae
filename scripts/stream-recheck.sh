#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The stream kernel's re-check on the GPU machine, after a change to src/cuda/stream*:
#   STENCIL_GIT_COMMIT=<hash> bash scripts/stream-recheck.sh OUT_DIR
# Builds (CUDA Kokkos bootstrap + project), then: the stream cases of the bit-for-bit suite,
# the stream sector gates, memcheck / racecheck / synccheck over the stream cases (cluster
# launches included), the run command at N = 4096 (verified) and 16384 three times each, the
# shape sweep of the hybrid and its parts, and the A/B tool. About 2 minutes; the whole GPU check
# (scripts/gpu-check.sh) stays the release gate.
set -uo pipefail

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${1:?usage: stream-recheck.sh OUT_DIR}
mkdir -p "$out"
cd "$repo_root"
export PATH=/usr/local/cuda/bin:$PATH
export STENCIL_GIT_COMMIT=${STENCIL_GIT_COMMIT:-$(git describe --always --dirty --abbrev=12 2>/dev/null || echo unknown)}
summary=$out/stream-recheck.txt
failures=0
say() { echo "$*" | tee -a "$summary"; }
step() {  # step NAME COMMAND...: output into the summary, failures counted
  local name=$1; shift
  say "== $name"
  "$@" >>"$summary" 2>&1 || { failures=$((failures + 1)); say "FAILED: $name"; }
}

: >"$summary"
say "commit $STENCIL_GIT_COMMIT; $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader); $(date -u +%Y-%m-%dT%H:%M:%SZ)"
say "command: STENCIL_GIT_COMMIT=$STENCIL_GIT_COMMIT bash scripts/stream-recheck.sh OUT_DIR"
kokkos_root=$(bash scripts/bootstrap-kokkos.sh --backend cuda 2>"$out/bootstrap.log" | tail -n 1)
export BUILD_DIR=$repo_root/build-gpu
Kokkos_ROOT=$kokkos_root bash scripts/build.sh >"$out/build.log" 2>&1 || { say "build failed"; tail -n 30 "$out/build.log"; exit 1; }
app=$BUILD_DIR/stencil_miniapp
tests=$BUILD_DIR/tests/stencil_gpu_tests

step "bit-for-bit suite, stream cases" "$tests" --gtest_filter='*stream*' --gtest_brief=1
step "stream sector gates" "$BUILD_DIR/tests/stencil_sector_gates" --gtest_filter='*StreamSectors*'
for tool in memcheck racecheck synccheck; do
  step "compute-sanitizer $tool" compute-sanitizer --tool "$tool" --error-exitcode 9 "$tests" \
    --gtest_filter='*/cuda_stream_n32:*/cuda_stream_n256' --gtest_brief=1
done
for n in 4096 16384; do
  verify=()
  [ "$n" -eq 4096 ] && verify=(-verify)
  for repeat in 1 2 3; do
    step "run command, stream, N = $n ($repeat)" "$app" -impl cuda -variant stream -n "$n" -iters 100 "${verify[@]}"
  done
done
step "shape sweep" bash scripts/stream-shapes.sh "$BUILD_DIR" "$out/stream-shapes.csv" 2 6 10
cat "$out/stream-shapes.csv" >>"$summary"
step "A/B tool" "$BUILD_DIR/stencil_stream_ab"
say "failures: $failures"
[ "$failures" -eq 0 ]
