#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# scripts/candidate-rounds.sh on a scratch CMake project with a target named stencil_miniapp: the
# tree's binary and each patch's run in every round, the order reversed every other round, each
# run seeing its own binary, label and round; a patch whose build fails is left out with exit 1;
# a failing run gives exit 1; a spent budget starts no round; no build folder exits 2.
#   bash tests/candidate_rounds_test.sh WORK_DIR
set -uo pipefail
work=$1
script=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/scripts/candidate-rounds.sh
rm -rf "$work" && mkdir -p "$work/src"
fail() { echo "candidate_rounds_test: $*" >&2; exit 1; }

cat >"$work/src/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.16)
project(candidate_rounds_test CXX)
add_executable(stencil_miniapp main.cpp)
CMAKE
printf '#include <cstdio>\nint main() { std::puts("tree"); }\n' >"$work/src/main.cpp"
generator=()
command -v ninja >/dev/null 2>&1 && generator=(-G Ninja)
cmake -S "$work/src" -B "$work/build" "${generator[@]}" >/dev/null || fail "the scratch project does not configure"
make_patch() {  # make_patch MAIN_BODY PATCH_FILE
  rm -rf "$work/a" "$work/b" && mkdir -p "$work/a" "$work/b"
  cp "$work/src/main.cpp" "$work/a/main.cpp"
  printf '#include <cstdio>\nint main() { %s }\n' "$1" >"$work/b/main.cpp"
  (cd "$work" && diff -u a/main.cpp b/main.cpp >"$2")
}
make_patch 'std::puts("fast");' "$work/fast.patch"
make_patch 'this is not C++' "$work/broken.patch"
# Each run writes what it saw: its label, its round and what its binary prints.
record='echo "$LABEL $ROUND $("$APP")" >"$RESULT.txt"'
run() { STENCIL_SOURCE_DIR=$work/src BUILD_DIR=$work/build bash "$script" "$@" >"$work/log" 2>&1; }

run "$work/out" "$work/fast.patch" -- bash -c "$record" || fail "exit $? on a good patch: $(cat "$work/log")"
[ "$(tr '\n' ',' <"$work/out/runs.txt")" = "tree 1,fast 1,fast 2,tree 2," ] ||
  fail "the rounds ran as $(tr '\n' ',' <"$work/out/runs.txt"), not tree and fast, then reversed"
for expected in "tree 1 tree" "fast 1 fast" "fast 2 fast" "tree 2 tree"; do
  set -- $expected
  [ "$(cat "$work/out/$1-r$2.txt")" = "$expected" ] || fail "run $1 round $2 saw '$(cat "$work/out/$1-r$2.txt")'"
done

ROUNDS=1 run "$work/out-broken" "$work/fast.patch" "$work/broken.patch" -- bash -c "$record"
[ $? -eq 1 ] || fail "a patch whose build fails did not exit 1"
[ "$(tr '\n' ',' <"$work/out-broken/runs.txt")" = "tree 1,fast 1," ] || fail "a failed build was not left out"
grep -q "build broken: failed" "$work/out-broken/summary.txt" || fail "no line for the failed build"

ROUNDS=1 run "$work/out-failing" -- false
[ $? -eq 1 ] || fail "a failing run did not exit 1"

BUDGET_S=0 run "$work/out-spent" -- bash -c "$record" || fail "a spent budget is not an error"
[ ! -e "$work/out-spent/runs.txt" ] || fail "a round started after the budget was spent"
grep -q "not started" "$work/out-spent/summary.txt" || fail "no line for the spent budget"

BUILD_DIR=$work/nowhere bash "$script" "$work/out-x" -- true >/dev/null 2>&1
[ $? -eq 2 ] || fail "a missing build folder did not exit 2"
bash "$script" "$work/out-y" "$work/missing.patch" -- true >/dev/null 2>&1
[ $? -eq 2 ] || fail "a missing patch did not exit 2"
echo "candidate_rounds_test: passed"
