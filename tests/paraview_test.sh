#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# ParaView reads every kind of sidecar right: a 96 x 96 state, the same in float64, a 500-cell
# 1-D state and (where MPIRUN is given) a 2x2 run on 4 ranks, whose file is a virtual dataset over
# tile files. Each of
# ParaView's three XDMF readers opens each sidecar in a pvbatch of its own (a reader that cannot
# find a file aborts the process), and every value of every step must equal h5py's.
#   tests/paraview_test.sh MINIAPP WORK_DIR [MPIRUN]
# The readers render nothing, so pvbatch needs no X display here (no xvfb-run).
# Exit 77 (skipped) where pvbatch is missing (scripts/install-deps.sh --paraview).
set -euo pipefail
miniapp=$1
work=$2
mpirun=${3:-}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

command -v pvbatch >/dev/null ||
  { echo "skipped: no pvbatch (scripts/install-deps.sh --paraview installs ParaView)"; exit 77; }
rm -rf "$work"
mkdir -p "$work"
cd "$work"
export OMP_PROC_BIND=false OMP_NUM_THREADS=1

"$miniapp" -n 96 -iters 4 -variant naive -space serial -output square.h5 -save-every 2 >/dev/null
"$miniapp" -n 96 -iters 4 -variant naive -space serial -precision fp64 -output square_fp64.h5 \
  >/dev/null
"$miniapp" -n 500 -iters 4 -variant naive1d -space serial -output line.h5 >/dev/null
sidecars=(square.xmf square_fp64.xmf line.xmf)
if [ -n "$mpirun" ]; then
  "$mpirun" --allow-run-as-root --oversubscribe -np 4 "$miniapp" -impl openmp -variant naive \
    -n 96 -iters 4 -decomp 2x2 -output tiles.h5 >/dev/null 2>&1
  sidecars+=(tiles.xmf)
else
  echo "paraview_test: no MPI in this build; the 4-rank sidecar is not checked"
fi

status=0
check() {  # READER NAME: one reader, one sidecar, one process
  if pvbatch "$here/paraview_reads_sidecars.py" "$1" "$2" >"pv.log" 2>&1; then
    grep -E '^(XDMF|Xdmf3)' pv.log | tail -n 1
  else
    echo "FAIL: $1 $2:"
    grep -E '^FAIL|name = |Aborted' pv.log | head -n 5 || tail -n 5 pv.log
    status=1
  fi
}
for sidecar in "${sidecars[@]}"; do
  # The legacy reader by the bare name; the Xdmf3 readers by ./NAME and by the absolute path
  # (given a bare name they look for NAME.xmfNAME.h5: docs/hdf5.md).
  check XDMFReader "$sidecar"
  for reader in Xdmf3ReaderS Xdmf3ReaderT; do
    check "$reader" "./$sidecar"
    check "$reader" "$work/$sidecar"
  done
done
if [ "$status" -eq 0 ]; then
  echo "paraview_test: every reader read every sidecar as h5py reads it"
fi
exit "$status"
