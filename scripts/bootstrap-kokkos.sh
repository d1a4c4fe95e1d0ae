#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Builds and installs Kokkos for stencil_miniapp into a cache outside the build tree.
#
# Which Kokkos (the first that applies):
#   --kokkos-source PATH   a tarball or directory of any Kokkos 3.4 ... 4.6 source tree;
#   --kokkos-version V     the project's known sources: 4.6.01 (the upstream tarball) or 3.4.01
#                          (Debian's trilinos source package);
#   default                4.6.01 where its tarball exists (../shared/deps/kokkos-4.6.01.tar.gz
#                          beside the repository, or a carried copy in the cache), else 3.4.01.
# STENCIL_KOKKOS_SOURCE and STENCIL_KOKKOS_VERSION set the same from the environment. (A user's
# own installed Kokkos needs none of this: build.sh takes Kokkos_ROOT and skips this script.)
#
# The 4.6.01 tarball is checked against its SHA-256, pinned in patches/kokkos-4.6.01/ (and against
# ../shared/deps/SHA256SUMS where that exists), and copied into the cache, so the cache alone can
# travel to the GPU machine, which reaches no registry. 3.4.01 comes from Debian's trilinos source
# package (Kokkos lives in packages/kokkos): only that subtree is extracted and kept.
#
# The project's patches in patches/kokkos-<version>/ are applied and the result is kept as a small
# tarball in the cache. Cache keys carry the version and the patch hash (plus a source hash for
# a --kokkos-source that is not a known one), so several versions coexist in the cache.
#
# Backend: CUDA + Serial (HOPPER90) where nvcc and a GPU are present, else OpenMP + Serial.
# Override with --backend openmp|cuda. Prints the install prefix on the last line of stdout.
set -euo pipefail

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cache_dir=${STENCIL_DEPS_DIR:-$repo_root/.deps}
# A copy of the shared folder lies beside the repository (on CI: beside the clone).
shared_deps=${STENCIL_SHARED_DEPS:-$repo_root/../shared/deps}
kokkos_source=${STENCIL_KOKKOS_SOURCE:-}
kokkos_version=${STENCIL_KOKKOS_VERSION:-}
backend=auto
jobs=$(nproc)

usage() {
  echo "usage: $0 [--kokkos-source PATH | --kokkos-version 3.4.01|4.6.01] [--backend auto|openmp|cuda] [--jobs N]" >&2
  echo "  cache: \$STENCIL_DEPS_DIR (default: <repo>/.deps)" >&2
}
while [ $# -gt 0 ]; do
  case $1 in
    --kokkos-source) kokkos_source=${2:?--kokkos-source needs a path}; shift 2 ;;
    --kokkos-source=*) kokkos_source=${1#*=}; shift ;;
    --kokkos-version) kokkos_version=${2:?--kokkos-version needs a value}; shift 2 ;;
    --kokkos-version=*) kokkos_version=${1#*=}; shift ;;
    --backend) backend=${2:?--backend needs a value}; shift 2 ;;
    --jobs) jobs=${2:?--jobs needs a value}; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "bootstrap-kokkos: unknown option '$1'" >&2; usage; exit 2 ;;
  esac
done

log() { echo "bootstrap-kokkos: $*" >&2; }
# shellcheck source=apt-download-dir.sh
. "$repo_root/scripts/apt-download-dir.sh"
# Messages name the script the user ran (build.sh sets STENCIL_SETUP_CALLER) and this one.
me="bootstrap-kokkos.sh"
[ -z "${STENCIL_SETUP_CALLER:-}" ] || me="$STENCIL_SETUP_CALLER (bootstrap-kokkos.sh)"
die() { echo "$me: error: $*" >&2; exit 1; }
bad_input() { echo "$me: error: $*" >&2; exit 2; }

gpu_present() {
  command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L 2>/dev/null | grep -q '^GPU '
}
nvcc_path() {
  command -v nvcc 2>/dev/null || { [ -x /usr/local/cuda/bin/nvcc ] && echo /usr/local/cuda/bin/nvcc; } || true
}

