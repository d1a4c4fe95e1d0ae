#!/usr/bin/env bash
# Scratch: temporal shapes A/B plus ncu of the new warp shapes.
set -uo pipefail
export PATH=/usr/local/cuda/bin:$PATH
out=${OUT:-/tmp/tab-out}; mkdir -p "$out"
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv,noheader | tee "$out/gpu.txt"
T=.carry/tab/stencil_temporal_ab
timeout 170 $T 1 > "$out/temporal-ab.csv" 2>&1; echo "ab rc=$? at ${SECONDS}s"
grep -E "DIFFERS|checks" "$out/temporal-ab.csv" | sort | uniq -c | head -40
for spec in "warp G8xL2 C13 B1|fp64" "warp G8xL4 C13 B1|fp32"; do
  name=${spec%|*}; prec=${spec#*|}
  timeout 45 ncu --section SpeedOfLight --section LaunchStats --section Occupancy --section WarpStateStats --section InstructionStats --section ComputeWorkloadAnalysis -k regex:kernel --launch-skip 1 --launch-count 1 $T --only "$name" $prec 16384 > "$out/ncu-${name// /_}-$prec.txt" 2>&1
  echo "ncu $name $prec rc=$? at ${SECONDS}s"
done
python3 - "$out/temporal-ab.csv" <<'PY'
import csv, sys, collections
rows = [r for r in csv.reader(open(sys.argv[1])) if len(r) == 8 and r[0] in ("fp32", "fp64")]
acc = collections.defaultdict(list)
for r in rows: acc[(r[0], r[3], int(r[2]))].append(float(r[6]))
names = sorted({(p, k) for p, k, n in acc})
for p, k in names:
    vals = [sum(acc[(p, k, n)]) / len(acc[(p, k, n)]) if acc[(p, k, n)] else 0 for n in (4096, 15488, 16384)]
    print(f"{p} {k:28s} " + " ".join(f"{v:8.1f}" for v in vals))
PY
# OpenACC: main's synchronous kernels against the async branch, then the branch's GPU suite.
acc() { bash .carry/directive/run-gpu.sh openacc "$@"; }
acc_async() { STENCIL_DIRECTIVE_UNPACK=/tmp/acc-async bash .carry/acc-async/run-gpu.sh openacc "$@"; }
for round in 1; do
  for n in 4096 16384; do
    for v in naive tiled; do
      for prec in fp32 fp64; do
        a=$(timeout 40 acc stencil_miniapp -impl openacc -space gpu -n $n -iters 100 -variant $v -precision $prec -csv 2>&1 | tail -n 1)
        b=$(timeout 40 acc_async stencil_miniapp -impl openacc -space gpu -n $n -iters 100 -variant $v -precision $prec -csv 2>&1 | tail -n 1)
        echo "sync,$round,$a" >> "$out/acc-sync-async.csv"; echo "async,$round,$b" >> "$out/acc-sync-async.csv"
      done
    done
  done
done
echo "acc timing at ${SECONDS}s"
left=$((330 - SECONDS)); [ $left -lt 5 ] && left=5
timeout $left bash -c 'STENCIL_DIRECTIVE_UNPACK=/tmp/acc-async bash .carry/acc-async/run-gpu.sh openacc stencil_gpu_tests --gtest_brief=1' > "$out/acc-async-gpu-tests.log" 2>&1
echo "acc async gpu tests rc=$? at ${SECONDS}s: $(grep -E '^\[  (PASSED|FAILED) ' "$out/acc-async-gpu-tests.log" | tr '\n' ' ')"
acc stencil_miniapp -impl openacc -space gpu -n 64 -iters 2 -csv 2>&1 | head -1 > "$out/csv-header.txt"
