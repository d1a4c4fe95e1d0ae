#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# scripts/ab-forms.sh on this build's own binary, at tiny sizes: two bit-identical forms run in
# every round and the second is divided by its reference, a third names the binary by APP=; a form
# that fails its check is left out and the script exits 1; a malformed forms file is refused with
# exit 2.
#   bash tests/ab_forms_test.sh BUILD_DIR WORK_DIR
set -uo pipefail
build_dir=$1
work=$2
script=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/scripts/ab-forms.sh
rm -rf "$work" && mkdir -p "$work"
fail() { echo "ab_forms_test: $*" >&2; exit 1; }
run() { BUILD_DIR=$build_dir SIZES=64 ITERS=2 ROUNDS=2 VERIFY_SIZES="3 17" bash "$script" "$@"; }

# The build's first host backend with naive (-list-models: backend, model, space, memory, variants):
# -impl openmp in the main build, -impl openacc -space host in a directive build.
kernel=$("$build_dir/stencil_miniapp" -list-models | awk '
  $4 == "host" { for (i = 5; i <= NF; ++i) if ($i == "naive") {
    printf "-impl %s%s -variant naive", $2, ($3 == "-" ? "" : " -space " $3); exit } }')
[ -n "$kernel" ] || fail "this build lists no host backend with naive"
cat >"$work/good.txt" <<FORMS
# label | env | args | reference
one-thread | OMP_NUM_THREADS=1 | $kernel
two-threads | OMP_NUM_THREADS=2 | $kernel | one-thread
by-app | APP=$build_dir/stencil_miniapp OMP_NUM_THREADS=1 | $kernel | one-thread
FORMS
run "$work/good.txt" "$work/good" >"$work/good.log" 2>&1 || fail "good forms: exit $? ($(tail -n 3 "$work/good.log"))"
[ "$(grep -c 'bit-identical$' "$work/good/verify.txt")" -eq 12 ] || fail "expected 12 checks (3 forms x 2 sizes x 2 precisions)"
[ "$(($(wc -l <"$work/good/runs.csv") - 1))" -eq 12 ] || fail "expected 12 runs (3 forms x 2 precisions x 2 rounds)"
grep -Eq '^fp64 +64 two-threads .*\(one-thread\)' "$work/good/summary.txt" || fail "no ratio to the reference in summary.txt"
grep -Eq '^fp32 +64 one-thread ' "$work/good/summary.txt" || fail "no fp32 row of one-thread"
grep -Eq '^fp32 +64 by-app .*\(one-thread\)' "$work/good/summary.txt" || fail "no row of the APP= form"

cp "$work/good.txt" "$work/bad.txt"
echo "broken | - | ${kernel/naive/no_such_variant}" >>"$work/bad.txt"
run "$work/bad.txt" "$work/bad" >"$work/bad.log" 2>&1
rc=$?
[ "$rc" -eq 1 ] || fail "a failing form: exit $rc, not 1"
grep -q '^broken n=3 fp64: NOT' "$work/bad/verify.txt" || fail "the failing form is not reported"
! grep -q '^broken,' "$work/bad/runs.csv" || fail "the failing form ran in the rounds"

echo "no bars here" >"$work/malformed.txt"
run "$work/malformed.txt" "$work/malformed" >"$work/malformed.log" 2>&1
rc=$?
[ "$rc" -eq 2 ] || fail "a malformed forms file: exit $rc, not 2"
grep -q 'is not LABEL | ENV | ARGS' "$work/malformed.log" || fail "no one-line reason for the malformed file"
echo "ab_forms_test: passed"
