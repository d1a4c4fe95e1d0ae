#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Packs a measurement folder for a runner that returns only a few files: every file under DIR but
# summary.txt goes into DIR/logs.tar.xz (paths relative to DIR) and leaves DIR, so DIR holds
# summary.txt and the archive. `tar -xJf logs.tar.xz` restores the rest.
#   bash scripts/pack-out.sh DIR
# scripts/gpu-check.sh and scripts/gpu-temporal.sh call it on exit when GPU_CHECK_PACK=1.
set -euo pipefail
if [ $# -ne 1 ] || [ ! -d "$1" ]; then
  echo "usage: pack-out.sh DIR (an existing folder)" >&2
  exit 2
fi
cd "$1"
list=$(mktemp)
trap 'rm -f "$list"' EXIT
find . -type f ! -path ./summary.txt ! -path ./logs.tar.xz -print >"$list"
[ -s "$list" ] || exit 0
tar -cJf logs.tar.xz -T "$list"
xargs -d '\n' rm -f <"$list"
find . -mindepth 1 -type d -empty -delete
