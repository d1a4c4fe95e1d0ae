#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Installs a build into a temporary prefix, moves the prefix elsewhere (so only paths relative to
# the binary can work), and runs the installed binaries from an empty folder: -list must name the
# installed sample inputs and Kokkos Tools, a -verify run must pass on an installed sample input
# given by its bare name, a tool must load by its bare name, and the installed report must start.
#   tests/install_test.sh BUILD_DIR WORK_DIR
set -euo pipefail
build_dir=$(cd "$1" && pwd)
mkdir -p "$2"
work=$(cd "$2" && pwd)
rm -rf "$work"
mkdir -p "$work/run"

fail() { echo "install_test: FAIL: $*" >&2; exit 1; }

cmake --install "$build_dir" --prefix "$work/prefix" >"$work/install.log" ||
  fail "cmake --install failed (see $work/install.log)"
mv "$work/prefix" "$work/moved"
prefix=$work/moved
for f in bin/stencil_miniapp bin/stencil_check share/stencil_miniapp/inputs/hot_spot_64.h5 \
  share/stencil_miniapp/docs/result.schema.json share/stencil_miniapp/report.py \
  share/stencil_miniapp/registry.py share/stencil_miniapp/models.hpp \
  share/stencil_miniapp/LICENSE share/stencil_miniapp/CITATION.cff; do
  [ -e "$prefix/$f" ] || fail "the installed tree has no $f"
done
if grep -q '^STENCIL_BUILD_BENCHMARKS:BOOL=ON' "$build_dir/CMakeCache.txt"; then
  [ -x "$prefix/bin/stencil_bench" ] || fail "the installed tree has no bin/stencil_bench"
fi

cd "$work/run"
export OMP_PROC_BIND=false OMP_NUM_THREADS=2
"$prefix/bin/stencil_miniapp" -list >list.txt || fail "installed stencil_miniapp -list failed"
grep -A1 '^sample inputs' list.txt | grep -qx "  $prefix/share/stencil_miniapp/inputs" ||
  fail "-list does not name the installed inputs: $(cat list.txt)"

"$prefix/bin/stencil_miniapp" -input hot_spot_64.h5 -iters 5 -variant naive -space serial \
  -verify >verify.txt || fail "the installed -verify run failed: $(cat verify.txt)"
grep -q 'verification     : PASSED' verify.txt || fail "no PASSED: $(cat verify.txt)"
grep -q "initial state    : $prefix/share/stencil_miniapp/inputs/hot_spot_64.h5" verify.txt ||
  fail "the run did not read the installed sample: $(cat verify.txt)"
"$prefix/bin/stencil_check" --help >/dev/null || fail "installed stencil_check --help failed"
# The installed report reads the model registry installed beside it, not the source tree's.
/usr/bin/python3 "$prefix/share/stencil_miniapp/report.py" --help >report-help.txt 2>&1 ||
  fail "the installed report.py does not start: $(cat report-help.txt)"

tools=$(sed -n 's/^STENCIL_KOKKOS_TOOLS_DIR:PATH=//p' "$build_dir/CMakeCache.txt")
if [ -n "$tools" ] && [ -f "$tools/kp_kernel_logger.so" ]; then
  grep -A1 '^Kokkos Tools' list.txt | grep -qx "  $prefix/lib/stencil_miniapp" ||
    fail "-list does not name the installed Kokkos Tools: $(cat list.txt)"
  # Kokkos 3.7 renamed --kokkos-tools-library to --kokkos-tools-libs; the build reads one.
  tools_flag=--kokkos-tools-libs
  grep -q '^#define KOKKOS_VERSION 3' "$(sed -n 's/^Kokkos_DIR:PATH=//p' "$build_dir/CMakeCache.txt")/../../../include/KokkosCore_config.h" 2>/dev/null &&
    tools_flag=--kokkos-tools-library
  "$prefix/bin/stencil_miniapp" -n 32 -iters 1 -variant naive -space serial \
    "$tools_flag=kp_kernel_logger.so" >tool.txt 2>&1 || fail "a run with the logger failed: $(cat tool.txt)"
  grep -q 'KokkosP' tool.txt || fail "the kernel logger did not load by its bare name: $(cat tool.txt)"
  echo "install_test: the installed kernel logger loads by its bare name"
else
  echo "install_test: this build has no Kokkos Tools; their installed copies are not checked"
fi
echo "install_test: the installed tree at $prefix runs -list and a -verify run from its own paths"
