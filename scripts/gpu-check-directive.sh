#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The directive models' part of the GPU check, on the GPU machine, from packed builds
# (scripts/pack-model.sh, carried in .carry/directive/):
#   bash scripts/gpu-check-directive.sh OUT_DIR
# For every packed build (openacc, omptarget, omptarget-gcc):
#   1. the GPU suite (every variant of the model, -space gpu, vs the reference, bit for bit), the
#      loop-shape suite (every compiled STENCIL_LOOP_SHAPE, bit for bit) and the sector test
#      (-profile sectors on naive against the native naive kernel's derivation);
#   2. the README run command for each of the model's variants at N = 4096 and 16384 (1-D at
#      N*N cells), at 100 and 400 iterations (the steady-state rate is the difference of the
#      two), each with its in-process copy reference; verified at N = 4096. In the default loop
#      shape, or in every one with GPU_CHECK_DIRECTIVE_SHAPES=all.
# Writes directive-<name>-*.log and directive-runs.csv into OUT_DIR and prints a summary;
# exits 1 when a suite or run failed, 0 when all passed or nothing is packed.
set -uo pipefail

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${1:-${OUT:-$repo_root/gpu-check-out}}
carry=$repo_root/.carry/directive
mkdir -p "$out"
run=$carry/run-gpu.sh
[ -x "$run" ] || run="bash $carry/run-gpu.sh"
names=$(cd "$carry" 2>/dev/null && ls ./*.tar.xz 2>/dev/null | sed 's|^\./||; s|\.tar\.xz$||')
if [ -z "$names" ]; then
  echo "directive models: none packed in .carry/directive (scripts/pack-model.sh)"
  exit 0
fi

# A gtest log's counts, then the name of each failed test (its list at the end of the log).
suite_result() {
  grep -E '^\[  (PASSED|FAILED|SKIPPED) +\] [0-9]+ tests?[,. ]' "$1" | tr '\n' ' '
  grep -E '^\[  FAILED  \] [A-Za-z_]' "$1" | sed 's/^\[  FAILED  \] \([^ ,]*\).*/\1/' | sort -u |
    sed 's/^/failed: /' | tr '\n' ' '
}

failures=0
csv=$out/directive-runs.csv
echo "build,impl,variant,loop_shape,n,cells,gcells_per_s_100,gcells_per_s_400,steady_gcells_per_s,copy_gb_per_s,ratio_to_copy,verification,execution_space" >"$csv"
for name in $names; do
  model=${name%-gcc}
  echo "directive build $name: $($run "$name" sh -c 'cat "$STENCIL_DIRECTIVE_ROOT/MANIFEST"' 2>&1 | tr '\n' ';')"
  $run "$name" stencil_gpu_tests --gtest_filter="*${model}_gpu*" >"$out/directive-$name-gpu-suite.log" 2>&1
  rc=$?
  echo "  GPU suite          rc=$rc  $(suite_result "$out/directive-$name-gpu-suite.log")"
  [ "$rc" -eq 0 ] || failures=$((failures + 1))
  # On a GPU machine the suite must have found the model's gpu space (an empty filter passes).
  if command -v nvidia-smi >/dev/null 2>&1 && grep -q '^\[  PASSED  \] 0 tests' "$out/directive-$name-gpu-suite.log"; then
    echo "  GPU suite ran no ${model}_gpu case: the model found no GPU (see the log)"
    failures=$((failures + 1))
  fi
  STENCIL_TEST_SPACE=gpu $run "$name" "stencil_${model}_loop_shape_tests" \
    >"$out/directive-$name-loop-shapes.log" 2>&1
  rc=$?
  echo "  loop-shape suite   rc=$rc  $(suite_result "$out/directive-$name-loop-shapes.log")"
  [ "$rc" -eq 0 ] || failures=$((failures + 1))

  $run "$name" "stencil_${model}_sector_tests" >"$out/directive-$name-sectors.log" 2>&1
  rc=$?
  echo "  sector test        rc=$rc  $(suite_result "$out/directive-$name-sectors.log")$(grep -h '^\[ sectors' "$out/directive-$name-sectors.log")"
  [ "$rc" -eq 0 ] || failures=$((failures + 1))

  # Every variant -list shows that the model has a kernel for, in each of its loop shapes: an
  # unknown STENCIL_LOOP_SHAPE makes the binary name them.
  variants=$($run "$name" stencil_miniapp -list | sed -n '/^variants:/,/^[a-z]/{s/^  \([a-z0-9_]*\) .*/\1/p}')
  for variant in $variants; do
    refusal=$(STENCIL_LOOP_SHAPE='?' $run "$name" stencil_miniapp -impl "$model" -space gpu \
      -variant "$variant" -n 64 -iters 8 2>&1 >/dev/null)
    shapes=$(echo "$refusal" | sed -n 's/.*has the loop shapes //p' | tr -d ',')
    [ -n "$shapes" ] || continue  # no kernel for this variant (or no GPU: the suites said so)
    [ "${GPU_CHECK_DIRECTIVE_SHAPES:-default}" = all ] || shapes=${shapes%% *}
    for shape in $shapes; do
      for n in 4096 16384; do
        cells=$n
        case $variant in *1d) cells=$((n * n)) ;; esac
        verify=()
        [ "$n" -eq 4096 ] && verify=(-verify)
        rows=()
        for iters in 100 400; do
          STENCIL_LOOP_SHAPE=$shape $run "$name" stencil_miniapp -impl "$model" -space gpu \
            -variant "$variant" -n "$cells" -iters "$iters" -csv -no-progress "${verify[@]}" \
            >"$out/directive-run.csv" 2>>"$out/directive-$name-runs.log" || {
            # A FAILED verification is a CSV row on stdout: keep it with the command.
            rc=$?
            {
              echo "exit $rc: $variant $shape N=$cells, $iters iterations ${verify[*]}"
              cat "$out/directive-run.csv"
            } >>"$out/directive-$name-runs.log"
            echo "  run failed (exit $rc): $variant $shape N=$cells, $iters iterations ${verify[*]}" \
              "($(grep -o 'FAILED[^,"]*' "$out/directive-run.csv" | head -n 1))"
            failures=$((failures + 1))
            continue 2
          }
          rows+=("$(tail -n 1 "$out/directive-run.csv")")
          verify=()
        done
        python3 - "$name" "$model" "$variant" "$shape" "$n" "$cells" "$out/directive-run.csv" \
          "${rows[0]}" "${rows[1]}" >>"$csv" <<'PY'
import csv, io, sys
name, model, variant, shape, n, cells, path, first, second = sys.argv[1:]
header = open(path).readline()
a = next(csv.DictReader(io.StringIO(header + first + "\n")))
b = next(csv.DictReader(io.StringIO(header + second + "\n")))
steady = (400 - 100) * float(cells) * (1 if "1d" in variant else float(cells)) / (
    float(b["seconds"]) - float(a["seconds"])) / 1e9
print(",".join([name, model, variant, shape, n, cells, a["gcells_per_s"], b["gcells_per_s"],
                f"{steady:.3f}", b["copy_gb_per_s"], b["ratio_to_copy"], a["verification"],
                '"' + b["execution_space"] + '"']))
PY
      done
    done
  done
done
rm -f "$out/directive-run.csv"
echo "directive run commands (Gcell/s at 100 and 400 iterations and their steady-state difference):"
column -s, -t <"$csv" 2>/dev/null || cat "$csv"
[ "$failures" -eq 0 ]
