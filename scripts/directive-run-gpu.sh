#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# On the GPU machine: runs a command from a packed directive model (scripts/pack-model.sh copies
# this file to .carry/directive/run-gpu.sh):
#   bash .carry/directive/run-gpu.sh NAME COMMAND [ARGS...]
# NAME is a packed build (openacc, omptarget, omptarget-gcc). Unpacks NAME.tar.xz once into
# $STENCIL_DIRECTIVE_UNPACK/NAME (default ${TMPDIR:-/tmp}/stencil-directive, outside the carried
# folder; STENCIL_DIRECTIVE_ROOT names it for the command), links libcuda.so to the driver's libcuda.so.1 (libomptarget opens it by that
# name), puts the model's bin/ first on PATH and its lib/ first on LD_LIBRARY_PATH, and runs
# COMMAND, e.g. `stencil_miniapp -impl openacc -space gpu -n 4096 -iters 100 -verify`.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
name=${1:-}
[ $# -gt 0 ] && shift
if [ ! -f "$here/$name.tar.xz" ] || [ $# -eq 0 ]; then
  echo "run-gpu: usage: run-gpu.sh NAME COMMAND...; packed here:" \
    "$(cd "$here" && ls ./*.tar.xz 2>/dev/null | sed 's|^\./||; s|\.tar\.xz$||' | tr '\n' ' ')" >&2
  exit 2
fi
unpack=${STENCIL_DIRECTIVE_UNPACK:-${TMPDIR:-/tmp}/stencil-directive}
root=$unpack/$name
if [ ! -f "$root/MANIFEST" ] || [ "$here/$name.tar.xz" -nt "$root/MANIFEST" ]; then
  rm -rf "$root"
  mkdir -p "$unpack"
  tar -C "$unpack" -xJf "$here/$name.tar.xz"
  touch "$root/MANIFEST"
fi
export STENCIL_DIRECTIVE_ROOT=$root
# The driver where the dynamic loader finds it: its cache, then the library path (a container's
# driver mount, such as /usr/local/nvidia/lib64, is often only there), then the usual folders.
driver=$(ldconfig -p 2>/dev/null | awk '/libcuda\.so\.1 .*x86-64/ { print $NF; exit }' || true)
IFS=: read -ra library_dirs <<<"${LD_LIBRARY_PATH:-}"
for dir in "${library_dirs[@]}" /usr/local/nvidia/lib64 /usr/local/nvidia/lib /usr/lib/x86_64-linux-gnu \
  /usr/lib64; do
  [ -n "$driver" ] || [ -z "$dir" ] || [ ! -e "$dir/libcuda.so.1" ] || driver=$dir/libcuda.so.1
done
[ -z "$driver" ] || ln -sf "$driver" "$root/lib/libcuda.so"
export PATH=$root/bin:$PATH
# The build's libraries first, then the GPU machine's CUDA toolkit (runtime, CUPTI).
cuda_libs=""
for dir in /usr/local/cuda/lib64 /usr/local/cuda/lib /usr/local/cuda/extras/CUPTI/lib64; do
  [ -d "$dir" ] && cuda_libs=$cuda_libs:$dir
done
export LD_LIBRARY_PATH=$root/lib$cuda_libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
exec "$@"
