#!/usr/bin/env bash
set -uo pipefail
out=${OUT:-/tmp/acc-out}; mkdir -p "$out"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$out/gpu.txt"
for round in 1 2; do
  for n in 4096 16384; do
    for v in naive tiled; do
      for prec in fp32 fp64; do
        a=$(timeout 40 bash .carry/directive/run-gpu.sh openacc stencil_miniapp -impl openacc -space gpu -n $n -iters 100 -variant $v -precision $prec -csv 2>&1 | tail -n 1)
        b=$(STENCIL_DIRECTIVE_UNPACK=/tmp/acc-async timeout 40 bash .carry/acc-async/run-gpu.sh openacc stencil_miniapp -impl openacc -space gpu -n $n -iters 100 -variant $v -precision $prec -csv 2>&1 | tail -n 1)
        echo "sync,$round,$a" >> "$out/acc-sync-async.csv"; echo "async,$round,$b" >> "$out/acc-sync-async.csv"
      done
    done
  done
  echo "round $round at ${SECONDS}s"
done
bash .carry/directive/run-gpu.sh openacc stencil_miniapp -impl openacc -space gpu -n 64 -iters 2 -csv 2>&1 | head -1 > "$out/csv-header.txt"
