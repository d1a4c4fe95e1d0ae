#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# scripts/study.sh and perf/study.py end to end on the CPU, at a tiny size:
#   bash perf/study_smoke_test.sh PATH/TO/stencil_miniapp
# Every backend's rows land in one CSV that perf/study.py reads, and the native OpenMP model's
# application efficiency on its own platform is 1 by definition. Asserts no time.
set -euo pipefail

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
STUDY_BINARIES=$1 STUDY_DEVICE=cpu STUDY_SIZES=64 STUDY_ITERS=8 \
  bash "$repo_root/scripts/study.sh" "$work/rows"
/usr/bin/python3 "$repo_root/perf/study.py" --out "$work/study" --plot-classes naive \
  "cpu:host=$work/rows/study.csv"
grep -q '^naive N=64,host,openmp,' "$work/study/study.csv" ||
  { echo "study smoke: no openmp naive row in study.csv"; exit 1; }
grep -q '^openmp,naive,host,1.0000,' "$work/study/phi.csv" ||
  { echo "study smoke: openmp's Φ on its own platform is not 1:"; cat "$work/study/phi.csv"; exit 1; }
echo "study smoke: $(($(wc -l <"$work/rows/study.csv") - 1)) rows, study.csv and phi.csv written"
