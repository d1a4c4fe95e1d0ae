#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The run command's ratio to the in-process copy, before and after a change, in one device call:
#   bash scripts/gpu-before-after.sh BEFORE_APP AFTER_APP OUT_CSV [ROUNDS] [IMPLS]
# For every variant at its defaults (from AFTER_APP -list-shapes, those BEFORE_APP also lists),
# each implementation in IMPLS (default: every model AFTER_APP -list-models shows with CUDA memory) and N = 4096 and 16384 (1-D variants at
# N*N cells), runs the README command (100 iterations; 200 for fused shapes) with BEFORE_APP and
# AFTER_APP alternately, ROUNDS times each (default 2), the order swapped every round so that a
# drifting clock favours neither. A pair the build refuses (exit 2: no such kernel) is skipped. Writes one row per run to OUT_CSV and prints, per row of the
# table, the median ratio of each build and after ÷ before (scripts/before-after-table.py).
# SIZES="64 256" picks other N (a quick try on a CPU build with IMPLS=kokkos). VARIANTS="A B" narrows
# the table to those variants; PRECISION=fp64 runs every row in that precision (default: the
# binaries' default, fp32), for a change that touches one precision only. AFTER_ROWS=FILE also
# keeps the after build's own -csv rows in FILE (a header, then one row per run), the input
# scripts/study.sh writes, so that perf/study.py can take them.
set -uo pipefail
[ $# -ge 3 ] || { echo "usage: gpu-before-after.sh BEFORE_APP AFTER_APP OUT_CSV [ROUNDS] [IMPLS]" >&2; exit 2; }
before=$1 after=$2 out_csv=$3 rounds=${4:-2} impls=${5:-} sizes=${SIZES:-4096 16384}
repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

[ -n "$impls" ] || impls=$(bash "$repo_root/scripts/gpu-models.sh" "$after")
before_shapes=$("$before" -list-shapes | awk '{ print $1 }')
shape_table=$("$after" -list-shapes | awk -v known="$(tr '\n' ' ' <<<"$before_shapes")" \
  'BEGIN { split(known, k, " "); for (i in k) have[k[i]] = 1 } $1 !~ /:/ && ($1 in have)')
if [ -n "${VARIANTS:-}" ]; then
  shape_table=$(awk -v wanted="$VARIANTS" \
    'BEGIN { split(wanted, w, " "); for (i in w) keep[w[i]] = 1 } $1 in keep' <<<"$shape_table")
  [ -n "$shape_table" ] || { echo "gpu-before-after: no variant of '$VARIANTS' in both builds" >&2; exit 2; }
fi
precision_args=()
[ -z "${PRECISION:-}" ] || precision_args=(-precision "$PRECISION")

run_one() {  # run_one LABEL BINARY IMPL VARIANT SIZE ITERS N ROUND
  local label=$1 binary=$2 impl=$3 v=$4 size=$5 iters=$6 n=$7 round=$8
  "$binary" -impl "$impl" -variant "$v" -n "$size" -iters "$iters" "${precision_args[@]}" -csv \
    --no-progress >"$scratch/run.csv" 2>"$scratch/run.err"
  case $? in
    0) ;;
    2) echo "gpu-before-after: skipped $label $impl $v: $(head -n 1 "$scratch/run.err")" >&2; return 0 ;;
    *) echo "gpu-before-after: $label $impl $v -n $size failed: $(head -n 1 "$scratch/run.err")" >&2; return 1 ;;
  esac
  if [ -n "${AFTER_ROWS:-}" ] && [ "$label" = after ]; then
    [ -s "$AFTER_ROWS" ] || head -n 1 "$scratch/run.csv" >"$AFTER_ROWS"
    tail -n 1 "$scratch/run.csv" >>"$AFTER_ROWS"
  fi
  /usr/bin/env python3 - "$label" "$impl" "$v" "$n" "$round" "$scratch/run.csv" <<'PY'
import csv, sys
label, impl, v, n, rnd, path = sys.argv[1:]
row = list(csv.DictReader(open(path)))[-1]
print(",".join([label, impl, v, n, rnd, row["gcells_per_s"], row["copy_gb_per_s"], row["ratio_to_copy"]]))
PY
}

echo "build,impl,variant,n,round,gcells_per_s,copy_gb_per_s,ratio_to_copy" >"$out_csv"
failures=0
while read -r v dimensions per_step; do
  [ -n "$v" ] || continue
  iters=100
  [ "$per_step" -gt 1 ] && iters=200
  for impl in $impls; do
    for n in $sizes; do
      size=$n
      [ "$dimensions" -eq 1 ] && size=$((n * n))
      for round in $(seq 1 "$rounds"); do
        if [ $((round % 2)) -eq 1 ]; then order="before after"; else order="after before"; fi
        for label in $order; do
          binary=$before
          [ "$label" = after ] && binary=$after
          run_one "$label" "$binary" "$impl" "$v" "$size" "$iters" "$n" "$round" >>"$out_csv" ||
            failures=$((failures + 1))
        done
      done
    done
  done
done <<<"$shape_table"
/usr/bin/env python3 "$repo_root/scripts/before-after-table.py" "$out_csv"
echo "runs failed: $failures"
[ "$failures" -eq 0 ]
