# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Sourced by the GPU machine's scripts: where that host has no TBB of its own and
# .carry/tbb/tbb.tar.xz was carried (scripts/pack-tbb.sh), unpacks it once into build-tbb/ and
# sets STENCIL_TBB_CMAKE_ARGS (-DTBB_DIR=..., for a configure step) and LD_LIBRARY_PATH (for
# anything that loads libtbb.so.12 without the build's run path). Elsewhere it sets nothing, and
# a host without either TBB builds without -impl stdpar, as before.
STENCIL_TBB_CMAKE_ARGS=()
tbb_carried() {
  local root pack lib own
  root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
  pack=$root/.carry/tbb/tbb.tar.xz
  lib=$root/build-tbb/tbb/usr/lib/x86_64-linux-gnu
  # A TBB of the host's own (its CMake package) comes first.
  for own in /usr/lib/*/cmake/TBB/TBBConfig.cmake /usr/lib/cmake/TBB/TBBConfig.cmake; do
    [ ! -f "$own" ] || return 0
  done
  [ -f "$pack" ] || return 0
  if [ ! -f "$lib/cmake/TBB/TBBConfig.cmake" ] || [ "$pack" -nt "$lib/cmake/TBB/TBBConfig.cmake" ]; then
    rm -rf "$root/build-tbb" && mkdir -p "$root/build-tbb" &&
      tar -C "$root/build-tbb" -xJf "$pack" && touch "$lib/cmake/TBB/TBBConfig.cmake" || return 1
  fi
  STENCIL_TBB_CMAKE_ARGS=(-DTBB_DIR="$lib/cmake/TBB")
  export LD_LIBRARY_PATH=$lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
  echo "tbb: the carried Debian TBB ($(head -n 1 "$root/build-tbb/tbb/MANIFEST")), at $lib"
}
