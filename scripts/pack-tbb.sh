#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Packs Debian 12's TBB for the GPU machine's host, which has none, so that its CPU-only build
# (scripts/gpu-check.sh's CPU suite, scripts/study.sh on its CPU) builds and runs -impl stdpar:
#   bash scripts/pack-tbb.sh
# Run on a Debian 12 machine with apt's package lists (the CPU machines). Downloads libtbb-dev,
# libtbb12, libtbbmalloc2 and libtbbbind-2-5 (headers, CMake package and runtime libraries;
# about 0.3 MB) with apt-get download, unpacks them with dpkg -x (nothing is installed) and writes
# .carry/tbb/tbb.tar.xz (a folder `tbb` holding usr/include and usr/lib/x86_64-linux-gnu) with a
# MANIFEST of the package versions. Carry .carry/ to the GPU machine beside the directive packs;
# scripts/tbb-env.sh unpacks it there.
set -euo pipefail

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
packages=(libtbb-dev libtbb12 libtbbmalloc2 libtbbbind-2-5)
# shellcheck source=apt-download-dir.sh
source "$repo_root/scripts/apt-download-dir.sh"
downloads=$(apt_download_dir)
stage=$(mktemp -d)
trap 'rm -rf "$downloads" "$stage"' EXIT
(cd "$downloads" && apt-get download "${packages[@]}" >/dev/null) || {
  echo "pack-tbb: apt-get download ${packages[*]} failed (a Debian 12 machine with apt lists?)" >&2
  exit 1
}
mkdir -p "$stage/tbb"
for deb in "$downloads"/*.deb; do dpkg -x "$deb" "$stage/tbb"; done
[ -f "$stage/tbb/usr/lib/x86_64-linux-gnu/cmake/TBB/TBBConfig.cmake" ] || {
  echo "pack-tbb: the packages hold no TBBConfig.cmake" >&2
  exit 1
}
# Documentation and the lintian overrides are no use there.
rm -rf "$stage/tbb/usr/share"
{
  for deb in "$downloads"/*.deb; do dpkg-deb -f "$deb" Package Version | paste -sd' '; done
  echo "packed: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
} >"$stage/tbb/MANIFEST"
carry=$repo_root/.carry/tbb
mkdir -p "$carry"
tar -C "$stage" -cf - tbb | xz -T0 -9e >"$carry/tbb.tar.xz.partial"
mv "$carry/tbb.tar.xz.partial" "$carry/tbb.tar.xz"
echo "pack-tbb: $carry/tbb.tar.xz ($(du -h "$carry/tbb.tar.xz" | cut -f1);" \
  "$(du -sh "$stage/tbb" | cut -f1) unpacked): $(head -n 4 "$stage/tbb/MANIFEST" | paste -sd';')"
