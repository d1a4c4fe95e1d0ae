#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Kokkos-CUDA bit-for-bit cases, the fp64 run table and two interleaved rounds of doublebuf/rolling.
set -uo pipefail
export PATH=/usr/local/cuda/bin:$PATH
out=${OUT:-/tmp/runs-out}; mkdir -p "$out"
timeout 430 env GPU_CHECK_PHASE=runs GPU_CHECK_PRECISIONS=fp64 bash scripts/gpu-check.sh "$out/check" > "$out/check-console.log" 2>&1
echo "gpu-check runs rc=$? at ${SECONDS}s"
bin=build-gpu/stencil_miniapp
[ -x $bin ] || exit 1
$bin -n 64 -iters 1 -csv --no-progress | head -n 1 | sed 's/^/round,/' > "$out/final.csv"
for round in 1 2; do for p in fp64 fp32; do for n in 4096 16384; do for impl in cuda kokkos; do for v in doublebuf rolling; do
  $bin -impl $impl -variant $v -n $n -iters 100 -precision $p -csv --no-progress 2>>"$out/stderr.txt" | tail -n 1 | sed "s/^/$round,/" >> "$out/final.csv"
done; done; done; done; done
echo "final rounds at ${SECONDS}s"
python3 - "$out/final.csv" <<'PY' | tee "$out/final-summary.txt"
import csv, sys, statistics as st
rows = list(csv.DictReader(open(sys.argv[1])))
g = {}
for r in rows: g.setdefault((r['precision'], int(r['n']), r['variant'], r['implementation']), []).append(float(r['gcells_per_s']))
for (p, n, v, i), xs in sorted(g.items()):
    if i != 'kokkos': continue
    nat = st.median(g[(p, n, v, 'cuda')]); k = st.median(xs)
    print(f"{p} {n:6d} {v:10s} kokkos {k:7.1f}  cuda {nat:7.1f}  kokkos/cuda {k/nat:.3f}")
PY
