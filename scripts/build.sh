#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Configures and builds stencil_miniapp in ./build (or $BUILD_DIR) against the project's
# bootstrapped Kokkos (4.6.01 where its tarball is at hand, else 3.4.01: see
# scripts/bootstrap-kokkos.sh; STENCIL_KOKKOS_VERSION or STENCIL_KOKKOS_SOURCE pick another), or
# against the user's own Kokkos when Kokkos_ROOT is set in the environment. Extra arguments go to
# CMake's configure step (e.g. -DSTENCIL_ENABLE_CUDA=OFF). It configures through a preset of
# CMakePresets.json: STENCIL_PRESET (default: `default`, which turns native CUDA and MPI on where
# they exist), with the build folder and Kokkos given on the command line.
set -euo pipefail

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${BUILD_DIR:-$repo_root/build}
kokkos_root=${Kokkos_ROOT:-$(STENCIL_SETUP_CALLER=build.sh "$repo_root/scripts/bootstrap-kokkos.sh")}

args=(-S "$repo_root" --preset "${STENCIL_PRESET:-default}" -B "$build_dir"
      -DKokkos_ROOT="$kokkos_root")
# A Kokkos with the CUDA backend must compile its consumers with its nvcc_wrapper.
if grep -q '^#define KOKKOS_ENABLE_CUDA$' "$kokkos_root/include/KokkosCore_config.h" 2>/dev/null; then
  wrapper=$kokkos_root/bin/nvcc_wrapper
  [ -x "$wrapper" ] || wrapper=$(command -v nvcc_wrapper || true)
  [ -n "$wrapper" ] || { echo "build: Kokkos uses CUDA but no nvcc_wrapper was found" >&2; exit 1; }
  args+=(-DCMAKE_CXX_COMPILER="$wrapper")
fi
# Kokkos Tools (kernel logger, simple kernel timer) where their tarball is at hand; their tests
# skip elsewhere.
tools_dir=$("$repo_root/scripts/bootstrap-kokkos-tools.sh" --if-available | tail -n 1) ||
  { echo "build: Kokkos Tools not built (see above); their tests will skip" >&2; tools_dir=""; }
[ -z "$tools_dir" ] || args+=(-DSTENCIL_KOKKOS_TOOLS_DIR="$tools_dir")
# The presets name Ninja; a folder configured before with another generator keeps it, and without
# ninja CMake's default generator stands in.
if [ -f "$build_dir/CMakeCache.txt" ]; then
  generator=$(sed -n 's/^CMAKE_GENERATOR:INTERNAL=//p' "$build_dir/CMakeCache.txt")
  [ -z "$generator" ] || args+=(-G "$generator")
elif ! command -v ninja >/dev/null 2>&1; then
  args+=(-G "Unix Makefiles")
fi

cmake "${args[@]}" "$@"
cmake --build "$build_dir" --parallel "$(nproc)"
