#!/usr/bin/env bash
# Sweep of the stream kernel's compiled shapes (src/cuda/stream.cu) on the GPU machine:
#   bash scripts/stream-shapes.sh [BUILD_DIR] [OUT_CSV] [SHAPES...]
# For every shape (STENCIL_STREAM_SHAPE) and N in $STREAM_SIZES (default "4096 16384"): the run
# command (200 iterations, ratio to the in-process device-to-device copy) and -profile sectors
# (20 launches, sectors over the ideal of one 4-byte read and one write per cell). Writes one CSV
# row per shape and size. Shapes default to every compiled one.
set -euo pipefail

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$repo_root/build-gpu}
out_csv=${2:-stream-shapes.csv}
shift $(($# < 2 ? $# : 2))
shapes=("$@")
[ ${#shapes[@]} -gt 0 ] || shapes=(0 1 2 3 4 5 6 7 8 9 10)
app=$build/stencil_miniapp

# The last CSV row's named field of a -csv run.
field() { # field CSV_TEXT NAME
  python3 -c 'import csv,io,sys; rows=list(csv.DictReader(io.StringIO(sys.argv[1]))); print(rows[-1][sys.argv[2]])' "$1" "$2"
}

echo "shape,n,iterations,gcells,ratio_to_copy,copy_gb_per_s,sectors_per_ideal,grid,registers" >"$out_csv"
for shape in "${shapes[@]}"; do
  for n in ${STREAM_SIZES:-4096 16384}; do
    run=$(STENCIL_STREAM_SHAPE=$shape "$app" -impl cuda -variant stream -n "$n" -iters 200 -csv --no-progress)
    profile=$(STENCIL_STREAM_SHAPE=$shape "$app" -profile sectors -impl cuda -variant stream -n "$n" -iters 20 -csv --no-progress)
    line="$shape,$n,200,$(field "$run" gcells_per_s),$(field "$run" ratio_to_copy),$(field "$run" copy_gb_per_s)"
    line="$line,$(field "$profile" ratio_to_ideal),$(field "$profile" grid),$(field "$profile" registers_per_thread)"
    echo "$line" | tee -a "$out_csv"
  done
done
