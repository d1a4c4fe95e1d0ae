#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# scripts/model-ratio.py on a hand-written study.csv: each model's best row per variant, N and
# precision, one line per key both models have, and a refusal where they share none.
#   bash tests/model_ratio_test.sh WORK_DIR
set -uo pipefail
work=$1
script=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/scripts/model-ratio.py
rm -rf "$work" && mkdir -p "$work"
fail() { echo "model_ratio_test: $*" >&2; exit 1; }

cat >"$work/study.csv" <<'CSV'
variant,implementation,n,precision,gcells_per_s
naive,stdpar,64,fp32,4.5
naive,stdpar,64,fp32,3.0
naive,openmp,64,fp32,6.0
naive,openmp,64,fp64,2.0
tiled,stdpar,64,fp64,1.0
tiled,openmp,64,fp64,4.0
naive1d,stdpar,4096,fp32,9.0
CSV
python3 "$script" "$work/study.csv" stdpar openmp >"$work/out.md" || fail "exit $?"
rows=$(grep -c '^| naive\|^| tiled' "$work/out.md")
[ "$rows" = 2 ] || fail "expected 2 rows (naive fp32, tiled fp64), got $rows: $(cat "$work/out.md")"
grep -q '^| naive | 64 | fp32 | 4.50 | 6.00 | 0.750 |$' "$work/out.md" ||
  fail "naive fp32 is not best 4.5 over 6.0: $(cat "$work/out.md")"
grep -q '^| tiled | 64 | fp64 | 1.00 | 4.00 | 0.250 |$' "$work/out.md" ||
  fail "tiled fp64 is not 1.0 over 4.0: $(cat "$work/out.md")"
if python3 "$script" "$work/study.csv" kokkos openmp >"$work/none.md" 2>"$work/none.err"; then
  fail "a model without rows was not refused"
fi
grep -q 'no variant, N and precision has rows of both kokkos and openmp' "$work/none.err" ||
  fail "refusal does not say why: $(cat "$work/none.err")"
echo "model_ratio_test: passed"
