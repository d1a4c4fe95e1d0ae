#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""scripts/ctest-summary.py on CTest console logs of the shapes CTest 3.25 and CTest 4 print: skipped tests
are separated from passed ones, failures and a run without a summary are counted.
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

# CTest 4 (the GPU machine's) leaves out ", 0 tests failed" when none failed.
PASSING_CTEST4 = PASSING_WITH_SKIPS.replace("100% tests passed, 0 tests failed out of 620",
                                            "100% tests passed out of 620")

NO_SUMMARY = "ninja: build stopped: subcommand failed.\n"


def main() -> None:
    script, work = sys.argv[1], sys.argv[2]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    logs = {}
    for name, text in [("pass", PASSING_WITH_SKIPS), ("fail", FAILING), ("broken", NO_SUMMARY),
                       ("two_runs", FAILING + PASSING_WITH_SKIPS), ("ctest4", PASSING_CTEST4)]:
        logs[name] = os.path.join(work, name + ".log")
        with open(logs[name], "w") as f:
            f.write(text)
    cases = [([logs["pass"]], "617 passed, 0 failed, 3 skipped"),
             ([logs["fail"]], "297 passed, 2 failed, 1 skipped"),
             ([logs["pass"], logs["fail"]], "914 passed, 2 failed, 4 skipped"),
             ([logs["pass"], logs["broken"]], "617 passed, 1 failed, 3 skipped"),
             # One log holding two CTest runs (scripts/sanitize.sh): both are counted.
             ([logs["two_runs"]], "914 passed, 2 failed, 4 skipped"),
             ([logs["ctest4"]], "617 passed, 0 failed, 3 skipped")]
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
