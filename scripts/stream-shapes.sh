#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Sweep of the stream kernel's compiled shapes on the GPU machine:
#   bash scripts/stream-shapes.sh [BUILD_DIR] [OUT_CSV] [SHAPES...]
# The shapes are experiments and live in stencil_stream_ab (perf/stream_ab/stream_shapes.cuh), not
# in the mini-app, which runs only the default (shape 6). For every shape and N in $STREAM_SIZES
# (default "4096 16384"), stencil_stream_ab --shapes times 200 iterations as the run command does,
# against the in-process device-to-device copy. For the default shape, -profile sectors of the
# mini-app (20 launches) adds the sectors over the ideal of one 4-byte read and one write per cell,
# the grid and the registers; other shapes show "-" there. Writes one CSV row per shape and size.
set -euo pipefail

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$repo_root/build-gpu}
out_csv=${2:-stream-shapes.csv}
shift $(($# < 2 ? $# : 2))
shapes=("$@")
app=$build/stencil_miniapp
default_shape=6

# The last CSV row's named field of a -csv run.
field() { # field CSV_TEXT NAME
  python3 -c 'import csv,io,sys; rows=list(csv.DictReader(io.StringIO(sys.argv[1]))); print(rows[-1][sys.argv[2]])' "$1" "$2"
}

echo "shape,n,iterations,gcells,ratio_to_copy,copy_gb_per_s,sectors_per_ideal,grid,registers" >"$out_csv"
"$build/stencil_stream_ab" --shapes "${shapes[@]}" | tail -n +2 | while IFS=, read -r shape n iterations gcells ratio copy; do
  sectors="-,-,-"
  if [ "$shape" -eq "$default_shape" ]; then
    profile=$("$app" -profile sectors -impl cuda -variant stream -n "$n" -iters 20 -csv --no-progress)
    sectors="$(field "$profile" ratio_to_ideal),$(field "$profile" grid),$(field "$profile" registers_per_thread)"
  fi
  echo "$shape,$n,$iterations,$gcells,$ratio,$copy,$sectors" | tee -a "$out_csv"
done
