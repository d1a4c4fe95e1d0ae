#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# scripts/build-patched-app.sh on a scratch CMake project with a target named stencil_miniapp: a
# patch that applies gives a binary built with it and leaves the tree as it was, and the next
# build of the tree is the tree's own, even where its files' times are older; a patch that
# does not apply, and one whose build fails, exit 1 with the tree as it was; a missing patch and
# a missing build folder exit 2.
#   bash tests/build_patched_app_test.sh WORK_DIR
set -uo pipefail
work=$1
script=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/scripts/build-patched-app.sh
rm -rf "$work" && mkdir -p "$work/src" "$work/bin"
fail() { echo "build_patched_app_test: $*" >&2; exit 1; }

cat >"$work/src/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.16)
project(patched_app_test CXX)
add_executable(stencil_miniapp main.cpp)
CMAKE
printf '#include <cstdio>\nint main() { std::puts("tree"); }\n' >"$work/src/main.cpp"
cp -r "$work/src" "$work/pristine"
generator=()
command -v ninja >/dev/null 2>&1 && generator=(-G Ninja)
cmake -S "$work/src" -B "$work/build" "${generator[@]}" >/dev/null || fail "the scratch project does not configure"
cmake --build "$work/build" >/dev/null || fail "the scratch project does not build"

# A patch in git's a/ b/ form, made from a copy of the tree.
make_patch() {  # make_patch NEW_MAIN_LINE PATCH_FILE
  rm -rf "$work/a" "$work/b" && cp -r "$work/pristine" "$work/a" && cp -r "$work/pristine" "$work/b"
  printf '#include <cstdio>\nint main() { %s }\n' "$1" >"$work/b/main.cpp"
  (cd "$work" && diff -u a/main.cpp b/main.cpp >"$2")
}
run() { STENCIL_SOURCE_DIR=$work/src BUILD_DIR=$work/build bash "$script" "$@" >"$work/log" 2>&1; }
tree_is_pristine() { diff -r -x '*.orig' -x '*.rej' "$work/pristine" "$work/src" >/dev/null; }

make_patch 'std::puts("patched");' "$work/good.patch"
run "$work/good.patch" "$work/bin/patched" || fail "exit $? on a patch that applies: $(cat "$work/log")"
[ "$("$work/bin/patched")" = patched ] || fail "the copied binary was not built with the patch"
tree_is_pristine || fail "the tree is not restored after a good patch"
# A copy of the tree onto another machine keeps the files' old times: the next build must still
# remake what the patch touched, from the tree's own files.
touch -d '2000-01-01' "$work/src/main.cpp"
cmake --build "$work/build" >/dev/null || fail "the tree does not build after a good patch"
[ "$("$work/build/stencil_miniapp")" = tree ] ||
  fail "the next build of the tree kept the patched objects (a reversed file's time is older)"

printf -- '--- a/main.cpp\n+++ b/main.cpp\n@@ -1,2 +1,2 @@\n #include <cstdio>\n-int main() { std::puts("elsewhere"); }\n+int main() { std::puts("x"); }\n' \
  >"$work/stale.patch"
run "$work/stale.patch" "$work/bin/stale"
[ $? -eq 1 ] || fail "a patch that does not apply did not exit 1"
grep -q "does not apply" "$work/log" || fail "no clear message for a patch that does not apply"
tree_is_pristine || fail "a patch that does not apply changed the tree"

make_patch 'this is not C++' "$work/broken.patch"
run "$work/broken.patch" "$work/bin/broken"
[ $? -eq 1 ] || fail "a patch whose build fails did not exit 1"
[ ! -e "$work/bin/broken" ] || fail "a failed build left a binary"
tree_is_pristine || fail "the tree is not restored after a failed build"

run "$work/missing.patch" "$work/bin/x"
[ $? -eq 2 ] || fail "a missing patch did not exit 2"
STENCIL_SOURCE_DIR=$work/src BUILD_DIR=$work/nowhere bash "$script" "$work/good.patch" "$work/bin/x" \
  >/dev/null 2>&1
[ $? -eq 2 ] || fail "a missing build folder did not exit 2"
echo "build_patched_app_test: passed"
