#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""scripts/ctest-summary.py on CTest console logs of the shapes CTest 3.25 and CTest 4 print, and on
GoogleTest runs of a test binary itself: skipped tests are separated from passed ones, failures and
a run without a summary are counted.
Usage: ctest_summary_test.py CTEST_SUMMARY_PY WORK_DIR"""
import os
import shutil
import subprocess
import sys

PASSING_WITH_SKIPS = """\
617/620 Test #33: Cli.CudaImplWithoutAGpuFailsCleanly ........***Skipped   0.17 sec
620/620 Test #1: Cli.TypicalRunPrintsAResultBlock ............   Passed    0.20 sec

100% tests passed, 0 tests failed out of 620

Label Time Summary:
cpu    = 174.86 sec*proc (442 tests)

Total Test time (real) = 174.86 sec

The following tests did not run:
\t 33 - Cli.CudaImplWithoutAGpuFailsCleanly (Skipped)
\t553 - Profile/CudaSectors.Report/naive  # GetParam() = naive (Skipped)
\t620 - ncu_crosscheck (Skipped)
"""

FAILING = """\
99% tests passed, 2 tests failed out of 300

Total Test time (real) = 100.00 sec

The following tests did not run:
\t 12 - Gpu/Variant.BitForBit/cuda_naive_n1  # GetParam() = (cuda, naive, 1) (Skipped)

The following tests FAILED:
\t  7 - Integrity.AChunkMissingFromTheIndexIsRefused (Failed)
\t 40 - hdf5_mutants_refused_or_read_exactly (Failed)
Errors while running CTest
"""

# A failing CTest case's own output (--output-on-failure) holds GoogleTest's counts, which CTest's
# summary has already counted.
FAILING_WITH_OUTPUT = FAILING.replace("Errors while running CTest", """\
[==========] 1 test from 1 test suite ran. (5 ms total)
[  PASSED  ] 0 tests.
[  FAILED  ] 1 test, listed below:
Errors while running CTest""")

# CTest 4 (the GPU machine's) leaves out ", 0 tests failed" when none failed.
PASSING_CTEST4 = PASSING_WITH_SKIPS.replace("100% tests passed, 0 tests failed out of 620",
                                            "100% tests passed out of 620")

NO_SUMMARY = "ninja: build stopped: subcommand failed.\n"

# Two shards of a test binary run by itself (scripts/sanitize.sh), --gtest_brief=1: one passing
# with skips, one with a failure (whose name line must not be read as a count).
GTEST_SHARDS = """\
== GoogleTest: stencil_cpu_tests, shard 1 of 2: exit 0
[==========] 415 tests from 2 test suites ran. (61234 ms total)
[  PASSED  ] 413 tests.
[  SKIPPED ] 2 tests, listed below:
[  SKIPPED ] Host/VariantMatchesReference.BitForBitWithPoisonedOutput/kokkos_openmp_naive_n1
[  SKIPPED ] Host/VariantMatchesReference.BitForBitWithPoisonedOutput/kokkos_openmp_naive_n2
== GoogleTest: stencil_cpu_tests, shard 2 of 2: exit 1
[  FAILED  ] Host/VariantMatchesReference.BitForBitWithPoisonedOutput/openmp_tiled_n3 (12 ms)
[==========] 415 tests from 2 test suites ran. (60321 ms total)
[  PASSED  ] 414 tests.
[  FAILED  ] 1 test, listed below:
[  FAILED  ] Host/VariantMatchesReference.BitForBitWithPoisonedOutput/openmp_tiled_n3

 1 FAILED TEST
"""


def main() -> None:
    script, work = sys.argv[1], sys.argv[2]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    logs = {}
    for name, text in [("pass", PASSING_WITH_SKIPS), ("fail", FAILING), ("broken", NO_SUMMARY),
                       ("two_runs", FAILING + PASSING_WITH_SKIPS), ("ctest4", PASSING_CTEST4),
                       ("gtest", GTEST_SHARDS), ("both", PASSING_WITH_SKIPS + GTEST_SHARDS),
                       ("fail_output", FAILING_WITH_OUTPUT)]:
        logs[name] = os.path.join(work, name + ".log")
        with open(logs[name], "w") as f:
            f.write(text)
    cases = [([logs["pass"]], "617 passed, 0 failed, 3 skipped"),
             ([logs["fail"]], "297 passed, 2 failed, 1 skipped"),
             ([logs["pass"], logs["fail"]], "914 passed, 2 failed, 4 skipped"),
             ([logs["pass"], logs["broken"]], "617 passed, 1 failed, 3 skipped"),
             # One log holding two CTest runs (scripts/sanitize.sh): both are counted.
             ([logs["two_runs"]], "914 passed, 2 failed, 4 skipped"),
             ([logs["ctest4"]], "617 passed, 0 failed, 3 skipped"),
             ([logs["gtest"]], "827 passed, 1 failed, 2 skipped"),
             # scripts/sanitize.sh: CTest runs and the binary's own shards in one log.
             ([logs["both"]], "1444 passed, 1 failed, 5 skipped"),
             ([logs["fail_output"]], "297 passed, 2 failed, 1 skipped")]
    problems = 0
    for args, expected in cases:
        out = subprocess.run([sys.executable, script, *args], capture_output=True, text=True).stdout
        if out.strip() != expected:
            print(f"FAILED: {[os.path.basename(a) for a in args]}: {out.strip()!r}, expected "
                  f"{expected!r}")
            problems += 1
    if problems:
        sys.exit(1)
    print(f"ok: {len(cases)} summaries")
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
