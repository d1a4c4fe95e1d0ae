#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""One line over several CTest runs: `N passed, M failed, K skipped`.

CTest's own summary ("100% tests passed, 0 tests failed out of 620") counts a skipped test as
passed; the skipped ones are only listed below it ("The following tests did not run:"). This
reads the console output of CTest runs (one or more runs per log file), takes every summary and
subtracts the skipped tests listed after it. A log without a summary (the build failed before
CTest ran) counts as one failure.
Usage: ctest-summary.py LOG...
"""
import re
import sys

# CTest 4 leaves out ", 0 tests failed" when none failed.
SUMMARY = re.compile(r"tests passed(?:, (\d+) tests? failed)? out of (\d+)")
NOT_RUN_HEADER = "The following tests did not run:"
LISTED = re.compile(r"^\s*\d+ - .*\((Skipped|Disabled)\)\s*$")


def counts(text: str) -> tuple:
    """(passed, failed, skipped) summed over every CTest run in `text`, or None without one."""
    matches = list(SUMMARY.finditer(text))
    if not matches:
        return None
    passed = failed = skipped = 0
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
            print(f"ctest-summary: no CTest summary in {path} (did its build fail?)", file=sys.stderr)
            failed += 1
            continue
        passed, failed, skipped = passed + result[0], failed + result[1], skipped + result[2]
    print(f"{passed} passed, {failed} failed, {skipped} skipped")


if __name__ == "__main__":
    main()
