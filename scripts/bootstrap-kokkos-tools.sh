#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Builds two Kokkos Tools for stencil_miniapp's --kokkos-tools-libs into the cache (.deps/):
# debugging/kernel-logger (every kernel launch and its label on stdout) and
# profiling/simple-kernel-timer (time per kernel label, read back with kp_reader).
#
# Source: ../shared/deps/kokkos-tools-758d979.tar.gz beside the repository (a 2024 snapshot,
# checked against its pinned SHA-256 and ../shared/deps/SHA256SUMS), copied into the cache so the
# cache alone can travel to the GPU machine. Each tool is built on its own with its own Makefile:
# the tools need no Kokkos to build (they only implement Kokkos' C profiling interface).
#
#   bash scripts/bootstrap-kokkos-tools.sh [--if-available]
# Prints the folder holding kp_kernel_logger.so, kp_kernel_timer.so and kp_reader on the last line
# of stdout. Without the tarball it fails (exit 1), or with --if-available prints nothing and
# exits 0, so build.sh can call it everywhere.
set -euo pipefail

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cache_dir=${STENCIL_DEPS_DIR:-$repo_root/.deps}
shared_deps=${STENCIL_SHARED_DEPS:-$repo_root/../shared/deps}
commit=758d979
tarball_name=kokkos-tools-$commit.tar.gz
pinned_sha256=900388d3d9675de74449a586f93dab32472f45344997d80894d60f3fe0fb90c9
cached_tarball=$cache_dir/$tarball_name
# The recipe below is part of the cache key: changing it rebuilds the tools.
recipe_hash=$(sha256sum "${BASH_SOURCE[0]}" | cut -c1-8)
prefix=$cache_dir/kokkos-tools-$commit-$recipe_hash

if_available=0
case ${1:-} in
  --if-available) if_available=1 ;;
  "") ;;
  -h|--help) sed -n '2,14p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
  *) echo "bootstrap-kokkos-tools: unknown option '$1'" >&2; exit 2 ;;
esac

log() { echo "bootstrap-kokkos-tools: $*" >&2; }
die() { echo "bootstrap-kokkos-tools: error: $*" >&2; exit 1; }

if [ -f "$prefix/.complete" ]; then
  log "cached tools at $prefix"
  echo "$prefix"
  exit 0
fi

mkdir -p "$cache_dir"
shared=$shared_deps/$tarball_name
if [ ! -f "$cached_tarball" ] && [ -f "$shared" ]; then
  sum=$(sha256sum "$shared" | cut -d' ' -f1)
  [ "$sum" = "$pinned_sha256" ] || die "$shared does not match the pinned SHA-256"
  if [ -f "$shared_deps/SHA256SUMS" ]; then
    grep -q "^$sum  $tarball_name\$" "$shared_deps/SHA256SUMS" ||
      die "$shared does not match $shared_deps/SHA256SUMS"
  fi
  cp "$shared" "$cached_tarball.tmp" && mv "$cached_tarball.tmp" "$cached_tarball"
fi
if [ ! -f "$cached_tarball" ]; then
  if [ "$if_available" = 1 ]; then
    log "no $tarball_name (in $shared_deps or $cache_dir): Kokkos Tools not built"
    exit 0
  fi
  die "no $tarball_name in $shared_deps or $cache_dir"
fi
if ! command -v make >/dev/null 2>&1 || ! command -v g++ >/dev/null 2>&1; then
  [ "$if_available" = 1 ] && { log "no make or g++ here: Kokkos Tools not built"; exit 0; }
  die "the tools' Makefiles need make and g++"
fi
[ "$(sha256sum "$cached_tarball" | cut -d' ' -f1)" = "$pinned_sha256" ] ||
  die "$cached_tarball does not match the pinned SHA-256; delete it and run again"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tar -xzf "$cached_tarball" -C "$work"
src=$work/kokkos-tools-$commit
rm -rf "$prefix"
mkdir -p "$work/logger" "$work/timer"
# The Makefiles find their sources through their own path, so each builds in a scratch folder.
make -s -C "$work/logger" -f "$src/debugging/kernel-logger/Makefile" kp_kernel_logger.so >&2 ||
  die "building the kernel logger failed"
make -s -C "$work/timer" -f "$src/profiling/simple-kernel-timer/Makefile" \
  kp_kernel_timer.so kp_reader >&2 || die "building the simple kernel timer failed"
install -d "$prefix"
install -m 755 "$work/logger/kp_kernel_logger.so" "$work/timer/kp_kernel_timer.so" \
  "$work/timer/kp_reader" "$prefix/"
touch "$prefix/.complete"
log "built the kernel logger and the simple kernel timer into $prefix"
echo "$prefix"