if [ "$backend" = auto ]; then
  if [ -n "$(nvcc_path)" ] && gpu_present; then backend=cuda; else backend=openmp; fi
fi
case $backend in openmp|cuda) ;; *) bad_input "backend must be auto, openmp or cuda, not '$backend'" ;; esac
[ -z "$kokkos_source" ] || [ -z "$kokkos_version" ] ||
  bad_input "give --kokkos-source or --kokkos-version, not both"
mkdir -p "$cache_dir"

# ---- Kokkos 4.6.01: the pristine upstream tarball --------------------------------------------
upstream_version=4.6.01
upstream_name=kokkos-$upstream_version.tar.gz
upstream_pin=$repo_root/patches/kokkos-$upstream_version/SOURCE.sha256
upstream_cached=$cache_dir/$upstream_name

sha256_of() { sha256sum "$1" | cut -d' ' -f1; }
pinned_upstream_sha() { cut -d' ' -f1 "$upstream_pin"; }

# Copies the shared tarball into the cache once it is verified; a cached copy is re-verified.
# Returns 1 where neither exists.
find_upstream_tarball() {
  local shared=$shared_deps/$upstream_name
  if [ -f "$shared" ] && [ ! -f "$upstream_cached" ]; then
    local sum; sum=$(sha256_of "$shared")
    if [ -f "$shared_deps/SHA256SUMS" ]; then
      grep -q "^$sum  $upstream_name\$" "$shared_deps/SHA256SUMS" ||
        die "$shared does not match $shared_deps/SHA256SUMS"
    fi
    [ "$sum" = "$(pinned_upstream_sha)" ] || die "$shared does not match $upstream_pin"
    cp "$shared" "$upstream_cached.tmp" && mv "$upstream_cached.tmp" "$upstream_cached"
    log "copied $upstream_name into $cache_dir (it travels to the GPU machine from there)"
  fi
  [ -f "$upstream_cached" ] || return 1
  [ "$(sha256_of "$upstream_cached")" = "$(pinned_upstream_sha)" ] ||
    die "$upstream_cached does not match $upstream_pin; delete it and run again"
}

# ---- Kokkos 3.4.01: Debian's trilinos source package ----------------------------------------
debian_version=3.4.01
debian_pristine=$cache_dir/kokkos-$debian_version-debian-src.tar.gz

enable_deb_src() {
  # Derive a deb-src entry from the machine's own apt configuration, so no host is written here.
  local generated=/etc/apt/sources.list.d/stencil-miniapp-deb-src.sources
  local sudo=""; [ "$(id -u)" -eq 0 ] || sudo=sudo
  [ -z "$sudo" ] || command -v sudo >/dev/null 2>&1 ||
    die "enabling deb-src needs root, and this system has no sudo: run this script as root, or install sudo"
  if [ -f /etc/apt/sources.list.d/debian.sources ]; then
    sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources | $sudo tee "$generated" >/dev/null
  elif [ -f /etc/apt/sources.list ]; then
    sed -n 's/^deb /deb-src /p' /etc/apt/sources.list | $sudo tee /etc/apt/sources.list.d/stencil-miniapp-deb-src.list >/dev/null
  else
    die "no apt sources found to derive a deb-src entry from"
  fi
  $sudo apt-get update -q >&2
}

