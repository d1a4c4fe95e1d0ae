#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Did a refactor leave the generated code alone? On the GPU machine, from the repository root:
#   bash scripts/gpu-refactor-check.sh BEFORE_TREE [OUT_DIR]
# BEFORE_TREE is a source tree of the earlier commit (e.g. `git archive <commit> | tar -x -C
# .carry/before`, carried). Builds Kokkos (CUDA) from the carried cache in .deps/, then this tree
# into build-gpu/ and BEFORE_TREE into its own build-gpu/ (without tests), and writes to OUT_DIR
# (default: $OUT, else ./refactor-check-out):
#   sass.txt        scripts/sass-compare.py over the two drivers: every kernel's SASS, then the
#                   lesson kernels alone (stream and temporal left out), identical or not;
#   rates.csv       scripts/gpu-before-after.sh for -impl cuda and kokkos: every variant at N = 4096
#                   and 16384, the two builds alternating, ROUNDS rounds (default 2);
#   summary.txt     the steps, their exit codes and times.
# STEPS picks some of "sass rates" (default both); the builds are incremental, so a second call on
# a warm machine goes straight to its steps.
set -uo pipefail
[ $# -ge 1 ] || { echo "usage: gpu-refactor-check.sh BEFORE_TREE [OUT_DIR]" >&2; exit 2; }
before_tree=$(cd "$1" && pwd) || { echo "gpu-refactor-check: no folder '$1'" >&2; exit 2; }
repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${2:-${OUT:-$repo_root/refactor-check-out}}
mkdir -p "$out"
summary=$out/summary.txt
: >"$summary"
export PATH=/usr/local/cuda/bin:$PATH
cd "$repo_root"

say() { echo "$*" | tee -a "$summary"; }
failures=0
step() {  # step NAME LOGFILE COMMAND...
  local name=$1 log=$2 start=$SECONDS
  shift 2
  "$@" >"$out/$log" 2>&1
  local rc=$?
  say "$(printf '%-30s rc=%-3s %4ss  (%s)' "$name" "$rc" "$((SECONDS - start))" "$log")"
  [ "$rc" -eq 0 ] || failures=$((failures + 1))
  return "$rc"
}

say "stencil_miniapp refactor check, $(date -u +%Y-%m-%dT%H:%M:%SZ)"
say "after   : ${STENCIL_GIT_COMMIT:-$(git describe --always --dirty --abbrev=12 2>/dev/null)}"
say "before  : $before_tree"
say "gpu     : $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null)"
kokkos_root=""
bootstrap() { kokkos_root=$(bash scripts/bootstrap-kokkos.sh --backend cuda | tail -n 1); }
step "bootstrap Kokkos (CUDA)" bootstrap.log bootstrap || exit 1
# The earlier tree builds against the same Kokkos, so only the project's code differs; its tests
# and benchmark are not built.
build_tree() {  # build_tree SOURCE_TREE [CMAKE_ARGS...]
  local tree=$1
  shift
  Kokkos_ROOT=$kokkos_root BUILD_DIR=$tree/build-gpu bash "$tree/scripts/build.sh" "$@"
}
step "build after" build-after.log build_tree "$repo_root" || exit 1
step "build before (no tests)" build-before.log build_tree "$before_tree" \
  -DSTENCIL_BUILD_TESTS=OFF -DSTENCIL_BUILD_BENCHMARKS=OFF || exit 1
after_app=$repo_root/build-gpu/stencil_miniapp
before_app=$before_tree/build-gpu/stencil_miniapp

compare_sass() {
  echo "== every kernel"
  python3 scripts/sass-compare.py "$before_app" -- "$after_app"
  echo "== the lesson kernels (stream and temporal left out)"
  python3 scripts/sass-compare.py --exclude 'stream|temporal|wavefront' "$before_app" -- "$after_app"
}
steps=" ${STEPS:-sass rates} "
if [[ $steps == *" sass "* ]]; then
  step "SASS before vs after" sass.txt compare_sass
  say "  $(grep -E '^SASS' "$out/sass.txt" | tr '\n' ';')"
fi
if [[ $steps == *" rates "* ]]; then
  step "rates before vs after" rates.txt bash scripts/gpu-before-after.sh "$before_app" \
    "$after_app" "$out/rates.csv" "${ROUNDS:-2}" "cuda kokkos"
  tail -n 40 "$out/rates.txt" | tee -a "$summary"
fi
say "steps failed: $failures"
[ "$failures" -eq 0 ]
