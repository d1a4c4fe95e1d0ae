#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""One line over several CTest runs: `N passed, M failed, K skipped`.

CTest's own summary ("100% tests passed, 0 tests failed out of 620") counts a skipped test as
passed; the skipped ones are only listed below it ("The following tests did not run:"). This
reads the console output of CTest runs (one or more runs per log file), takes every summary and
subtracts the skipped tests listed after it. A log may also hold GoogleTest runs of a test binary
itself (scripts/sanitize.sh runs the bit-for-bit cases so), each after a line that starts with
"== GoogleTest:": their closing counts ("[  PASSED  ] 56 tests.", "[  SKIPPED ] 2 tests, listed
below:", "[  FAILED  ] 1 test, listed below:") are added. Only there: a failing CTest case prints
the same counts in its output, and CTest's summary has already counted it. A log without either
summary (the build failed before the tests ran) counts as one failure.
Usage: ctest-summary.py LOG...
"""
import re
import sys

# CTest 4 leaves out ", 0 tests failed" when none failed.
SUMMARY = re.compile(r"tests passed(?:, (\d+) tests? failed)? out of (\d+)")
NOT_RUN_HEADER = "The following tests did not run:"
GTEST_COUNTS = {
    "passed": re.compile(r"^\[  PASSED  \] (\d+) tests?\.", re.M),
    "skipped": re.compile(r"^\[  SKIPPED \] (\d+) tests?, listed below:", re.M),
    "failed": re.compile(r"^\[  FAILED  \] (\d+) tests?, listed below:", re.M),
}
LISTED = re.compile(r"^\s*\d+ - .*\((Skipped|Disabled)\)\s*$")


def gtest_counts(text: str) -> tuple:
    """(passed, failed, skipped) summed over every GoogleTest run in `text`, or None without one."""
    runs = [run.split("\n== ", 1)[0] for run in ("\n" + text).split("\n== GoogleTest:")[1:]]
    found = {kind: [int(m.group(1)) for run in runs for m in pattern.finditer(run)]
             for kind, pattern in GTEST_COUNTS.items()}
    if not any(found.values()):
        return None
    return sum(found["passed"]), sum(found["failed"]), sum(found["skipped"])


def counts(text: str) -> tuple:
    """(passed, failed, skipped) summed over every CTest and GoogleTest run in `text`, or None
    without one."""
    matches = list(SUMMARY.finditer(text))
    gtest = gtest_counts(text)
    if not matches and gtest is None:
        return None
    passed, failed, skipped = gtest or (0, 0, 0)
    for index, match in enumerate(matches):
        run_failed, total = int(match.group(1) or 0), int(match.group(2))
        run_skipped = 0
        # What follows this summary, up to the next run's output.
        tail = text[match.end():matches[index + 1].start() if index + 1 < len(matches) else None]
        if NOT_RUN_HEADER in tail:
            for line in tail.split(NOT_RUN_HEADER, 1)[1].splitlines()[1:]:
                if LISTED.match(line):
                    run_skipped += 1
                elif line.strip() and not line.startswith("\t") and not line.startswith(" "):
                    break
        passed += total - run_failed - run_skipped
        failed += run_failed
        skipped += run_skipped
    return passed, failed, skipped


def main() -> None:
    passed = failed = skipped = 0
    for path in sys.argv[1:]:
        with open(path, errors="replace") as log:
            result = counts(log.read())
        if result is None:
            print(f"ctest-summary: no test summary in {path} (did its build fail?)", file=sys.stderr)
            failed += 1
            continue
        passed, failed, skipped = passed + result[0], failed + result[1], skipped + result[2]
    print(f"{passed} passed, {failed} failed, {skipped} skipped")


if __name__ == "__main__":
    main()
