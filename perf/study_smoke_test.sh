#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# scripts/study.sh and perf/study.py end to end on the CPU, at a tiny size:
#   bash perf/study_smoke_test.sh PATH/TO/stencil_miniapp
# Every backend's rows land in one CSV that perf/study.py reads: every application efficiency
# lies in (0, 1], the fastest model of each problem is at 1, and the native OpenMP model's
# ratio to the native model is 1, all by definition. Every variant runs in fp32; naive alone in
# fp64 as well, so that the precision axis is covered at the cost of a few rows. Asserts no time.
set -euo pipefail

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export STUDY_BINARIES=$1 STUDY_DEVICE=cpu STUDY_SIZES=64 STUDY_ITERS=8 STUDY_FUSE=2
STUDY_PRECISIONS=fp32 bash "$repo_root/scripts/study.sh" "$work/fp32"
STUDY_PRECISIONS=fp64 STUDY_VARIANTS=naive bash "$repo_root/scripts/study.sh" "$work/fp64"
# One platform's file, as study.py reads it: each run's rows under their own header.
cat "$work/fp32/study.csv" "$work/fp64/study.csv" >"$work/rows.csv"
/usr/bin/python3 "$repo_root/perf/study.py" --out "$work/study" --plot-classes naive \
  "cpu:host=$work/rows.csv"
for precision in fp32 fp64; do
  grep -q "^naive $precision N=64,host,openmp," "$work/study/study.csv" ||
    { echo "study smoke: no openmp naive $precision row in study.csv"; exit 1; }
done
/usr/bin/python3 - "$work/study/study.csv" "$work/fp32/study.csv" "$work/fp64/study.csv" \
  <<'PY' || exit 1
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
top = {}
for r in rows:
    top[r["problem"]] = max(top.get(r["problem"], 0.0), float(r["app_efficiency"]))
bad = [r for r in rows if not 0.0 < float(r["app_efficiency"]) <= 1.0]
bad += [r for r in rows if r["application"] == "openmp" and float(r["native_ratio"]) != 1.0]
if bad or any(v != 1.0 for v in top.values()):
    sys.exit("study smoke: efficiencies off their definition: %s %s" % (bad, top))
# -precision reached every run: each row's precision column names it.
for path, precision in ((sys.argv[2], "fp32"), (sys.argv[3], "fp64")):
    runs = [r for r in csv.DictReader(open(path)) if r["schema_version"] != "schema_version"]
    if not runs or any(r.get("precision") != precision for r in runs):
        sys.exit("study smoke: %s: rows not all %s" % (path, precision))
# Every model's fused rows ran the one depth asked (STUDY_FUSE), not its own default.
fused = [r for r in csv.DictReader(open(sys.argv[2]))
         if r["schema_version"] != "schema_version" and r["variant"] == "temporal"]
if not fused or any(r["fuse"] != "2" for r in fused):
    sys.exit("study smoke: temporal rows not all at STUDY_FUSE=2: %s"
             % [(r["implementation"], r["fuse"]) for r in fused])
PY
echo "study smoke: $(grep -vc '^schema_version' "$work/rows.csv") rows (fp32, and naive in fp64)," \
  "study.csv and phi.csv written"
