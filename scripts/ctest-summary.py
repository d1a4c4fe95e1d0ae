#!/usr/bin/python3
"""One line over several CTest runs: `N passed, M failed, K skipped`.

CTest's own summary ("100% tests passed, 0 tests failed out of 620") counts a skipped test as
passed; the skipped ones are only listed below it ("The following tests did not run:"). This
reads the console output of each run (a log file per run), takes the last summary of each and
subtracts the listed skipped tests. A log without a summary (the build failed before CTest ran)
counts as one failure.
Usage: ctest-summary.py LOG...
"""
import re
import sys

SUMMARY = re.compile(r"tests passed, (\d+) tests? failed out of (\d+)")
NOT_RUN_HEADER = "The following tests did not run:"
LISTED = re.compile(r"^\s*\d+ - .*\((Skipped|Disabled)\)\s*$")


def counts(text: str) -> tuple:
    """(passed, failed, skipped) of the last CTest run in `text`, or None without a summary."""
    matches = list(SUMMARY.finditer(text))
    if not matches:
        return None
    last = matches[-1]
    failed, total = int(last.group(1)), int(last.group(2))
    skipped = 0
    tail = text[last.end():]
    if NOT_RUN_HEADER in tail:
        for line in tail.split(NOT_RUN_HEADER, 1)[1].splitlines()[1:]:
            if LISTED.match(line):
                skipped += 1
            elif line.strip() and not line.startswith("\t") and not line.startswith(" "):
                break
    return total - failed - skipped, failed, skipped


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
