#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# scripts/study.sh and perf/study.py end to end on the CPU, at a tiny size:
#   bash perf/study_smoke_test.sh PATH/TO/stencil_miniapp
# Every backend's rows land in one CSV that perf/study.py reads: every application efficiency
# lies in (0, 1], the fastest model of each problem is at 1, and the native OpenMP model's
# ratio to the native model is 1, all by definition. Asserts no time.
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
/usr/bin/python3 - "$work/study/study.csv" <<'EOF' || exit 1
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
top = {}
for r in rows:
    top[r["problem"]] = max(top.get(r["problem"], 0.0), float(r["app_efficiency"]))
bad = [r for r in rows if not 0.0 < float(r["app_efficiency"]) <= 1.0]
bad += [r for r in rows if r["application"] == "openmp" and float(r["native_ratio"]) != 1.0]
if bad or any(v != 1.0 for v in top.values()):
    sys.exit("study smoke: efficiencies off their definition: %s %s" % (bad, top))
EOF
echo "study smoke: $(($(wc -l <"$work/rows/study.csv") - 1)) rows, study.csv and phi.csv written"
