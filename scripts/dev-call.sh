#!/usr/bin/env bash
# device call: build 4.6, Kokkos-CUDA suite, runs of changed variants, ncu source view of rolling
set -uo pipefail
out=$1; mkdir -p "$out"
export PATH=/usr/local/cuda/bin:$PATH
t0=$SECONDS
kokkos_root=$(bash scripts/bootstrap-kokkos.sh --backend cuda 2>"$out/boot.err" | tail -n 1)
BUILD_DIR=$PWD/build-gpu Kokkos_ROOT=$kokkos_root bash scripts/build.sh >"$out/build.log" 2>&1 || { tail -30 "$out/build.log"; exit 1; }
echo "build $((SECONDS-t0)) s"
app=build-gpu/stencil_miniapp
build-gpu/tests/stencil_gpu_tests --gtest_filter='*kokkos_cuda*' --gtest_brief=1 >"$out/kokkos-suite.log" 2>&1
grep -E "^\[  (PASSED|FAILED) " "$out/kokkos-suite.log"; grep -E "^\[  FAILED  \]" "$out/kokkos-suite.log" | head
echo "suite $((SECONDS-t0)) s"
for v in stream halo1d; do
  $app -impl kokkos -variant $v -n $([ $v = halo1d ] && echo 16777216 || echo 4096) -iters 100 -verify -no-progress | grep verification | sed "s/^/$v /"
done
echo "impl,variant,n,gcells,ratio_to_copy" >"$out/runs.csv"
for v in ${VARIANTS:-stream halo1d rolling}; do
  for n in 4096 16384; do
    size=$n; [ $v = halo1d ] || [ $v = naive1d ] && size=$((n*n))
    for impl in cuda kokkos; do
      r=$($app -impl $impl -variant $v -n $size -iters 100 -csv -no-progress | python3 -c 'import csv,sys; r=list(csv.DictReader(sys.stdin))[-1]; print(r["gcells_per_s"]+","+r["ratio_to_copy"])')
      echo "$impl,$v,$n,$r" | tee -a "$out/runs.csv"
    done
  done
done
bash scripts/stream-shapes.sh build-gpu "$out/stream-shapes.csv" 2 >/dev/null 2>&1; cat "$out/stream-shapes.csv"
echo "runs $((SECONDS-t0)) s"
for impl in cuda kokkos; do
  ncu --clock-control none --section WarpStateStats --section SourceCounters --page source --print-source sass \
    --kernel-name-base demangled --kernel-name "regex:rolling_" --launch-skip 1 --launch-count 1 \
    $app -impl $impl -variant rolling -n 4096 -iters 2 -no-progress >"$out/ncu-src-rolling-$impl.txt" 2>&1
done
echo "ncu $((SECONDS-t0)) s"
