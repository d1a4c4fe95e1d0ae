#!/usr/bin/env bash
# Builds and installs Kokkos 3.4.01 for stencil_miniapp into a cache outside the build tree.
#
# Source: Debian's `trilinos` source package (Kokkos lives in packages/kokkos). Only that subtree
# is extracted, the project's patches in patches/kokkos-3.4.01 are applied, and the result is kept
# as a small tarball in .deps/ (ignored by git). Later runs, and the GPU machine, which reaches no
# package registry, build from that tarball without any network.
#
# Backend: CUDA + Serial (HOPPER90) where nvcc and a GPU are present, else OpenMP + Serial.
# Override with --backend openmp|cuda. Prints the install prefix on the last line of stdout.
set -euo pipefail

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cache_dir=${STENCIL_DEPS_DIR:-$repo_root/.deps}
patch_dir=$repo_root/patches/kokkos-3.4.01
kokkos_version=3.4.01
backend=auto
jobs=$(nproc)

usage() {
  echo "usage: $0 [--backend auto|openmp|cuda] [--jobs N]" >&2
  echo "  cache: \$STENCIL_DEPS_DIR (default: <repo>/.deps)" >&2
}
while [ $# -gt 0 ]; do
  case $1 in
    --backend) backend=${2:?--backend needs a value}; shift 2 ;;
    --jobs) jobs=${2:?--jobs needs a value}; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "bootstrap-kokkos: unknown option '$1'" >&2; usage; exit 2 ;;
  esac
done

log() { echo "bootstrap-kokkos: $*" >&2; }
die() { echo "bootstrap-kokkos: error: $*" >&2; exit 1; }

gpu_present() {
  command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L 2>/dev/null | grep -q '^GPU '
}
nvcc_path() {
  command -v nvcc 2>/dev/null || { [ -x /usr/local/cuda/bin/nvcc ] && echo /usr/local/cuda/bin/nvcc; } || true
}

if [ "$backend" = auto ]; then
  if [ -n "$(nvcc_path)" ] && gpu_present; then backend=cuda; else backend=openmp; fi
fi
case $backend in openmp|cuda) ;; *) die "backend must be auto, openmp or cuda, not '$backend'" ;; esac

# The patch set is part of the cache key: changing a patch rebuilds Kokkos.
patch_hash=$(cat "$patch_dir"/*.patch | sha256sum | cut -c1-12)
pristine_tarball=$cache_dir/kokkos-$kokkos_version-debian-src.tar.gz
patched_tarball=$cache_dir/kokkos-$kokkos_version-patched-$patch_hash.tar.gz
prefix=$cache_dir/kokkos-$kokkos_version-$backend-$patch_hash
mkdir -p "$cache_dir"

if [ -f "$prefix/.complete" ]; then
  log "cached install at $prefix"
  echo "$prefix"
  exit 0
fi

enable_deb_src() {
  # Derive a deb-src entry from the machine's own apt configuration, so no host is written here.
  local generated=/etc/apt/sources.list.d/stencil-miniapp-deb-src.sources
  local sudo=""; [ "$(id -u)" -eq 0 ] || sudo=sudo
  if [ -f /etc/apt/sources.list.d/debian.sources ]; then
    sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources | $sudo tee "$generated" >/dev/null
  elif [ -f /etc/apt/sources.list ]; then
    sed -n 's/^deb /deb-src /p' /etc/apt/sources.list | $sudo tee /etc/apt/sources.list.d/stencil-miniapp-deb-src.list >/dev/null
  else
    die "no apt sources found to derive a deb-src entry from"
  fi
  $sudo apt-get update -q >&2
}

fetch_pristine_source() {
  command -v apt-get >/dev/null || die "no cached Kokkos source ($pristine_tarball) and no apt-get to fetch it"
  local work; work=$(mktemp -d)
  trap 'rm -rf "$work"' RETURN
  enable_deb_src
  log "downloading Debian's trilinos source package (about 165 MB)"
  (cd "$work" && apt-get source --download-only trilinos >&2)
  local orig; orig=$(ls "$work"/trilinos_*.orig.tar.* | head -n1)
  [ -n "$orig" ] || die "apt-get source did not produce a trilinos orig tarball"
  log "extracting packages/kokkos from $(basename "$orig")"
  tar -xf "$orig" -C "$work" --wildcards '*/packages/kokkos/*'
  local src; src=$(ls -d "$work"/*/packages/kokkos)
  grep -q "Kokkos_VERSION_MAJOR 3" "$src/CMakeLists.txt" || true
  tar -czf "$pristine_tarball.tmp" -C "$(dirname "$src")" kokkos
  mv "$pristine_tarball.tmp" "$pristine_tarball"
}

make_patched_tarball() {
  local work; work=$(mktemp -d)
  trap 'rm -rf "$work"' RETURN
  tar -xzf "$pristine_tarball" -C "$work"
  for p in "$patch_dir"/*.patch; do
    log "applying $(basename "$p")"
    patch -s -p1 -d "$work/kokkos" < "$p" || die "patch $(basename "$p") does not apply"
  done
  tar -czf "$patched_tarball.tmp" -C "$work" kokkos
  mv "$patched_tarball.tmp" "$patched_tarball"
}

if [ ! -f "$patched_tarball" ]; then
  [ -f "$pristine_tarball" ] || fetch_pristine_source
  make_patched_tarball
fi

build_root=$(mktemp -d)
trap 'rm -rf "$build_root"' EXIT
tar -xzf "$patched_tarball" -C "$build_root"
src=$build_root/kokkos

cmake_args=(
  -S "$src" -B "$build_root/build"
  -DCMAKE_BUILD_TYPE=Release
  -DCMAKE_INSTALL_PREFIX="$prefix"
  -DCMAKE_CXX_STANDARD=17
  -DKokkos_ENABLE_SERIAL=ON
  -DKokkos_ENABLE_TESTS=OFF
  -DKokkos_ENABLE_EXAMPLES=OFF
)
if command -v ninja >/dev/null 2>&1; then cmake_args+=(-G Ninja); fi
if [ "$backend" = cuda ]; then
  nvcc=$(nvcc_path); [ -n "$nvcc" ] || die "backend cuda needs nvcc"
  export PATH=$(dirname "$nvcc"):$PATH
  cmake_args+=(
    -DKokkos_ENABLE_CUDA=ON -DKokkos_ENABLE_CUDA_LAMBDA=ON -DKokkos_ARCH_HOPPER90=ON
    -DCMAKE_CXX_COMPILER="$src/bin/nvcc_wrapper"
  )
else
  cmake_args+=(-DKokkos_ENABLE_OPENMP=ON)
fi

log "configuring Kokkos $kokkos_version ($backend) -> $prefix"
rm -rf "$prefix"
cmake "${cmake_args[@]}" >"$build_root/configure.log" 2>&1 || { cat "$build_root/configure.log" >&2; die "Kokkos configure failed"; }
cmake --build "$build_root/build" --parallel "$jobs" >"$build_root/build.log" 2>&1 || { tail -n 60 "$build_root/build.log" >&2; die "Kokkos build failed"; }
cmake --install "$build_root/build" >/dev/null
# nvcc_wrapper is the C++ compiler of every consumer of a CUDA Kokkos; keep the patched copy.
[ "$backend" = cuda ] && install -m 755 "$src/bin/nvcc_wrapper" "$prefix/bin/nvcc_wrapper"
touch "$prefix/.complete"
log "installed Kokkos $kokkos_version ($backend) at $prefix"
echo "$prefix"
