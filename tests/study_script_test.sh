#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# scripts/study.sh on this build's own binary at a tiny grid: one row per model, variant and
# precision asked for, each under the mini-app's CSV header; STUDY_MODELS and STUDY_VARIANTS keep
# only what they name; a malformed setting is refused before anything runs.
#   bash tests/study_script_test.sh BINARY WORK_DIR
set -uo pipefail
binary=$1
work=$2
script=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/scripts/study.sh
rm -rf "$work" && mkdir -p "$work"
fail() { echo "study_script_test: $*" >&2; exit 1; }
export STUDY_BINARIES=$binary STUDY_DEVICE=cpu STUDY_SIZES=24 STUDY_ITERS=4

# Column NAME of every data row of a study.csv, one a line.
column_of() {
  python3 - "$1" "$2" <<'PY'
import csv, sys
for row in csv.DictReader(open(sys.argv[1])):
    print(row[sys.argv[2]])
PY
}

# The last host model the binary lists (a build may have one only): every model has naive and
# naive1d.
model=$("$binary" -list-models | awk '$4 == "host" { model = $2 } END { print model }')
[ -n "$model" ] || fail "-list-models shows no host model"
STUDY_MODELS=$model STUDY_VARIANTS="naive naive1d" bash "$script" "$work/one" \
  >"$work/one.log" 2>&1 || fail "exit $? ($(tail -n 2 "$work/one.log"))"
csv=$work/one/study.csv
[ "$(column_of "$csv" implementation | sort -u | tr '\n' ' ')" = "$model " ] ||
  fail "STUDY_MODELS=$model gave rows of $(column_of "$csv" implementation | sort -u | tr '\n' ' ')"
[ "$(column_of "$csv" variant | sort | tr '\n' ' ')" = "naive naive naive1d naive1d " ] ||
  fail "expected naive and naive1d in two precisions, got $(column_of "$csv" variant | tr '\n' ' ')"
[ "$(column_of "$csv" precision | sort | tr '\n' ' ')" = "fp32 fp32 fp64 fp64 " ] ||
  fail "expected two rows per precision"
# The 1-D variant runs N² cells.
[ "$(paste -d: <(column_of "$csv" variant) <(column_of "$csv" n) | sort -u | tr '\n' ' ')" = \
  "naive1d:576 naive:24 " ] || fail "expected naive at N = 24 and naive1d at 576 cells"

# A model no binary lists gives no rows, which fails with the reason.
if STUDY_MODELS=nosuchmodel bash "$script" "$work/none" >"$work/none.log" 2>&1; then
  fail "a study without rows did not fail"
fi
grep -q "^study: no rows: is each of STUDY_MODELS ('nosuchmodel')" "$work/none.log" ||
  fail "no reason for the empty study ($(tail -n 1 "$work/none.log"))"

for setting in "STUDY_MODELS=Open-MP" "STUDY_VARIANTS=naive;rm" "STUDY_SIZES=0" "STUDY_PRECISIONS=fp16"; do
  env "$setting" bash "$script" "$work/bad" >"$work/bad.log" 2>&1
  rc=$?
  [ "$rc" -eq 2 ] || fail "$setting: exit $rc, expected 2"
  grep -q '^study: ' "$work/bad.log" || fail "$setting: no one-line reason"
done
echo "study_script_test: passed"
