#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# scripts/temporal-balance.sh's arithmetic, with stand-ins for the mini-app (a run of 0.002 s) and
# for ncu (two warm-up launches, then ten timed passes of 100,000 ns, SMs active 300 / 200 / 100
# cycles of 400): the expected row is worked out by hand below, with the time in ncu's two
# spellings of nanoseconds and in microseconds.
#   bash tests/temporal_balance_test.sh WORK_DIR
set -uo pipefail
work=$1
script=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/scripts/temporal-balance.sh
rm -rf "$work" && mkdir -p "$work/bin"
fail() { echo "temporal_balance_test: $*" >&2; exit 1; }

cat >"$work/app" <<'APP'
#!/usr/bin/env bash
echo "variant,seconds,gcells_per_s"
echo "temporal,0.002,1.0"
APP
cat >"$work/bin/ncu" <<'NCU'
#!/usr/bin/env bash
echo "==PROF== Connected to process 1"
echo '"ID","Kernel Name","gpu__time_duration.sum","launch__grid_size","launch__waves_per_multiprocessor","sm__cycles_active.avg","sm__cycles_active.max","sm__cycles_active.min","sm__cycles_elapsed.max"'
echo "\"\",\"\",\"$NCU_TIME_UNIT\",\"\",\"\",\"cycle\",\"cycle\",\"cycle\",\"cycle\""
for i in 1 2; do echo "\"$i\",\"warm-up\",\"9,000,000\",\"7\",\"0.5\",\"1\",\"9,000\",\"1\",\"9,000\""; done
for i in 3 4 5 6 7 8 9 10 11 12; do
  echo "\"$i\",\"pass\",\"$NCU_TIME\",\"1,264\",\"1\",\"200\",\"300\",\"100\",\"400\""
done
NCU
chmod +x "$work/app" "$work/bin/ncu"

# 64^2 cells x 160 steps = 655,360 updates: 0.002 s of wall time is 0.33 Gcell/s; ten passes of
# 0.1 ms, 0.66 Gcell/s and half the wall time.
expected="64,fp32,10,0.3,0.7,0.500,1.500,0.500,0.500,1264,1"
for unit in "ns 100,000" "nsecond 100000" "usecond 100"; do
  rm -rf "$work/out"
  PATH=$work/bin:$PATH NCU_TIME_UNIT=${unit% *} NCU_TIME=${unit#* } TEMPORAL_BALANCE_SIZES=64 \
    TEMPORAL_BALANCE_PRECISIONS=fp32 bash "$script" "$work/app" "$work/out" >"$work/log.txt" 2>&1 ||
    fail "exit $? with ncu's unit '${unit% *}' ($(tail -n 2 "$work/log.txt"))"
  got=$(tail -n 1 "$work/out/balance.csv")
  [ "$got" = "$expected" ] || fail "unit '${unit% *}': expected $expected, got $got"
done
echo "temporal_balance_test: passed"
