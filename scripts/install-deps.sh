#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Installs everything a fresh Debian 12 machine needs to build and test stencil_miniapp:
# the toolchain, CMake, clang-format (scripts/check-format.sh), HDF5, GoogleTest, Google Benchmark
# and the Python plotting stack, JSON Schema and YAML checkers for the result schema and the
# citation file.
#   bash scripts/install-deps.sh              # what the build and the test suite need
#   bash scripts/install-deps.sh --paraview   # also ParaView's pvbatch and xvfb-run (~700 MB), for
#                                             # the paraview test label (ctest -L paraview)
# Kokkos is not a Debian package with OpenMP or CUDA; scripts/bootstrap-kokkos.sh builds it.
#   --directive  also the compilers of the directive models (scripts/build-directive.sh): GCC 12's
#                nvptx offload compiler (OpenACC, OpenMP target) and clang 16 with its OpenMP
#                offload runtime and clang-offload-packager (OpenMP target); about 700 MB
set -euo pipefail

directive=0
paraview=0
for arg in "$@"; do
  case $arg in
    --directive) directive=1 ;;
    --paraview) paraview=1 ;;
    *) echo "install-deps: unknown option '$arg' (known: --directive, --paraview)" >&2; exit 2 ;;
  esac
done

packages=(
  build-essential cmake ninja-build pkg-config clang-format
  libhdf5-dev hdf5-tools libxxhash-dev
  libgtest-dev googletest libbenchmark-dev
  python3 python3-h5py python3-numpy python3-matplotlib python3-xxhash
  python3-jsonschema python3-yaml
  dpkg-dev patch git
  libopenmpi-dev openmpi-bin
  libtbb-dev
)
if [ "$directive" -eq 1 ]; then
  packages+=(gcc-12-offload-nvptx libgomp-plugin-nvptx1 clang-16 libomp-16-dev clang-tools-16)
fi
if [ "$paraview" -eq 1 ]; then
  packages+=(paraview python3-paraview xvfb xauth)
fi

sudo_if_needed() {
  if [ "$(id -u)" -eq 0 ]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1; then
    sudo "$@"
  else
    echo "install-deps: installing packages needs root, and this system has no sudo: run" \
      "this script as root (su -c 'bash scripts/install-deps.sh'), or install sudo as root" \
      "and add yourself to the sudo group" >&2
    exit 1
  fi
}

# Debian's libomp-16-dev conflicts with libomp-14-dev and libomp-dev (the project needs neither):
# apt refuses the install while they are there.
if [ "$directive" -eq 1 ]; then
  conflicting=()
  for p in libomp-14-dev libomp-dev; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" && conflicting+=("$p")
  done
  if [ ${#conflicting[@]} -gt 0 ]; then
    echo "install-deps: removing ${conflicting[*]} (they conflict with libomp-16-dev)"
    DEBIAN_FRONTEND=noninteractive sudo_if_needed apt-get remove -y -q "${conflicting[@]}"
  fi
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages already installed"
  exit 0
fi

echo "install-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
sudo_if_needed apt-get update -q
sudo_if_needed apt-get install -y -q --no-install-recommends "${missing[@]}"
