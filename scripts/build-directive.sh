#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Builds the whole project (driver, check tool, tests, benchmark) with one directive model, in a
# build folder of its own, by that model's compiler:
#   bash scripts/build-directive.sh openacc        # g++-12 -fopenacc, nvptx offload: build-openacc
#   bash scripts/build-directive.sh omptarget      # clang++-16 OpenMP offload:       build-omptarget
#   bash scripts/build-directive.sh omptarget-gcc  # g++-12 OpenMP offload:     build-omptarget-gcc
# Extra arguments go to CMake's configure step. BUILD_DIR overrides the folder. The compilers come
# from `bash scripts/install-deps.sh --directive`. No Kokkos and no native CUDA model in these
# builds: each has only its model (-list shows it), and runs on the GPU or, with -space host, the
# host. Where nvcc exists, CUDA is on all the same: the CUDA memory kind (the copy reference and
# the MPI halo access of -space gpu) and -profile sectors need it.
set -euo pipefail

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
flavour=${1:-}
[ $# -gt 0 ] && shift
case $flavour in
  openacc) model=openacc cxx=g++-12 cc=gcc-12 ;;
  omptarget) model=omptarget cxx=clang++-16 cc=clang-16 ;;
  omptarget-gcc) model=omptarget cxx=g++-12 cc=gcc-12 ;;
  *)
    echo "build-directive: name a build: openacc, omptarget or omptarget-gcc (not '$flavour')" >&2
    exit 2
    ;;
esac
for compiler in "$cxx" "$cc"; do
  command -v "$compiler" >/dev/null 2>&1 || {
    echo "build-directive: $compiler not found; run: bash scripts/install-deps.sh --directive" >&2
    exit 1
  }
done
build_dir=${BUILD_DIR:-$repo_root/build-$flavour}
args=(-S "$repo_root" -B "$build_dir" -DSTENCIL_MODELS="$model")
if [ ! -f "$build_dir/CMakeCache.txt" ]; then
  args+=(-DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_C_COMPILER="$cc")
  command -v ninja >/dev/null 2>&1 && args+=(-G Ninja)
fi
cmake "${args[@]}" "$@"
cmake --build "$build_dir" --parallel "$(nproc)"
