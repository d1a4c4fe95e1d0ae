#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The study's run-command rows on this machine, for perf/study.py:
#   bash scripts/study.sh OUT_DIR
# For every binary in STUDY_BINARIES, every backend its -list-models shows on this machine's
# device (memory kind cuda on a GPU, host on a CPU) and every variant that backend has, one run
# per size and precision, the precisions of one size back to back:
# `-impl MODEL [-space SPACE] -variant V [-fuse K] -n N -precision P -iters I -csv` (1-D variants
# at N*N cells). Writes OUT_DIR/study.csv (the mini-app's CSV header, then one row per run; the header
# again wherever a binary's differs) and OUT_DIR/study.log (each run's stderr, and a note for
# every row left out).
#   STUDY_BINARIES  commands that run a stencil_miniapp, separated by ';' (default
#                   build/stencil_miniapp), e.g. for the packed directive builds on the GPU:
#                   "build/stencil_miniapp; bash .carry/directive/run-gpu.sh openacc stencil_miniapp"
#   STUDY_DEVICE    gpu or cpu (default gpu where nvidia-smi lists a GPU, else cpu)
#   STUDY_SIZES     N values (default "4096 16384" on a GPU, 2048 on a CPU)
#   STUDY_PRECISIONS  precisions, fp32 and/or fp64 (default "fp32 fp64"): a problem axis of the
#                   study, each row held only to rows of its own precision (perf/study.py)
#   STUDY_VARIANTS  variants to run (default: every variant each backend has), e.g. "naive"
#   STUDY_MODELS    models to run (default: every model each binary lists), e.g. "openmp stdpar"
#                   to finish a host study whose Kokkos rows ran in an earlier call
#   STUDY_ITERS     iterations per run (default 200 on a GPU, 100 on a CPU)
#   STUDY_FUSE      iterations per pass of the fused variants (default 8): one depth for every
#                   model, since the depth is part of temporal's contract (the traffic per
#                   iteration); a model's deeper default (native CUDA's 16) is not held to the
#                   others' 8 (docs/design.md, "Kernel contracts")
#   STUDY_BUDGET_S  seconds for the whole script; rows that would start later are left out with
#                   a note (default 1800)
#   STUDY_ROW_TIMEOUT_S  seconds one run may take before it is stopped and noted (default 300)
# Then: perf/study.py --out DIR gpu:H200=H200_DIR/study.csv cpu:CPU=CPU_DIR/study.csv
set -uo pipefail

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${1:-}
if [ -z "$out" ] || [ $# -gt 1 ]; then
  echo "study: usage: scripts/study.sh OUT_DIR (settings in the environment: see the script)" >&2
  exit 2
fi
cd "$repo_root" || exit 1
device=${STUDY_DEVICE:-}
if [ -z "$device" ]; then
  device=cpu
  nvidia-smi -L 2>/dev/null | grep -q '^GPU ' && device=gpu
fi
case $device in
  gpu) memory=cuda default_sizes="4096 16384" default_iters=200 ;;
  cpu) memory=host default_sizes=2048 default_iters=100 ;;
  *)
    echo "study: STUDY_DEVICE is gpu or cpu (not '$device')" >&2
    exit 2
    ;;
esac
sizes=${STUDY_SIZES:-$default_sizes}
precisions=${STUDY_PRECISIONS:-fp32 fp64}
chosen_variants=${STUDY_VARIANTS:-}
chosen_models=${STUDY_MODELS:-}
iters=${STUDY_ITERS:-$default_iters}
fuse=${STUDY_FUSE:-8}
budget=${STUDY_BUDGET_S:-1800}
row_timeout=${STUDY_ROW_TIMEOUT_S:-300}
for number in $sizes $iters $fuse $budget $row_timeout; do
  [[ $number =~ ^[1-9][0-9]*$ ]] || {
    echo "study: sizes, iterations and seconds are positive integers (not '$number')" >&2
    exit 2
  }
done
for precision in $precisions; do
  case $precision in
    fp32 | fp64) ;;
    *)
      echo "study: a precision is fp32 or fp64 (not '$precision')" >&2
      exit 2
      ;;
  esac
