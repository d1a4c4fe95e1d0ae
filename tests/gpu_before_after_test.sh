#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# scripts/gpu-before-after.sh on this build's own binary at a tiny grid, narrowed to one variant
# and one precision (VARIANTS, PRECISION): one row per build and round, of that variant only, and
# every run in that precision; a variant neither build has exits 2.
#   bash tests/gpu_before_after_test.sh BINARY WORK_DIR
set -uo pipefail
binary=$1
work=$2
script=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/scripts/gpu-before-after.sh
rm -rf "$work" && mkdir -p "$work"
fail() { echo "gpu_before_after_test: $*" >&2; exit 1; }

# The first host model that runs tiled (a directive build has only its own model).
impl=$("$binary" -list-models |
  awk '$4 == "host" { for (i = 5; i <= NF; ++i) if ($i == "tiled") { print $2; exit } }')
[ -n "$impl" ] || fail "no host model of this build runs tiled"

VARIANTS=tiled PRECISION=fp64 SIZES=24 AFTER_ROWS=$work/after.csv \
  bash "$script" "$binary" "$binary" "$work/runs.csv" 2 "$impl" >"$work/log.txt" 2>&1 ||
  fail "exit $? ($(tail -n 2 "$work/log.txt"))"
[ "$(($(wc -l <"$work/runs.csv") - 1))" -eq 4 ] || fail "expected 4 rows (2 builds x 2 rounds)"
[ "$(awk -F, 'NR > 1 && $3 != "tiled"' "$work/runs.csv" | wc -l)" -eq 0 ] ||
  fail "a variant other than the one named ran"
fp64_rows=$(/usr/bin/env python3 -c '
import csv, sys
print(sum(row.get("precision") == "fp64" for row in csv.DictReader(open(sys.argv[1]))))' \
  "$work/after.csv") || fail "the after build's rows do not parse as CSV"
[ "$fp64_rows" -eq 2 ] || fail "the after build's runs are not all in fp64 ($fp64_rows of 2)"

VARIANTS=nonesuch bash "$script" "$binary" "$binary" "$work/none.csv" 1 "$impl" >"$work/none.txt" 2>&1
[ $? -eq 2 ] || fail "a variant neither build has did not exit 2"
grep -q "no variant" "$work/none.txt" || fail "no clear message for an unknown variant"
echo "gpu_before_after_test: passed"
