#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Fails (exit 1) when a tracked C++/CUDA file differs from what clang-format makes of it under the
# repository's .clang-format, and names each such file. CI runs it before the build and tests.
#   bash scripts/check-format.sh         # check
#   bash scripts/check-format.sh --fix   # reformat the drifting files in place
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

formatter=${CLANG_FORMAT:-clang-format}
command -v "$formatter" >/dev/null || { echo "check-format: $formatter not found (scripts/install-deps.sh installs it)" >&2; exit 2; }

drifting=()
while IFS= read -r -d '' file; do
  "$formatter" --dry-run --Werror "$file" >/dev/null 2>&1 || drifting+=("$file")
done < <(git ls-files -z '*.cpp' '*.hpp' '*.h' '*.cu' '*.cuh')

if [ ${#drifting[@]} -eq 0 ]; then
  echo "check-format: every file follows .clang-format ($("$formatter" --version))"
  exit 0
fi
if [ "${1:-}" = "--fix" ]; then
  "$formatter" -i "${drifting[@]}"
  echo "check-format: reformatted ${drifting[*]}"
  exit 0
fi
echo "check-format: ${#drifting[@]} file(s) differ from .clang-format; run bash scripts/check-format.sh --fix:" >&2
printf '  %s\n' "${drifting[@]}" >&2
exit 1
