#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# scripts/pack-out.sh: a folder of logs (nested, a name with a space) becomes summary.txt and
# logs.tar.xz, and the archive restores every file byte for byte; a folder with only summary.txt
# is left as it was; a missing folder is refused.
#   bash tests/pack_out_test.sh WORK_DIR
set -uo pipefail
work=$1
script=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/scripts/pack-out.sh
rm -rf "$work" && mkdir -p "$work/out/ncu/deep" "$work/expected"
fail() { echo "pack_out_test: $*" >&2; exit 1; }

echo "summary" >"$work/out/summary.txt"
echo "step log" >"$work/out/build.log"
printf 'a,b\n1,2\n' >"$work/out/ncu/run one.csv"
head -c 4096 /dev/urandom >"$work/out/ncu/deep/binary.bin"
cp -r "$work/out/." "$work/expected/"

bash "$script" "$work/out" || fail "exit $? on a folder of logs"
[ "$(cd "$work/out" && ls -A | sort | tr '\n' ' ')" = "logs.tar.xz summary.txt " ] ||
  fail "left $(ls -A "$work/out" | tr '\n' ' ')"
mkdir "$work/restored" && tar -xJf "$work/out/logs.tar.xz" -C "$work/restored" ||
  fail "the archive does not unpack"
cp "$work/out/summary.txt" "$work/restored/"
diff -r "$work/expected" "$work/restored" >/dev/null || fail "the restored files differ"

mkdir "$work/only" && echo "summary" >"$work/only/summary.txt"
bash "$script" "$work/only" || fail "exit $? on a folder with only summary.txt"
[ "$(ls -A "$work/only")" = "summary.txt" ] || fail "a folder with only summary.txt changed"

if bash "$script" "$work/missing" 2>/dev/null; then
  fail "a missing folder was accepted"
fi
echo "pack_out_test: passed"
