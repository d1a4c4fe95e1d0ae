#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The table of scripts/gpu-before-after.sh: per implementation, variant and N, the median ratio
to the in-process copy of each build and after ÷ before, marked where it leaves ±TOLERANCE, and
the median rate of each (the rate does not depend on how the copy reference is measured).

Usage: before-after-table.py RUNS_CSV [TOLERANCE]   (default 0.02)
"""
import csv
import statistics
import sys


def main() -> None:
    tolerance = float(sys.argv[2]) if len(sys.argv) > 2 else 0.02
    ratios, rates = {}, {}
    for row in csv.DictReader(open(sys.argv[1])):
        key = (row["impl"], row["variant"], row["n"])
        ratios.setdefault(key, {}).setdefault(row["build"], []).append(float(row["ratio_to_copy"]))
        rates.setdefault(key, {}).setdefault(row["build"], []).append(float(row["gcells_per_s"]))
    print(f"| impl | variant | N | before ÷ copy | after ÷ copy | after ÷ before | within ±{tolerance:.0%} "
          "| Gcell/s before | Gcell/s after | after ÷ before |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    outside = 0
    for (impl, variant, n), builds in ratios.items():
        if "before" not in builds or "after" not in builds:
            continue
        before = statistics.median(builds["before"])
        after = statistics.median(builds["after"])
        change = after / before if before > 0 else float("nan")
        inside = abs(change - 1.0) <= tolerance
        outside += 0 if inside else 1
        rate_before = statistics.median(rates[(impl, variant, n)]["before"])
        rate_after = statistics.median(rates[(impl, variant, n)]["after"])
        rate_change = rate_after / rate_before if rate_before > 0 else float("nan")
        print(f"| {impl} | {variant} | {n} | {before:.3f} | {after:.3f} | {change:.3f} | "
              f"{'yes' if inside else 'NO'} | {rate_before:.1f} | {rate_after:.1f} | {rate_change:.3f} |")
    print(f"\nrows outside ±{tolerance:.0%}: {outside}")


if __name__ == "__main__":
    main()
