#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# temporal at the published codes' grids and step counts (docs/stream-and-temporal.md, issue
# table: AN5D 16384^2 x 1000, FastStencil 15488^2 x 1024, EBISU 15708^2 x 999 (its fp32 grid) and
# 15312^2 x 996 (its fp64 grid), and N = 4096 at 1000 and 100 steps), for
# native CUDA and Kokkos in both precisions, at -fuse 16 (their pipelined kernels, the default on a
# GPU) and -fuse 8 (the deepest of the other form):
#   bash scripts/temporal-grids.sh BINARY OUT_CSV
# The N = 4096 x 100 rows are verified bit for bit against the reference loop (the larger runs
# would take the host's reference minutes). TEMPORAL_GRIDS_PRECISIONS (default "fp32 fp64"),
# TEMPORAL_GRIDS_IMPLS (default "cuda kokkos"), TEMPORAL_GRIDS (N:ITERS pairs),
# TEMPORAL_GRIDS_VERIFY (the pairs verified; empty: none), TEMPORAL_GRIDS_DEPTHS (default "16 8")
# and TEMPORAL_GRIDS_CHUNKS (row chunk counts, default "0": the automatic count) change the table.
# Prints each row as it goes and exits non-zero where a run fails.
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: temporal-grids.sh BINARY OUT_CSV" >&2; exit 2; }
binary=$1
out=$2
[ -x "$binary" ] || { echo "temporal-grids: no executable at '$binary'" >&2; exit 2; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

echo "impl,precision,n,iters,fuse,gcells_per_s,ratio_to_copy,verification,chunks" >"$out"
for precision in ${TEMPORAL_GRIDS_PRECISIONS:-fp32 fp64}; do
  for impl in ${TEMPORAL_GRIDS_IMPLS:-cuda kokkos}; do
    for grid in ${TEMPORAL_GRIDS:-16384:1000 15488:1024 15708:999 15312:996 4096:1000 4096:100}; do
      n=${grid%%:*} iters=${grid#*:}
      verify=()
      [[ " ${TEMPORAL_GRIDS_VERIFY-4096:100} " == *" $grid "* ]] && verify=(-verify)
      for fuse in ${TEMPORAL_GRIDS_DEPTHS:-16 8}; do
        for chunks in ${TEMPORAL_GRIDS_CHUNKS:-0}; do
          chunk_args=()
          [ "$chunks" = 0 ] || chunk_args=(-chunks "$chunks")
          "$binary" -impl "$impl" -variant temporal -n "$n" -iters "$iters" \
            -precision "$precision" -fuse "$fuse" "${chunk_args[@]}" "${verify[@]}" -csv \
            >"$scratch/run.csv"
          /usr/bin/env python3 - "$impl" "$precision" "$n" "$iters" "$scratch/run.csv" >>"$out" <<'PY'
import csv, sys
impl, precision, n, iters, path = sys.argv[1:]
row = list(csv.DictReader(open(path)))[-1]
print(",".join([impl, precision, n, iters, row["fuse"], row["gcells_per_s"],
                row["ratio_to_copy"], row["verification"], row["chunks"]]))
PY
          tail -n 1 "$out"
        done
      done
    done
  done
done
