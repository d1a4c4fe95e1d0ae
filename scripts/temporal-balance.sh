#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Where a temporal pass's time goes, by Nsight Compute, at the typical call's N and at a large N:
#   bash scripts/temporal-balance.sh BINARY OUT_DIR
# For each N in TEMPORAL_BALANCE_SIZES (default "4096 16384") and precision in
# TEMPORAL_BALANCE_PRECISIONS (default "fp32 fp64"), native CUDA at -fuse 16, -iters 160 (ten
# passes):
#   1. the run as the user makes it (-csv): its wall time per pass;
#   2. the same run under ncu (--clock-control none, so the clocks are the run's own), every timed
#      pass (the last ten launches; the untimed warm-up comes first): its duration, the busiest,
#      average and idlest SM's active cycles, the elapsed cycles, the grid and its waves.
# Writes OUT_DIR/balance.csv (one row per N and precision) and OUT_DIR/ncu-N-PRECISION.csv (ncu's
# raw rows). The columns of balance.csv:
#   kernel_share       the passes' summed kernel time over the run's wall time: 1 - the gaps
#                      between passes (launch and host work);
#   kernel_gcells      the rate of the kernels alone;
#   sm_max_over_avg    the busiest SM's active cycles over the average SM's: 1 is perfect balance;
#   sm_avg_over_elapsed  the average SM's active cycles over the kernel's elapsed cycles: the
#                      fraction of the pass an average SM has work.
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: temporal-balance.sh BINARY OUT_DIR" >&2; exit 2; }
binary=$1
out=$2
[ -x "$binary" ] || { echo "temporal-balance: no executable at '$binary'" >&2; exit 2; }
command -v ncu >/dev/null || { echo "temporal-balance: ncu not found" >&2; exit 2; }
mkdir -p "$out"
fuse=16
iters=$((10 * fuse))
metrics=gpu__time_duration.sum,sm__cycles_active.max,sm__cycles_active.avg,sm__cycles_active.min
metrics+=,sm__cycles_elapsed.max,launch__grid_size,launch__waves_per_multiprocessor
echo "n,precision,passes,wall_gcells,kernel_gcells,kernel_share,sm_max_over_avg,sm_min_over_avg,sm_avg_over_elapsed,grid,waves" \
  >"$out/balance.csv"
for precision in ${TEMPORAL_BALANCE_PRECISIONS:-fp32 fp64}; do
  for n in ${TEMPORAL_BALANCE_SIZES:-4096 16384}; do
    run=(-impl cuda -variant temporal -fuse "$fuse" -n "$n" -iters "$iters" -precision "$precision" -no-progress)
    "$binary" "${run[@]}" -csv >"$out/run-$n-$precision.csv"
    ncu --clock-control none --print-units base --csv --page raw --metrics "$metrics" \
      --kernel-name-base demangled -k regex:warp_temporal "$binary" "${run[@]}" >"$out/ncu-$n-$precision.csv"
    /usr/bin/env python3 - "$n" "$precision" "$iters" "$fuse" "$out/run-$n-$precision.csv" \
      "$out/ncu-$n-$precision.csv" >>"$out/balance.csv" <<'PY'
import csv, sys
n, precision, iters, fuse, run_path, ncu_path = sys.argv[1:]
n, iters, fuse = int(n), int(iters), int(fuse)
wall = float(list(csv.DictReader(open(run_path)))[-1]["seconds"])
# ncu's CSV: progress lines first, then the header, a units row and one row per kernel.
lines = open(ncu_path).read().splitlines()
start = next(i for i, line in enumerate(lines) if line.startswith('"ID"'))
units, *rows = list(csv.DictReader(lines[start:]))
# The timed passes are the last launches; the warm-up runs every shallower depth's kernel too,
# which the fp64 shallower depths share with the deepest.
rows = rows[-(iters // fuse):]
if not rows:
    sys.exit("temporal-balance: ncu profiled no warp_temporal kernel")
num = lambda row, key: float(row[key].replace(",", ""))
seconds_per_unit = {"ns": 1e-9, "nsecond": 1e-9, "us": 1e-6, "usecond": 1e-6, "ms": 1e-3,
                    "msecond": 1e-3, "s": 1.0, "second": 1.0}
kernel_s = sum(num(r, "gpu__time_duration.sum") for r in rows) * seconds_per_unit[
    units["gpu__time_duration.sum"]]
avg = lambda key: sum(num(r, key) for r in rows) / len(rows)
print(",".join(str(v) for v in [
    n, precision, len(rows),
    f"{n * n * iters / wall / 1e9:.1f}", f"{n * n * iters / kernel_s / 1e9:.1f}",
    f"{kernel_s / wall:.3f}",
    f"{avg('sm__cycles_active.max') / avg('sm__cycles_active.avg'):.3f}",
    f"{avg('sm__cycles_active.min') / avg('sm__cycles_active.avg'):.3f}",
    f"{avg('sm__cycles_active.avg') / avg('sm__cycles_elapsed.max'):.3f}",
    int(num(rows[0], "launch__grid_size")), rows[0]["launch__waves_per_multiprocessor"]]))
PY
    tail -n 1 "$out/balance.csv"
  done
done