fetch_debian_source() {
  command -v apt-get >/dev/null || die "no cached Kokkos source ($debian_pristine) and no apt-get to fetch it"
  if [ "$(id -u)" -ne 0 ] && ! command -v sudo >/dev/null 2>&1; then
    die "the Kokkos $upstream_version tarball ($upstream_name) is in neither $shared_deps/ nor $cache_dir/, and the fallback (Kokkos $debian_version from Debian's trilinos source package) needs apt's deb-src, which needs root or sudo (neither is here); without root: put $upstream_name in $shared_deps/, or point STENCIL_KOKKOS_SOURCE (build.sh) or --kokkos-source (bootstrap-kokkos.sh) at a Kokkos 3.4 ... 4.6 tarball or source tree"
  fi
  local work; work=$(apt_download_dir)
  trap 'rm -rf "$work"' RETURN
  enable_deb_src
  log "downloading Debian's trilinos source package (about 165 MB)"
  (cd "$work" && apt-get source --download-only trilinos >&2)
  local orig; orig=$(ls "$work"/trilinos_*.orig.tar.* | head -n1)
  [ -n "$orig" ] || die "apt-get source did not produce a trilinos orig tarball"
  log "extracting packages/kokkos from $(basename "$orig")"
  tar -xf "$orig" -C "$work" --wildcards '*/packages/kokkos/*'
  local src; src=$(ls -d "$work"/*/packages/kokkos)
  tar -czf "$debian_pristine.tmp" -C "$(dirname "$src")" kokkos
  mv "$debian_pristine.tmp" "$debian_pristine"
}

# ---- Any source tree ---------------------------------------------------------------------------
# The Kokkos version a source tree declares, as Kokkos spells it (e.g. 4.6.01).
tree_version() {
  local cmakelists=$1/CMakeLists.txt major minor patch
  major=$(sed -n 's/^set(Kokkos_VERSION_MAJOR \([0-9]*\))/\1/p' "$cmakelists" 2>/dev/null)
  minor=$(sed -n 's/^set(Kokkos_VERSION_MINOR \([0-9]*\))/\1/p' "$cmakelists" 2>/dev/null)
  patch=$(sed -n 's/^set(Kokkos_VERSION_PATCH \([0-9]*\))/\1/p' "$cmakelists" 2>/dev/null)
  [ -n "$major" ] && [ -n "$minor" ] && [ -n "$patch" ] || return 1
  printf '%d.%d.%02d\n' "$major" "$minor" "$((10#$patch))"
}

# Unpacks a tarball or copies a directory into $2/kokkos (the source root, wherever it sat).
unpack_source() {
  local from=$1 into=$2 root
  if [ -d "$from" ]; then
    root=$from
  else
    mkdir -p "$into/unpacked"
    tar -xf "$from" -C "$into/unpacked" || bad_input "cannot unpack '$from' as a tarball"
    root=$(dirname "$(grep -l '^set(Kokkos_VERSION_MAJOR' "$into"/unpacked/CMakeLists.txt \
      "$into"/unpacked/*/CMakeLists.txt "$into"/unpacked/*/*/CMakeLists.txt 2>/dev/null | head -n 1)")
  fi
  [ -f "$root/CMakeLists.txt" ] && tree_version "$root" >/dev/null ||
    bad_input "'$from' holds no Kokkos source tree (no Kokkos_VERSION in a top-level CMakeLists.txt)"
  cp -a "$root" "$into/kokkos"
  rm -rf "$into/unpacked"
}

# A short hash of a tarball's bytes or of a directory's file names and contents.
source_hash() {
  if [ -d "$1" ]; then
    (cd "$1" && find . -type f ! -path './.git/*' -print0 | LC_ALL=C sort -z | xargs -0 sha256sum) |
      sha256sum | cut -c1-8
  else
    sha256_of "$1" | cut -c1-8
  fi
}

# ---- Pick the source --------------------------------------------------------------------------
pristine=""  # a tarball or directory to patch
tag=""       # the version, plus the source hash for a source the project does not know
if [ -n "$kokkos_source" ]; then
  [ -e "$kokkos_source" ] || bad_input "--kokkos-source '$kokkos_source' does not exist"
  kokkos_source=$(cd "$(dirname "$kokkos_source")" && pwd)/$(basename "$kokkos_source")
  pristine=$kokkos_source
  probe=$(mktemp -d)
  trap 'rm -rf "$probe"' EXIT
  unpack_source "$kokkos_source" "$probe"
  version=$(tree_version "$probe/kokkos")
  rm -rf "$probe"
  case $version in
    3.[4-9].*|4.[0-6].*) ;;
    3.*|[0-2].*) bad_input "Kokkos $version is older than 3.4, the oldest this project supports" ;;
    *) log "warning: Kokkos $version is newer than 4.6, the newest this project was tested with" ;;
  esac
  tag=$version
  if [ -f "$kokkos_source" ] && [ "$version" = "$upstream_version" ] &&
    [ "$(sha256_of "$kokkos_source")" = "$(pinned_upstream_sha)" ]; then
    :  # the known 4.6.01 tarball under another path: share its cache entries
  else
    tag=$version-src$(source_hash "$kokkos_source")
  fi
