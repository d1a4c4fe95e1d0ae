#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Large-grid rows on the GPU machine, with the wall time of each run, from the repository root:
#   bash scripts/gpu-large-grid.sh BINARY OUT_DIR
# BINARY is a CUDA build's stencil_miniapp (e.g. build-gpu/stencil_miniapp). Runs, for -impl cuda
# and kokkos: stream at N = 46340, 46341 and 50000 (-iters 1), stream, temporal and tiled at
# N = 60000 (-iters 4 -verify), stream at N = 16384 and 120000 (-iters 20). A run still going
# after LARGE_GRID_ATTACH_S seconds (default 40) is attached by cuda-gdb once (host threads'
# stacks and the kernels running), then left to finish within LARGE_GRID_LIMIT_S (default 240).
# LARGE_GRID_SET=targets leaves out the stream runs at 46340-50000 (a diagnosis of the limit) and
# adds doublebuf_async at N = 47000 with -verify (-impl cuda: its 64-bit offset instantiation).
# LARGE_GRID_SET=stream runs only stream: at N = 60000 with -verify, at 16384 and 120000.
# LARGE_GRID_IMPLS picks the implementations (default: every model BINARY -list-models shows with
# grids in CUDA memory).
# Writes rows.csv (each run's CSV row), runs.txt (exit status and wall seconds per run) and
# attach-*.txt into OUT_DIR.
set -uo pipefail
repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
app=${1:?usage: gpu-large-grid.sh BINARY OUT_DIR}
out=${2:?usage: gpu-large-grid.sh BINARY OUT_DIR}
attach_after=${LARGE_GRID_ATTACH_S:-40}
limit=${LARGE_GRID_LIMIT_S:-240}
mkdir -p "$out"
export PATH=/usr/local/cuda/bin:$PATH
: >"$out/runs.txt"
header_written=0

# run NAME ARGS...: one run of the mini-app with -csv, timed, attached once if it is slow.
run() {
  local name=$1; shift
  local start=$SECONDS stdout=$out/$name.out
  "$app" "$@" -csv --no-progress >"$stdout" 2>"$out/$name.err" &
  local pid=$! attached=0
  while kill -0 "$pid" 2>/dev/null; do
    if [ $((SECONDS - start)) -ge "$limit" ]; then
      kill "$pid"
      break
    fi
    if [ "$attached" = 0 ] && [ $((SECONDS - start)) -ge "$attach_after" ] && command -v cuda-gdb >/dev/null; then
      attached=1
      timeout 90 cuda-gdb -p "$pid" -batch -ex "info threads" -ex "thread apply all bt 16" \
        -ex "info cuda kernels" >"$out/attach-$name.txt" 2>&1
    fi
    sleep 1
  done
  wait "$pid"
  local rc=$?
  printf '%-40s rc=%-3s %5ss  %s\n' "$name" "$rc" "$((SECONDS - start))" "$*" | tee -a "$out/runs.txt"
  if [ -s "$stdout" ]; then
    [ "$header_written" = 1 ] || { head -n 1 "$stdout" >"$out/rows.csv"; header_written=1; }
    tail -n +2 "$stdout" >>"$out/rows.csv"
  fi
  rm -f "$stdout"
}

row_set=${LARGE_GRID_SET:-all}
case $row_set in all | targets | stream) ;; *)
  echo "gpu-large-grid: LARGE_GRID_SET is all, targets or stream (not '$row_set')" >&2
  exit 2
  ;;
esac
variants="stream temporal tiled"
[ "$row_set" = stream ] && variants=stream
impls=${LARGE_GRID_IMPLS:-$(bash "$repo_root/scripts/gpu-models.sh" "$app")}
for impl in $impls; do
  case $row_set in
    targets)
      [ "$impl" = kokkos ] || run "$impl-doublebuf_async-47000-verify" -impl "$impl" \
        -variant doublebuf_async -n 47000 -iters 2 -verify
      ;;
    all)
      for n in 46340 46341 50000; do
        run "$impl-stream-$n" -impl "$impl" -variant stream -n "$n" -iters 1
      done
      ;;
  esac
  for variant in $variants; do
    run "$impl-$variant-60000-verify" -impl "$impl" -variant "$variant" -n 60000 -iters 4 -verify
  done
  for n in 16384 120000; do
    run "$impl-stream-$n" -impl "$impl" -variant stream -n "$n" -iters 20
  done
done
