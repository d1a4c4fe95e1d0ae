#!/usr/bin/env bash
# measure call (branch k14-b): Kokkos-CUDA suite, changed variants vs native
set -uo pipefail
out=$1; mkdir -p "$out"
export PATH=/usr/local/cuda/bin:$PATH
t0=$SECONDS
kokkos_root=$(bash scripts/bootstrap-kokkos.sh --backend cuda 2>"$out/boot.err" | tail -n 1)
BUILD_DIR=$PWD/build-gpu Kokkos_ROOT=$kokkos_root bash scripts/build.sh >"$out/build.log" 2>&1 || { tail -30 "$out/build.log"; exit 1; }
echo "build $((SECONDS-t0)) s"
app=build-gpu/stencil_miniapp
build-gpu/tests/stencil_gpu_tests --gtest_filter='*kokkos_cuda*' --gtest_brief=1 2>&1 | grep -E "^\[  (PASSED|FAILED) "
rate() { python3 -c 'import csv,sys; r=list(csv.DictReader(sys.stdin))[-1]; print(r["gcells_per_s"]+","+r["ratio_to_copy"])'; }
for shape in rolling regblock regblock:-patch=2 tiled; do
  v=${shape%%:*}; extra=(); [[ $shape == *:* ]] && extra=(${shape#*:}); extra=(${extra[@]/=/ })
  for n in 4096 16384; do
    for impl in cuda kokkos; do
      echo "$impl,$shape,$n,$($app -impl $impl -variant $v "${extra[@]}" -n $n -iters 100 -csv -no-progress | rate)"
    done
  done
done | tee "$out/runs.csv"
echo "runs $((SECONDS-t0)) s"
