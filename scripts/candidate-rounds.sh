#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The tree's driver against candidate patches in one device call: builds the tree's
# stencil_miniapp and one binary per patch (scripts/build-patched-app.sh), then runs a measurement
# on every binary, round after round, the order reversed every other round so that a drifting
# clock favours none, until ROUNDS rounds are done or BUDGET_S seconds have passed:
#   bash scripts/candidate-rounds.sh OUT_DIR [PATCH ...] -- COMMAND [ARG ...]
# COMMAND runs once per binary and round, with APP (the binary), LABEL ("tree", or the patch's
# file name without .patch), ROUND (1, 2, ...) and RESULT (OUT_DIR/LABEL-rROUND, a prefix for
# the files it writes) in its environment; its output goes to RESULT.log. For example:
#   bash scripts/candidate-rounds.sh OUT/ab cand-pipe4.patch -- \
#     bash -c 'bash scripts/temporal-grids.sh "$APP" "$RESULT.csv"'
# The binaries stay in OUT_DIR/bin. OUT_DIR/summary.txt gets each build's and each run's
# seconds and exit status; runs.txt lists the runs in the order they ran.
# Environment (defaults): BUILD_DIR (build-gpu, configured: scripts/build.sh), ROUNDS (2),
# BUDGET_S (540: no round starts later; a started one finishes).
# Exit status: 2 on bad usage or no configured build; 1 where a build or a run failed; else 0.
set -uo pipefail

usage() {  # the comment block above, from its third line
  awk 'NR > 2 && /^#/ { sub(/^# ?/, ""); print; next } NR > 2 { exit }' "${BASH_SOURCE[0]}" >&2
  exit 2
}
[ $# -ge 3 ] || usage
out=$1
shift
patches=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do
  patch=$(realpath -e "$1" 2>/dev/null) || { echo "candidate-rounds: no patch at '$1'" >&2; exit 2; }
  patches+=("$patch")
  shift
done
[ "${1:-}" = -- ] && [ $# -ge 2 ] || usage
shift
repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=$(realpath -m "${BUILD_DIR:-$repo_root/build-gpu}")
rounds=${ROUNDS:-2}
budget=${BUDGET_S:-540}
[ -f "$build/CMakeCache.txt" ] || { echo "candidate-rounds: no configured build in '$build'" >&2; exit 2; }
mkdir -p "$out/bin" || exit 2
out=$(realpath "$out")
summary=$out/summary.txt
say() { echo "$*" | tee -a "$summary"; }
status=0

start=$SECONDS
cmake --build "$build" --target stencil_miniapp >"$out/build-tree.log" 2>&1 &&
  cp "$build/stencil_miniapp" "$out/bin/tree" || { say "build tree: failed (build-tree.log)"; exit 1; }
say "build tree: $((SECONDS - start)) s"
labels=(tree)
for patch in "${patches[@]}"; do
  label=$(basename "$patch" .patch)
  start=$SECONDS
  if BUILD_DIR=$build bash "$repo_root/scripts/build-patched-app.sh" "$patch" "$out/bin/$label" \
    >"$out/build-$label.log" 2>&1; then
    say "build $label: $((SECONDS - start)) s"
    labels+=("$label")
  else
    say "build $label: failed (build-$label.log); left out of the rounds"
    status=1
  fi
done

clock=$SECONDS
for ((round = 1; round <= rounds; ++round)); do
  if [ $((SECONDS - clock)) -ge "$budget" ]; then
    say "round $round: not started, the budget of $budget s is spent"
    break
  fi
  order=("${labels[@]}")
  if ((round % 2 == 0)); then
    order=()
    for ((i = ${#labels[@]} - 1; i >= 0; --i)); do order+=("${labels[i]}"); done
  fi
  for label in "${order[@]}"; do
    result=$out/$label-r$round
    start=$SECONDS
    APP=$out/bin/$label LABEL=$label ROUND=$round RESULT=$result "$@" >"$result.log" 2>&1
    rc=$?
    [ $rc -eq 0 ] || status=1
    echo "$label $round" >>"$out/runs.txt"
    say "round $round $label: rc=$rc, $((SECONDS - start)) s"
  done
done
exit $status