done
for variant in $chosen_variants; do
  [[ $variant =~ ^[a-z0-9_]+$ ]] || {
    echo "study: STUDY_VARIANTS names variants, as -list shows them (not '$variant')" >&2
    exit 2
  }
done
for model in $chosen_models; do
  [[ $model =~ ^[a-z0-9_]+$ ]] || {
    echo "study: STUDY_MODELS names models, as -list-models shows them (not '$model')" >&2
    exit 2
  }
done

mkdir -p "$out" || exit 1
csv=$out/study.csv
log=$out/study.log
: >"$csv.partial"
: >"$log"
note() { echo "study: $*" | tee -a "$log" >&2; }
start=$SECONDS
rows=0
skipped=0
header=""
IFS=';' read -ra binaries <<<"${STUDY_BINARIES:-build/stencil_miniapp}"
for binary in "${binaries[@]}"; do
  read -ra app <<<"$binary"
  [ ${#app[@]} -gt 0 ] || continue
  if ! models=$("${app[@]}" -list-models 2>>"$log"); then
    note "'$binary' does not run (-list-models failed): its rows are left out"
    skipped=$((skipped + 1))
    continue
  fi
  # The 1-D variants, from -list's variants section ("  naive1d  1-D  ...").
  one_d=" $("${app[@]}" -list 2>/dev/null | awk '/^variants:/ { on = 1; next }
    /^[^ ]/ { on = 0 } on && $2 == "1-D" { printf "%s ", $1 }')"
  # The fused variants, from -list-shapes' rows ("temporal:-fuse=8 2 8").
  fused=" $("${app[@]}" -list-shapes 2>/dev/null | awk -F '[: ]' '$2 ~ /^-fuse=/ && !seen[$1]++ {
    printf "%s ", $1 }')"
  while read -r backend model space kind variants; do
    [ "$kind" = "$memory" ] || continue
    [ -z "$chosen_models" ] || [[ " $chosen_models " == *" $model "* ]] || continue
    space_args=()
    [ "$space" = - ] || space_args=(-space "$space")
    for variant in $variants; do
      [ -z "$chosen_variants" ] || [[ " $chosen_variants " == *" $variant "* ]] || continue
      for n in $sizes; do
        cells=$n
        [[ $one_d == *" $variant "* ]] && cells=$((n * n))
        shape_args=()
        [[ $fused == *" $variant "* ]] && shape_args=(-fuse "$fuse")
        for precision in $precisions; do
          if [ $((SECONDS - start)) -ge "$budget" ]; then
            note "over the ${budget} s budget: $backend $variant $precision N=$n left out"
            skipped=$((skipped + 1))
            continue
          fi
          result=$(timeout "$row_timeout" "${app[@]}" -impl "$model" "${space_args[@]}" \
            -variant "$variant" "${shape_args[@]}" -n "$cells" -precision "$precision" -iters "$iters" -csv \
            -no-progress 2>"$out/run.err")
          rc=$?
          cat "$out/run.err" >>"$log"
          if [ "$rc" -ne 0 ]; then
            why="exit $rc: $(tail -n 1 "$out/run.err")"
            [ "$rc" -eq 124 ] && why="stopped after ${row_timeout} s"
            note "$backend $variant $precision N=$n left out ($why)"
            skipped=$((skipped + 1))
            continue
          fi
          # perf/study.py reads each row under the header above it.
          if [ "$(echo "$result" | head -n 1)" != "$header" ]; then
            header=$(echo "$result" | head -n 1)
            echo "$header" >>"$csv.partial"
          fi
          echo "$result" | tail -n 1 >>"$csv.partial"
          rows=$((rows + 1))
        done
      done
    done
  done <<<"$models"
done
rm -f "$out/run.err"
mv "$csv.partial" "$csv"
echo "study: $rows rows on the $device in $((SECONDS - start)) s into $csv; $skipped left out" \
  "(notes in $log)"
if [ "$rows" -eq 0 ] && [ -n "$chosen_models" ]; then
  echo "study: no rows: is each of STUDY_MODELS ('$chosen_models') a model a binary lists with" \
    "$memory memory (-list-models)?" >&2
fi
[ "$rows" -gt 0 ]
