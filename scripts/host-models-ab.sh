#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# stdpar against its native twin (-impl openmp) on a CPU: naive, tiled and naive1d at N = 4096
# and 16384 (naive1d at N² cells: the same bytes as the 2-D grid), fp32 and fp64, each run
# REPEATS times with stdpar and openmp interleaved (so drift on the host hits both alike).
#
#   BUILD_DIR=build bash scripts/host-models-ab.sh OUTDIR
#
# (On the GPU machine's host, which has no TBB of its own: BUILD_DIR=build-cpu, the CPU-only
# build of `GPU_CHECK_PHASE=cpu bash scripts/gpu-check.sh`, with the carried TBB.)
# Writes OUTDIR/runs.csv (every run's -csv line, with its repeat number) and OUTDIR/ab.csv, one
# row per variant, N and precision: the median Gcell/s of each model, stdpar ÷ openmp of the
# medians, each model's median stencil/copy and every repeat's Gcell/s. The thread count is the
# caller's OMP_NUM_THREADS (default: every CPU this shell may use); the app sets OMP_PROC_BIND and
# OMP_PLACES where they are unset, and stdpar's TBB starts on the CPUs of the OpenMP places.
# Resumable: runs already in OUTDIR are kept, so a call cut short by a time limit goes on where it
# stopped when called again with the same OUTDIR (delete OUTDIR to start afresh).
# Environment (defaults): BUILD_DIR (build), REPEATS (3), ITERS (50), SIZES ("4096 16384"),
# PRECISIONS ("fp32 fp64"), VARIANTS ("naive tiled naive1d").
set -euo pipefail

usage() { sed -n '3,19p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2; }
[ $# -eq 1 ] || { usage; exit 2; }
out_dir=$1
build_dir=${BUILD_DIR:-build}
repeats=${REPEATS:-3}
iters=${ITERS:-50}
sizes=${SIZES:-4096 16384}
precisions=${PRECISIONS:-fp32 fp64}
variants=${VARIANTS:-naive tiled naive1d}
app=$build_dir/stencil_miniapp
[ -x "$app" ] || { echo "host-models-ab: no $app (set BUILD_DIR to a build with stdpar)" >&2; exit 2; }
"$app" -list 2>/dev/null | grep -qw stdpar ||
  { echo "host-models-ab: $app has no stdpar model (no TBB at configure time?)" >&2; exit 2; }
export OMP_NUM_THREADS=${OMP_NUM_THREADS:-$(nproc)}

mkdir -p "$out_dir"
runs=$out_dir/runs.csv
{
  echo "# $(git -C "$(dirname "${BASH_SOURCE[0]}")/.." rev-parse --short HEAD 2>/dev/null || echo '?')" \
    "$(date -u +%FT%TZ) $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //')," \
    "OMP_NUM_THREADS=$OMP_NUM_THREADS, $iters iterations, $repeats repeats"
} >"$out_dir/host.txt"
done_list=$out_dir/done.txt  # one "precision n variant repeat impl" line per run in runs.csv
touch "$done_list"
for precision in $precisions; do
  for n in $sizes; do
    for variant in $variants; do
      cells=$n
      [ "$variant" != naive1d ] || cells=$((n * n))
      for repeat in $(seq "$repeats"); do
        for impl in stdpar openmp; do
          key="$precision $n $variant $repeat $impl"
          ! grep -qxF "$key" "$done_list" || continue
          echo "host-models-ab: $impl $variant -n $cells $precision, repeat $repeat" >&2
          "$app" -impl "$impl" -variant "$variant" -n "$cells" -iters "$iters" \
            -precision "$precision" --no-progress -csv >"$out_dir/run.tmp"
          [ -s "$runs" ] || echo "repeat,$(head -1 "$out_dir/run.tmp")" >"$runs"
          echo "$repeat,$(tail -1 "$out_dir/run.tmp")" >>"$runs"
          echo "$key" >>"$done_list"
        done
      done
    done
  done
done
rm -f "$out_dir/run.tmp"

# One row per (variant, n, precision); n is the 2-D N (naive1d ran N² cells).
/usr/bin/env python3 - "$runs" "$out_dir/ab.csv" <<'EOF'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1])))
groups = {}
for r in rows:
    n = int(r["n"])
    if r["dimensions"] == "1":
        n = round(n ** 0.5)
    groups.setdefault((r["variant"], n, r["precision"]), {}).setdefault(
        r["implementation"], []).append(r)
with open(sys.argv[2], "w", newline="") as f:
    w = csv.writer(f)
    w.writerow(["variant", "n", "precision", "repeats", "stdpar_gcells_per_s", "openmp_gcells_per_s",
                "stdpar_over_openmp", "stdpar_ratio_to_copy", "openmp_ratio_to_copy",
                "stdpar_all_gcells", "openmp_all_gcells"])
    for (variant, n, precision), by in groups.items():
        med = {k: statistics.median(float(r["gcells_per_s"]) for r in v) for k, v in by.items()}
        copy = {k: statistics.median(float(r["ratio_to_copy"]) for r in v) for k, v in by.items()}
        every = {k: " ".join(r["gcells_per_s"] for r in v) for k, v in by.items()}
        w.writerow([variant, n, precision, len(by["stdpar"]), f"{med['stdpar']:.4g}",
                    f"{med['openmp']:.4g}", f"{med['stdpar'] / med['openmp']:.3f}",
                    f"{copy['stdpar']:.3f}", f"{copy['openmp']:.3f}", every["stdpar"],
                    every["openmp"]])
EOF
cat "$out_dir/host.txt" "$out_dir/ab.csv"
