#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The temporal measurements of one device call, on a GPU build (scripts/gpu-check.sh builds
# build-gpu; BUILD_DIR names another), from the repository root:
#   bash scripts/gpu-temporal.sh [OUT_DIR]
#   1. scripts/temporal-grids.sh: the published codes' grids and step counts, native CUDA and
#      Kokkos, fp32 and fp64, at -fuse 16 and 8;
#   2. stencil_temporal_ab GPU_TEMPORAL_ROUNDS (default 2): the deep kernel's shapes beside the
#      copy, each checked bit for bit first;
#   3. where ncu exists: one pass of depth 16 at N = 16384 of each model's kernel in each
#      precision (speed of light, occupancy, warp states, instruction mix, pipes).
#   4. the ncu sector cross-check of temporal at each model's default depth (16), both precisions;
#   5. scripts/temporal-grids.sh again: native CUDA and Kokkos at -fuse 16, N = 4096, -iters 100
#      over GPU_TEMPORAL_CHUNKS row chunks (default "0 6 8 11 12 16 22 24 33 44"; 0: the automatic
#      count), fp32 and fp64: how the per-chunk warm-up trades against filling the GPU at the
#      typical call's size;
#   6. the same at the large grids whose automatic count is one wave (GPU_TEMPORAL_WAVE_GRIDS,
#      default "16384:1000 15708:999", over GPU_TEMPORAL_WAVE_CHUNKS, default "0 6 12 24"; at
#      16384 that is two, four and eight waves in fp64 and one, two and four in fp32): one wave
#      against several, where the block scheduler evens the multiprocessors out.
# Writes OUT_DIR/temporal-grids.csv, temporal-ab.csv, ncu-*.txt, ncu-crosscheck.*,
# temporal-chunks.csv, temporal-waves.csv and summary.txt (default OUT_DIR: $OUT, else
# ./gpu-temporal-out); with GPU_CHECK_PACK=1 everything but summary.txt ends up in
# OUT_DIR/logs.tar.xz (scripts/pack-out.sh). Exit status: the number of steps that failed.
set -uo pipefail
repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${1:-${OUT:-$repo_root/gpu-temporal-out}}
build=${BUILD_DIR:-$repo_root/build-gpu}
mkdir -p "$out"
summary=$out/summary.txt
: >"$summary"
[ "${GPU_CHECK_PACK:-0}" = 0 ] || trap 'bash "$repo_root/scripts/pack-out.sh" "$out"' EXIT
export PATH=/usr/local/cuda/bin:$PATH
failures=0
say() { echo "$*" | tee -a "$summary"; }
step() {  # step NAME LOG COMMAND...
  local name=$1 log=$2 start=$SECONDS rc
  shift 2
  "$@" >"$out/$log" 2>&1
  rc=$?
  say "$(printf '%-34s rc=%-3s %4ss  (%s)' "$name" "$rc" "$((SECONDS - start))" "$log")"
  [ "$rc" -eq 0 ] || failures=$((failures + 1))
}

say "stencil_miniapp temporal measurements, $(date -u +%Y-%m-%dT%H:%M:%SZ)"
say "commit : ${STENCIL_GIT_COMMIT:-$(git -C "$repo_root" rev-parse --short HEAD 2>/dev/null || echo unknown)}"
say "gpu    : $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | head -n 1)"
say "build  : $build"
[ -x "$build/stencil_miniapp" ] || { say "no $build/stencil_miniapp: build first"; exit 1; }

step "published grids" temporal-grids.log \
  bash "$repo_root/scripts/temporal-grids.sh" "$build/stencil_miniapp" "$out/temporal-grids.csv"
[ -f "$out/temporal-grids.csv" ] &&
  awk -F, '{ printf "%-7s %-5s %-6s %-6s %-5s %-12s %-10s %s\n", $1, $2, $3, $4, $5, $6, $7, $8 }' \
    "$out/temporal-grids.csv" | tee -a "$summary"

if [ -x "$build/stencil_temporal_ab" ]; then
  step "stencil_temporal_ab" temporal-ab.csv "$build/stencil_temporal_ab" "${GPU_TEMPORAL_ROUNDS:-2}"
else
  say "stencil_temporal_ab: not in this build (it needs native CUDA)"
fi

if command -v ncu >/dev/null 2>&1; then
  profile() {  # profile MODEL KERNEL_REGEX PRECISION
    ncu --section SpeedOfLight --section LaunchStats --section Occupancy \
      --section WarpStateStats --section InstructionStats --section ComputeWorkloadAnalysis \
      --metrics sm__cycles_active.min,sm__cycles_active.max,sm__cycles_active.avg \
      --kernel-name-base demangled -k "regex:$2" --launch-skip 1 --launch-count 1 \
      "$build/stencil_miniapp" -impl "$1" -variant temporal -fuse 16 -n 16384 -iters 32 \
      -precision "$3"
  }
  for precision in fp32 fp64; do
    step "ncu cuda -fuse 16 $precision" "ncu-cuda-$precision.txt" \
      profile cuda warp_temporal "$precision"
    step "ncu kokkos -fuse 16 $precision" "ncu-kokkos-$precision.txt" \
      profile kokkos group_temporal "$precision"
  done
  step "ncu sector cross-check" ncu-crosscheck.log \
    bash "$repo_root/scripts/ncu-crosscheck.sh" --build-dir "$build" --out "$out/crosscheck" \
    --impl all --variants temporal --fp64 temporal
  grep -h '^| \(kokkos\|cuda\) | temporal' "$out"/crosscheck/ncu-crosscheck.md 2>/dev/null |
    tee -a "$summary"
else
  say "ncu: not found, no profiles"
fi

# temporal at -fuse 16 over row chunk counts, both models and precisions, tabled in the summary:
#   chunk_sweep NAME CSV GRIDS CHUNKS
chunk_sweep() {
  step "$1" "${2%.csv}.log" env TEMPORAL_GRIDS="$3" TEMPORAL_GRIDS_VERIFY= \
    TEMPORAL_GRIDS_DEPTHS=16 TEMPORAL_GRIDS_CHUNKS="$4" \
    bash "$repo_root/scripts/temporal-grids.sh" "$build/stencil_miniapp" "$out/$2"
  column -t -s, "$out/$2" 2>/dev/null | tee -a "$summary"
}
# The typical call's size: each chunk repeats the pass's warm-up rows, and fewer chunks leave
# multiprocessors idle.
chunk_sweep "row chunks at N = 4096" temporal-chunks.csv 4096:100 \
  "${GPU_TEMPORAL_CHUNKS:-0 6 8 11 12 16 22 24 33 44}"
# The large grids: a one-wave pass lasts as long as its slowest multiprocessor's blocks, and
# several waves of shorter chunks let the block scheduler even them out.
chunk_sweep "row chunks at the large grids" temporal-waves.csv \
  "${GPU_TEMPORAL_WAVE_GRIDS:-16384:1000 15708:999}" "${GPU_TEMPORAL_WAVE_CHUNKS:-0 6 12 24}"
say "failed steps: $failures"
exit "$failures"
