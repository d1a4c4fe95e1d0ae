#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Scratch A/B on the GPU machine: Kokkos doublebuf (AB_KDB) and rolling (AB_KROLL) forms, both precisions.
set -uo pipefail
export PATH=/usr/local/cuda/bin:$PATH
out=${OUT:-/tmp/ab-out}; mkdir -p "$out"
patch -p1 < .carry/ab.diff > "$out/patch.log" 2>&1 || { echo "patch failed"; cat "$out/patch.log"; exit 1; }
start=$SECONDS
Kokkos_ROOT=$(ls -d .deps/kokkos-4.6.01-cuda-* | head -1) BUILD_DIR=build-gpu bash scripts/build.sh -DSTENCIL_BUILD_BENCHMARKS=OFF > "$out/build.log" 2>&1 || { echo "build failed"; tail -40 "$out/build.log"; exit 1; }
echo "build ${SECONDS}s"
bin=build-gpu/stencil_miniapp
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$out/gpu.txt"
run() {  # label round env... -- args
  local label=$1 round=$2; shift 2
  local envs=(); while [ "$1" != -- ]; do envs+=("$1"); shift; done; shift
  env "${envs[@]}" $bin "$@" -csv --no-progress 2>>"$out/stderr.txt" | tail -n 1 | sed "s/^/$label,$round,/" >> "$out/ab.csv"
}
verify() {
  local label=$1; shift
  local envs=(); while [ "$1" != -- ]; do envs+=("$1"); shift; done; shift
  for n in 3 257 1031; do for p in fp32 fp64; do
    env "${envs[@]}" $bin "$@" -n $n -iters 7 -precision $p -verify --no-progress > "$out/v.txt" 2>&1; rc=$?
    echo "verify $label n=$n $p rc=$rc $(grep -o 'PASSED\|FAILED[^,]*' "$out/v.txt" | head -1)" >> "$out/verify.txt"
  done; done
}
$bin -n 64 -iters 1 -csv --no-progress | head -n 1 | sed 's/^/label,round,/' > "$out/ab.csv"
for k in 0 1 2 3; do verify k-db$k AB_KDB=$k -- -impl kokkos -variant doublebuf; verify k-roll$k AB_KROLL=$k -- -impl kokkos -variant rolling; done
echo "verify ${SECONDS}s"
for round in 1 2; do
  for p in fp64 fp32; do for n in 4096 16384; do
    run cuda-db $round X=0 -- -impl cuda -variant doublebuf -n $n -iters 100 -precision $p
    run cuda-rolling $round X=0 -- -impl cuda -variant rolling -n $n -iters 100 -precision $p
    for k in 0 1 2 3; do
      run k-db$k $round AB_KDB=$k -- -impl kokkos -variant doublebuf -n $n -iters 100 -precision $p
      run k-roll$k $round AB_KROLL=$k -- -impl kokkos -variant rolling -n $n -iters 100 -precision $p
    done
  done; done
  echo "round $round ${SECONDS}s"
done
python3 - "$out/ab.csv" > "$out/summary.txt" <<'PY'
import csv, sys, statistics as st
rows = list(csv.DictReader(open(sys.argv[1])))
groups = {}
for r in rows:
    groups.setdefault((r['precision'], int(r['n']), r['label']), []).append(r)
for (p, n, label), rs in sorted(groups.items()):
    g = [float(r['gcells_per_s']) for r in rs]; c = [float(r['ratio_to_copy']) for r in rs]
    print(f"{p} {n:6d} {label:14s} {st.median(g):8.1f} Gcell/s  ratio_to_copy {st.median(c):.3f}  ({' '.join(f'{x:.1f}' for x in g)})")
PY
cat "$out/summary.txt"; cat "$out/verify.txt" | grep -v "rc=0 PASSED" || echo "all verify PASSED"
