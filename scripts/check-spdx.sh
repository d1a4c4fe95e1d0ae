#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Fails (exit 1) when a tracked source file (C++, CUDA, CMake, Python, shell) lacks the licence's
# SPDX line within its first three lines, and names each such file. CI runs it beside the format
# check.
#   bash scripts/check-spdx.sh         # check
#   bash scripts/check-spdx.sh --fix   # add the line where it is missing (after a #! line)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

readonly licence="SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception"

comment_prefix() {
  case $1 in
    *.cpp | *.hpp | *.h | *.cu | *.cuh) echo "//" ;;
    *) echo "#" ;;
  esac
}

has_line() { head -n 3 "$1" | grep -q "SPDX-License-Identifier:"; }

# Adds the line through a temporary file beside the original, renamed over it, keeping its mode.
add_line() {
  local file=$1 line
  line="$(comment_prefix "$file") $licence"
  local tmp
  tmp=$(mktemp "$file.spdx.XXXXXX")
  if head -n 1 "$file" | grep -q '^#!'; then
    { head -n 1 "$file"; echo "$line"; tail -n +2 "$file"; } >"$tmp"
  else
    { echo "$line"; cat "$file"; } >"$tmp"
  fi
  chmod --reference="$file" "$tmp"
  mv "$tmp" "$file"
}

missing=()
while IFS= read -r -d '' file; do
  [ -f "$file" ] || continue  # deleted in the working tree but still tracked
  has_line "$file" || missing+=("$file")
done < <(git ls-files -z '*.cpp' '*.hpp' '*.h' '*.cu' '*.cuh' '*.cmake' '*CMakeLists.txt' '*.py' \
  '*.sh' '.ci/run')

if [ ${#missing[@]} -eq 0 ]; then
  echo "check-spdx: every source file names its licence ($licence)"
  exit 0
fi
if [ "${1:-}" = "--fix" ]; then
  for file in "${missing[@]}"; do
    add_line "$file"
  done
  echo "check-spdx: added the SPDX line to ${#missing[@]} file(s)"
  exit 0
fi
echo "check-spdx: ${#missing[@]} file(s) lack the SPDX line; run bash scripts/check-spdx.sh --fix:" >&2
printf '  %s\n' "${missing[@]}" >&2
exit 1
