#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# AddressSanitizer + UndefinedBehaviorSanitizer build of the CPU code (CUDA off) in
# ./build-sanitize (or $BUILD_DIR), against the project's bootstrapped Kokkos (OpenMP + Serial,
# itself not instrumented), then the whole CPU suite (ctest -L cpu) on it. Leak checking is on
# (but for the MPI jobs, see below); the one suppression (scripts/sanitizer/lsan.supp) is a leak
# inside libhdf5 itself. Any report fails the test that triggered it. Extra arguments go to ctest
# (e.g. -R Integrity).
# The bit-for-bit cases of stencil_cpu_tests (VariantMatchesReference, RectangleMatchesReference:
# every variant x model x space x size, two thirds of the suite) run in the test binary itself,
# one shard per core, not as one process per case under CTest: under the sanitizers a process
# start costs about 0.6 s, more than a small case's own work. SANITIZE_GTEST_FILTER is their
# GoogleTest filter (default: all of them; `-` for none), e.g. '*VariantMatchesReference.*-*_fp64'.
set -euo pipefail

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${BUILD_DIR:-$repo_root/build-sanitize}
kokkos_root=${Kokkos_ROOT:-$("$repo_root/scripts/bootstrap-kokkos.sh" --backend openmp)}

# The sanitizer flags and build type are the `sanitize` preset's (CMakePresets.json).
args=(-S "$repo_root" --preset sanitize -B "$build_dir" -DKokkos_ROOT="$kokkos_root")
if [ -f "$build_dir/CMakeCache.txt" ]; then
  generator=$(sed -n 's/^CMAKE_GENERATOR:INTERNAL=//p' "$build_dir/CMakeCache.txt")
  [ -z "$generator" ] || args+=(-G "$generator")
elif ! command -v ninja >/dev/null 2>&1; then
  args+=(-G "Unix Makefiles")
fi
cmake "${args[@]}" >/dev/null
cmake --build "$build_dir" --parallel "$(nproc)"

# exitcode 23 marks a sanitizer report; the CLI tests would otherwise read it as the app's own.
# Slow unwinding on malloc: libhdf5 has no frame pointers, so the fast unwinder stops at its
# first frame and the suppression could not see which libhdf5 function allocated.
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:exitcode=23:strict_string_checks=1:detect_stack_use_after_return=1:fast_unwind_on_malloc=0
export LSAN_OPTIONS=suppressions=$repo_root/scripts/sanitizer/lsan.supp:print_suppressions=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:exitcode=23
status=0
# The MPI jobs (label mpi) run with every check but the leak check: OpenMPI allocates in plugins
# it unloads at MPI_Finalize, so LeakSanitizer reports leaks whose frames it cannot name (seen:
# 33 reports per rank, all in OpenMPI, libevent, hwloc or "<unknown module>"), and no
# suppression can match an unnamed frame. Memory errors and undefined behaviour still fail them.
if ctest --test-dir "$build_dir" -N -L mpi | grep -q 'Total Tests: [1-9]'; then
  ASAN_OPTIONS=${ASAN_OPTIONS/detect_leaks=1/detect_leaks=0} \
    ctest --test-dir "$build_dir" -L mpi --output-on-failure -j2 "$@" || status=1
fi
# Besides the bit-for-bit cases, CTest leaves out the checks of the scripts (Python, and shell
# over the app's runs that the CLI tests already make): they run no instrumented code of their own.
ctest --test-dir "$build_dir" -L cpu -LE mpi --output-on-failure -j2 \
  -E 'VariantMatchesReference|RectangleMatchesReference|^perf_|ab_forms_script|temporal_grids_script' "$@" || status=1

# The bit-for-bit cases in-process (see above), with the environment CTest gives them
# (tests/CMakeLists.txt); each shard's console is shown after it ends, its closing counts read by
# scripts/ctest-summary.py.
filter=${SANITIZE_GTEST_FILTER:-*VariantMatchesReference.*:*RectangleMatchesReference.*}
if [ "$filter" != - ]; then
  shards=$(nproc)
  shard_logs=$(mktemp -d)
  pids=()
  for ((shard = 0; shard < shards; ++shard)); do
    OMP_PROC_BIND=false OMP_NUM_THREADS=2 GTEST_TOTAL_SHARDS=$shards GTEST_SHARD_INDEX=$shard \
      "$build_dir/tests/stencil_cpu_tests" --gtest_filter="$filter" --gtest_brief=1 \
      >"$shard_logs/$shard.log" 2>&1 &
    pids+=($!)
  done
  for ((shard = 0; shard < shards; ++shard)); do
    rc=0
    wait "${pids[$shard]}" || rc=$?
    echo "== GoogleTest: stencil_cpu_tests, bit-for-bit cases, shard $((shard + 1)) of $shards: exit $rc"
    cat "$shard_logs/$shard.log"
    [ "$rc" -eq 0 ] || status=1
  done
  rm -rf "$shard_logs"
fi
exit "$status"
