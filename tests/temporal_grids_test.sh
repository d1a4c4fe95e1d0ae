#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# scripts/temporal-grids.sh on this build's own binary at a tiny grid: one row per precision and
# depth (-fuse 16 and 8), each verified and naming the depth it ran; a model that does not run
# depth 16 makes the script fail.
#   bash tests/temporal_grids_test.sh BINARY WORK_DIR
set -uo pipefail
binary=$1
work=$2
script=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/scripts/temporal-grids.sh
rm -rf "$work" && mkdir -p "$work"
fail() { echo "temporal_grids_test: $*" >&2; exit 1; }

TEMPORAL_GRIDS="37:21" TEMPORAL_GRIDS_VERIFY="37:21" TEMPORAL_GRIDS_IMPLS=kokkos \
  bash "$script" "$binary" "$work/grids.csv" >"$work/log.txt" 2>&1 ||
  fail "exit $? ($(tail -n 2 "$work/log.txt"))"
[ "$(($(wc -l <"$work/grids.csv") - 1))" -eq 4 ] || fail "expected 4 rows (2 precisions x 2 depths)"
[ "$(grep -c ',PASSED (bit-identical' "$work/grids.csv")" -eq 4 ] || fail "not every row verified"
for depth in 16 8; do
  [ "$(awk -F, -v d="$depth" 'NR > 1 && $5 == d' "$work/grids.csv" | wc -l)" -eq 2 ] ||
    fail "expected 2 rows at -fuse $depth"
done
# A depth and chunk counts of one's own: one row per count, naming it.
TEMPORAL_GRIDS="37:21" TEMPORAL_GRIDS_VERIFY="37:21" TEMPORAL_GRIDS_IMPLS=kokkos \
  TEMPORAL_GRIDS_PRECISIONS=fp32 TEMPORAL_GRIDS_DEPTHS=16 TEMPORAL_GRIDS_CHUNKS="0 3" \
  bash "$script" "$binary" "$work/chunks.csv" >"$work/chunks.log" 2>&1 ||
  fail "exit $? with chunk counts ($(tail -n 2 "$work/chunks.log"))"
[ "$(awk -F, 'NR > 1 { print $5 ":" $9 }' "$work/chunks.csv" | tr '\n' ' ')" = "16:auto 16:3 " ] ||
  fail "expected rows at -fuse 16 with chunks auto and 3, got $(tail -n +2 "$work/chunks.csv" | tr '\n' ' ')"
if TEMPORAL_GRIDS="37:21" TEMPORAL_GRIDS_IMPLS=openmp bash "$script" "$binary" "$work/openmp.csv" \
  >"$work/openmp.log" 2>&1; then
  fail "-impl openmp -fuse 16 did not fail"
fi
echo "temporal_grids_test: passed"
