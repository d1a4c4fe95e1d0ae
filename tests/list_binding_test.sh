#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# With neither OMP_PROC_BIND nor OMP_PLACES set, -list's native OpenMP line reports the binding
# that a run then reports it set (spread), not the runtime's unbound default.
#   tests/list_binding_test.sh MINIAPP
set -euo pipefail
miniapp=$1
list=$(env -u OMP_PROC_BIND -u OMP_PLACES OMP_NUM_THREADS=2 "$miniapp" -list)
run=$(env -u OMP_PROC_BIND -u OMP_PLACES OMP_NUM_THREADS=2 "$miniapp" -impl openmp -variant naive \
  -n 32 -iters 1)
line=$(grep -A1 '^openmp device:' <<<"$list" | tail -n 1)
binding=$(grep 'thread binding' <<<"$run" || true)
echo "-list: $line"
echo "run  : $binding"
grep -q 'proc_bind spread' <<<"$line" || { echo "FAIL: -list does not report spread"; exit 1; }
grep -q 'OMP_PROC_BIND=spread' <<<"$binding" || { echo "FAIL: the run does not report spread"; exit 1; }
