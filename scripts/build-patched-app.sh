#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Builds the driver with a patch applied, beside the tree's own build, so that one device call can
# time a candidate change against main (the device's copy of the tree has no .git):
#   bash scripts/build-patched-app.sh PATCH OUT_BINARY
# PATCH is a unified diff against the tree (`git format-patch -1 COMMIT --stdout > PATCH`, or
# `git diff`), with paths one level deep (a/..., b/...). The script applies it to the tree, builds
# the target stencil_miniapp in BUILD_DIR (default build-gpu, which scripts/gpu-check.sh makes),
# copies the binary to OUT_BINARY and reverses the patch, also when the build fails. The build
# folder then lacks the objects built from the patched files: copy the tree's own binary before,
# and the next build remakes them (with the tree's files, whatever their times). Then, for example:
#   cp build-gpu/stencil_miniapp /tmp/main-app
#   bash scripts/build-patched-app.sh cand.patch /tmp/cand-app
#   bash scripts/gpu-before-after.sh /tmp/main-app /tmp/cand-app OUT/ab.csv
# STENCIL_SOURCE_DIR names another source tree (the script's own test uses a scratch project).
# Exit status: 2 on bad arguments; 1 where the patch does not apply (the tree is left as it was)
# or the build fails.
set -uo pipefail

die() { echo "build-patched-app: $*" >&2; exit "${2:-1}"; }
[ $# -eq 2 ] || die "usage: build-patched-app.sh PATCH OUT_BINARY" 2
patch_file=$(realpath -e "$1" 2>/dev/null) || die "no patch file at '$1'" 2
out=$(realpath -m "$2")
[ -d "$(dirname "$out")" ] || die "no folder for '$out'" 2
repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
source_dir=${STENCIL_SOURCE_DIR:-$repo_root}
build=$(realpath -m "${BUILD_DIR:-$source_dir/build-gpu}")
[ -f "$build/CMakeCache.txt" ] || die "no configured build in '$build' (build the tree first)" 2
command -v patch >/dev/null 2>&1 || die "needs the patch tool" 2

cd "$source_dir" || die "no source tree at '$source_dir'" 2
patch -p1 --forward --batch --dry-run --silent <"$patch_file" >/dev/null 2>&1 ||
  die "'$1' does not apply to $source_dir; the tree is unchanged"
patch -p1 --forward --batch --silent <"$patch_file" || die "'$1' failed to apply"
# Reversed, the patched files have their old contents again, but their times may be older than the
# patched objects: a copy of the tree onto another machine (the device runner's) keeps each file's
# time. So the objects built from a patched file are deleted, and the next build remakes them; a
# build folder of another generator than Ninja is rebuilt here instead.
forget_patched_objects() {
  local ninja_program
  ninja_program=$(sed -n 's/^CMAKE_MAKE_PROGRAM:[A-Z]*=//p' "$build/CMakeCache.txt")
  if [ ! -f "$build/build.ninja" ] || [ -z "$ninja_program" ]; then
    cmake --build "$build" --target stencil_miniapp >/dev/null ||
      echo "build-patched-app: the tree's own rebuild in $build failed" >&2
    return
  fi
  # The compiler saw the sources under the path CMake was given, resolved or not.
  sed -n 's|^+++ b/\([^[:space:]]*\).*|\1|p' "$patch_file" |
    awk -v logical="$PWD" -v physical="$(pwd -P)" '{ print logical "/" $0; print physical "/" $0 }' \
      >"$build/.patched-files"
  "$ninja_program" -C "$build" -t deps | awk -v list="$build/.patched-files" '
    BEGIN { while ((getline line < list) > 0) patched[line] = 1 }
    /^[^ \t]/ { target = substr($0, 1, index($0, ":") - 1); next }
    { sub(/^[ \t]+/, ""); if ($0 in patched && !(target in gone)) { gone[target] = 1; print target } }
  ' | while read -r target; do rm -f "$build/$target"; done
  rm -f "$build/.patched-files"
}
restore_tree() {
  patch -p1 -R --batch --silent <"$patch_file" ||
    echo "build-patched-app: could not reverse $patch_file in $source_dir" >&2
  forget_patched_objects
}
trap restore_tree EXIT

cmake --build "$build" --target stencil_miniapp || die "the patched build failed"
cp "$build/stencil_miniapp" "$out" || die "could not copy the binary to '$out'"
echo "build-patched-app: $out is stencil_miniapp with $(basename "$patch_file") applied"
