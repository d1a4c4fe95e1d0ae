#!/usr/bin/env bash
# experiment call (branch k14-b): rolling modes, regblock source view
set -uo pipefail
out=$1; mkdir -p "$out"
export PATH=/usr/local/cuda/bin:$PATH
t0=$SECONDS
kokkos_root=$(bash scripts/bootstrap-kokkos.sh --backend cuda 2>"$out/boot.err" | tail -n 1)
BUILD_DIR=$PWD/build-gpu Kokkos_ROOT=$kokkos_root bash scripts/build.sh >"$out/build.log" 2>&1 || { tail -30 "$out/build.log"; exit 1; }
echo "build $((SECONDS-t0)) s"
app=build-gpu/stencil_miniapp
for mode in 0 1 2 3; do
  STENCIL_EXP_ROLLING=$mode build-gpu/tests/stencil_gpu_tests --gtest_filter='*kokkos_cuda_rolling*' --gtest_brief=1 2>&1 | grep -E "^\[  (PASSED|FAILED) " | sed "s/^/mode $mode /"
done
rate() { python3 -c 'import csv,sys; r=list(csv.DictReader(sys.stdin))[-1]; print(r["gcells_per_s"]+","+r["ratio_to_copy"])'; }
for rep in 1 2; do
for n in 4096 16384; do
  echo "cuda,rolling,$n,$($app -impl cuda -variant rolling -n $n -iters 100 -csv -no-progress | rate)"
  for mode in 0 1 2 3; do
    echo "kokkos$mode,rolling,$n,$(STENCIL_EXP_ROLLING=$mode $app -impl kokkos -variant rolling -n $n -iters 100 -csv -no-progress | rate)"
  done
done
done | tee "$out/runs.csv"
echo "runs $((SECONDS-t0)) s"
for impl in cuda kokkos; do
  ncu --clock-control none --section WarpStateStats --section SourceCounters --page source --print-source sass \
    --kernel-name-base demangled --kernel-name "regex:regblock" --launch-skip 1 --launch-count 1 \
    $app -impl $impl -variant regblock -n 4096 -iters 2 -no-progress >"$out/ncu-src-regblock-$impl.txt" 2>&1
  ncu --clock-control none --section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats \
    --kernel-name-base demangled --kernel-name "regex:regblock" --launch-skip 1 --launch-count 1 \
    $app -impl $impl -variant regblock -n 4096 -iters 2 -no-progress >"$out/ncu-regblock-$impl.txt" 2>&1
done
STENCIL_EXP_ROLLING=2 ncu --clock-control none --section WarpStateStats --section SourceCounters --page source --print-source sass \
    --kernel-name-base demangled --kernel-name "regex:rolling" --launch-skip 1 --launch-count 1 \
    $app -impl kokkos -variant rolling -n 4096 -iters 2 -no-progress >"$out/ncu-src-rolling-kokkos2.txt" 2>&1
echo "ncu $((SECONDS-t0)) s"
