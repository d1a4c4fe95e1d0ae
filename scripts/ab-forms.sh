#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# A/B of candidate kernel forms in one process tree: every form is checked bit for bit first, then
# all forms run interleaved, round after round, so that drift on the machine hits each alike.
#
#   BUILD_DIR=build-gpu bash scripts/ab-forms.sh FORMS_FILE OUTDIR
#
# FORMS_FILE has one form per line (blank lines and lines starting with # are skipped):
#   LABEL | ENV | ARGS [| REFERENCE]
# LABEL names the form; ENV is what the form's run gets in its environment (e.g. AB_KDB=1, the
# switch of a scratch patch applied before the build; `-` for nothing), where APP=PATH runs another
# build's stencil_miniapp (a form chosen at compile time); ARGS are stencil_miniapp's
# arguments that pick the kernel (e.g. -impl kokkos -variant doublebuf); REFERENCE, where given,
# is the label whose median the summary divides this form's by (e.g. native CUDA's twin).
# Each form is first run with -verify at VERIFY_SIZES in every precision (verify.txt; a form that
# is not bit-identical is reported and left out of the rounds), then ROUNDS times at every size
# and precision with -csv (runs.csv: the label and round, then the app's -csv row).
# summary.txt: per precision, N and form, the median Gcell/s and ratio_to_copy, every round's
# Gcell/s, and the ratio to the reference's median.
# Environment (defaults): BUILD_DIR (build-gpu), ROUNDS (2), ITERS (100), SIZES ("4096 16384"),
# PRECISIONS ("fp64 fp32"), VERIFY_SIZES ("3 257 1031"), VERIFY_ITERS (7).
set -euo pipefail

usage() { sed -n '3,23p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2; }
[ $# -eq 2 ] || { usage; exit 2; }
forms_file=$1
out_dir=$2
build_dir=${BUILD_DIR:-build-gpu}
rounds=${ROUNDS:-2}
iters=${ITERS:-100}
sizes=${SIZES:-4096 16384}
precisions=${PRECISIONS:-fp64 fp32}
verify_sizes=${VERIFY_SIZES:-3 257 1031}
verify_iters=${VERIFY_ITERS:-7}
app=$build_dir/stencil_miniapp
[ -x "$app" ] || { echo "ab-forms: no $app (set BUILD_DIR)" >&2; exit 2; }
[ -r "$forms_file" ] || { echo "ab-forms: cannot read the forms file '$forms_file'" >&2; exit 2; }

labels=() envs=() args=() refs=()
while IFS= read -r line || [ -n "$line" ]; do
  [[ $line =~ ^[[:space:]]*(#|$) ]] && continue
  IFS='|' read -r label env arg ref <<<"$line"
  label=$(echo "$label" | xargs) env=$(echo "$env" | xargs) arg=$(echo "$arg" | xargs)
  ref=$(echo "${ref:-}" | xargs)
  [ -n "$label" ] && [ -n "$arg" ] ||
    { echo "ab-forms: '$line' is not LABEL | ENV | ARGS [| REFERENCE]" >&2; exit 2; }
  labels+=("$label") envs+=("$env") args+=("$arg") refs+=("$ref")
done <"$forms_file"
[ ${#labels[@]} -gt 0 ] || { echo "ab-forms: '$forms_file' names no form" >&2; exit 2; }

mkdir -p "$out_dir"
# run_form INDEX ARGS...: the form's kernel with its environment and the given arguments.
run_form() {
  local i=$1; shift
  local words=() env_words=() form_app=$app word
  # shellcheck disable=SC2206  # ENV and ARGS are word lists by design
  [ "${envs[$i]}" = - ] || [ -z "${envs[$i]}" ] || words=(${envs[$i]})
  for word in "${words[@]}"; do
    if [[ $word == APP=* ]]; then form_app=${word#APP=}; else env_words+=("$word"); fi
  done
  # shellcheck disable=SC2206
  local form_args=(${args[$i]})
  env "${env_words[@]}" "$form_app" "${form_args[@]}" "$@" --no-progress
}

: >"$out_dir/verify.txt"
bad=" "
for i in "${!labels[@]}"; do
  for n in $verify_sizes; do
    for precision in $precisions; do
      if result=$(run_form "$i" -n "$n" -iters "$verify_iters" -precision "$precision" -verify 2>&1) &&
        grep -q "PASSED" <<<"$result"; then
        echo "${labels[$i]} n=$n $precision: bit-identical" >>"$out_dir/verify.txt"
      else
        echo "${labels[$i]} n=$n $precision: NOT bit-identical or failed" >>"$out_dir/verify.txt"
        bad="$bad$i "
      fi
    done
  done
done

runs=$out_dir/runs.csv
"$app" -n 8 -iters 1 -csv --no-progress | head -n 1 | sed 's/^/label,round,/' >"$runs"
for round in $(seq 1 "$rounds"); do
  for precision in $precisions; do
    for n in $sizes; do
      for i in "${!labels[@]}"; do
        [[ $bad == *" $i "* ]] && continue
        run_form "$i" -n "$n" -iters "$iters" -precision "$precision" -csv | tail -n 1 |
          sed "s/^/${labels[$i]},$round,/" >>"$runs"
      done
    done
  done
done

refs_arg=$(for i in "${!labels[@]}"; do printf '%s=%s\n' "${labels[$i]}" "${refs[$i]}"; done)
/usr/bin/env python3 - "$runs" "$refs_arg" <<'PY' | tee "$out_dir/summary.txt"
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1])))
reference = dict(line.split("=", 1) for line in sys.argv[2].splitlines() if line)
groups = {}
for row in rows:
    key = (row["precision"], int(row["n"]), row["label"])
    groups.setdefault(key, []).append(row)
medians = {key: statistics.median(float(r["gcells_per_s"]) for r in rs) for key, rs in groups.items()}
print(f"{'precision':9} {'n':>6} {'form':16} {'Gcell/s':>9} {'÷ copy':>7} {'÷ reference':>24}  rounds")
for (precision, n, label), rs in sorted(groups.items()):
    rate = medians[(precision, n, label)]
    to_copy = statistics.median(float(r["ratio_to_copy"]) for r in rs)
    ref = reference.get(label, "")
    ref_rate = medians.get((precision, n, ref))
    to_ref = f"{rate / ref_rate:.3f} ({ref})" if ref and ref_rate else "-"
    rounds = " ".join(f"{float(r['gcells_per_s']):.1f}" for r in rs)
    print(f"{precision:9} {n:>6} {label:16} {rate:>9.1f} {to_copy:>7.3f} {to_ref:>24}  {rounds}")
PY
if [ "$bad" != " " ]; then
  echo "ab-forms: some forms were not bit-identical and were left out (verify.txt)" >&2
  exit 1
fi
