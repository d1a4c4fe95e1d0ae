#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The -impl openmp figures of docs/performance.md: each row is the run command on 2 threads
# (OMP_PROC_BIND=spread OMP_PLACES=threads), stencil/copy in the same process, repeated and
# reduced to the best ratio (a shared machine only ever slows a run down). 2-D at N = 4096;
# 1-D at N = 4096² cells, the same bytes (at N = 4096 cells a 1-D grid is 16 KiB and measures
# the fork/join of a parallel region, not the stencil). Kokkos-OpenMP rows for every variant.
#
#   bash scripts/openmp-cpu-figures.sh [--build-dir build] [--repeats 3] [--iters 100]
set -euo pipefail

build_dir=build
repeats=3
iters=96  # a multiple of every -fuse depth
while [ $# -gt 0 ]; do
  case "$1" in
    --build-dir) build_dir=$2; shift 2 ;;
    --repeats) repeats=$2; shift 2 ;;
    --iters) iters=$2; shift 2 ;;
    *) echo "openmp-cpu-figures: unknown option '$1'" >&2; exit 2 ;;
  esac
done
app=$build_dir/stencil_miniapp
[ -x "$app" ] || { echo "openmp-cpu-figures: no $app (build first)" >&2; exit 2; }
export OMP_NUM_THREADS=2 OMP_PROC_BIND=spread OMP_PLACES=threads

# impl variant n extra-args...
rows=(
  "openmp naive 4096"
  "openmp tiled 4096"
  "openmp temporal 4096 -fuse 1"
  "openmp temporal 4096 -fuse 2"
  "openmp temporal 4096 -fuse 4"
  "openmp temporal 4096 -fuse 8"
  "openmp naive1d 16777216"
  "openmp halo1d 16777216"
  "kokkos naive 4096 -space openmp"
  "kokkos tiled 4096 -space openmp"
  "kokkos strip 4096 -space openmp"
  "kokkos rolling 4096 -space openmp"
  "kokkos regblock 4096 -space openmp"
  "kokkos doublebuf 4096 -space openmp"
  "kokkos stream 4096 -space openmp"
  "kokkos temporal 4096 -space openmp -fuse 4"
  "kokkos temporal 4096 -space openmp -fuse 8"
  "kokkos naive1d 16777216 -space openmp"
  "kokkos halo1d 16777216 -space openmp"
)
echo "# $(git -C "$(dirname "$0")/.." rev-parse --short HEAD) $(date -u +%FT%TZ) $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), OMP_NUM_THREADS=2, best of $repeats"
echo "implementation,variant,n,options,best_ratio_to_copy,gcells_per_s_at_best,copy_gb_per_s_at_best,all_ratios"
for row in "${rows[@]}"; do
  read -r impl variant n extra <<<"$row"
  best="" all=""
  for _ in $(seq "$repeats"); do
    # shellcheck disable=SC2086  # extra holds several arguments
    line=$("$app" -impl "$impl" -variant "$variant" -n "$n" -iters "$iters" $extra -csv | tail -1)
    ratio=$(echo "$line" | /usr/bin/python3 -c 'import csv,sys; r=next(csv.reader(sys.stdin)); print(r[14], r[8], r[13])')
    read -r r g c <<<"$ratio"
    all+="$r "
    if [ -z "$best" ] || /usr/bin/python3 -c "import sys; sys.exit(0 if $r > ${best%% *} else 1)"; then
      best="$r $g $c"
    fi
  done
  read -r r g c <<<"$best"
  echo "$impl,$variant,$n,\"$extra\",$r,$g,$c,\"${all% }\""
done