elif [ "$kokkos_version" = "$upstream_version" ] || { [ -z "$kokkos_version" ] && find_upstream_tarball; }; then
  version=$upstream_version; tag=$version
  pristine=$upstream_cached  # may be absent where only its patched tarball was carried
  [ -f "$pristine" ] || find_upstream_tarball || ls "$cache_dir"/kokkos-$version-patched-*.tar.gz >/dev/null 2>&1 ||
    die "Kokkos $version needs $shared_deps/$upstream_name or a copy in $cache_dir"
elif [ -z "$kokkos_version" ] || [ "$kokkos_version" = "$debian_version" ]; then
  version=$debian_version; tag=$version; pristine=$debian_pristine
else
  bad_input "--kokkos-version must be $debian_version or $upstream_version (or give --kokkos-source), not '$kokkos_version'"
fi

# The patch set is part of the cache key: changing a patch rebuilds Kokkos.
patch_dir=$repo_root/patches/kokkos-$version
patches=()
if [ -d "$patch_dir" ]; then
  for p in "$patch_dir"/*.patch; do [ -f "$p" ] && patches+=("$p"); done
fi
[ ${#patches[@]} -gt 0 ] || log "no project patches for Kokkos $version (patches/kokkos-$version/)"
patch_hash=$(cat /dev/null "${patches[@]}" | sha256sum | cut -c1-12)
patched_tarball=$cache_dir/kokkos-$tag-patched-$patch_hash.tar.gz
prefix=$cache_dir/kokkos-$tag-$backend-$patch_hash

if [ -f "$prefix/.complete" ]; then
  log "cached install of Kokkos $version at $prefix"
  echo "$prefix"
  exit 0
fi

make_patched_tarball() {
  local work; work=$(mktemp -d)
  trap 'rm -rf "$work"' RETURN
  unpack_source "$pristine" "$work"
  for p in "${patches[@]}"; do
    log "applying $(basename "$p")"
    patch -s -p1 -d "$work/kokkos" < "$p" || die "patch $(basename "$p") does not apply"
  done
  tar -czf "$patched_tarball.tmp" -C "$work" kokkos
  mv "$patched_tarball.tmp" "$patched_tarball"
}

if [ ! -f "$patched_tarball" ]; then
  if [ "$pristine" = "$debian_pristine" ] && [ ! -f "$pristine" ]; then fetch_debian_source; fi
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

log "configuring Kokkos $version ($backend) -> $prefix"
rm -rf "$prefix"
start=$SECONDS
cmake "${cmake_args[@]}" >"$build_root/configure.log" 2>&1 || { cat "$build_root/configure.log" >&2; die "Kokkos configure failed"; }
cmake --build "$build_root/build" --parallel "$jobs" >"$build_root/build.log" 2>&1 || { tail -n 60 "$build_root/build.log" >&2; die "Kokkos build failed"; }
cmake --install "$build_root/build" >/dev/null
# nvcc_wrapper is the C++ compiler of every consumer of a CUDA Kokkos; keep the patched copy.
[ "$backend" = cuda ] && install -m 755 "$src/bin/nvcc_wrapper" "$prefix/bin/nvcc_wrapper"
touch "$prefix/.complete"
log "installed Kokkos $version ($backend) at $prefix in $((SECONDS - start)) s with $jobs jobs"
echo "$prefix"
