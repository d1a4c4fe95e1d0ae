#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""One model's rate over another's, per variant, grid and precision, from a study.csv.

    python3 scripts/model-ratio.py STUDY_CSV MODEL BASE_MODEL

Each model's figure is its best Gcell/s over the rows of that variant, N and precision (its
loop shapes, spaces and chunk counts); a line appears where both models have one. Prints a
Markdown table, e.g. `stdpar openmp` for issue 41's goal of stdpar at 0.85 of OpenMP or more.
"""
import csv
import sys


def best_rates(rows, model):
    best = {}
    for row in rows:
        if row["implementation"] != model:
            continue
        key = (row["variant"], int(row["n"]), row["precision"])
        best[key] = max(best.get(key, 0.0), float(row["gcells_per_s"]))
    return best


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: model-ratio.py STUDY_CSV MODEL BASE_MODEL")
    path, model, base = sys.argv[1:]
    with open(path, newline="") as handle:
        rows = list(csv.DictReader(handle))
    mine, theirs = best_rates(rows, model), best_rates(rows, base)
    shared = sorted(set(mine) & set(theirs))
    if not shared:
        sys.exit(f"model-ratio: no variant, N and precision has rows of both {model} and {base}")
    print(f"| variant | N | precision | {model} Gcell/s | {base} Gcell/s | {model} ÷ {base} |")
    print("| --- | ---: | --- | ---: | ---: | ---: |")
    for variant, n, precision in shared:
        a, b = mine[(variant, n, precision)], theirs[(variant, n, precision)]
        print(f"| {variant} | {n} | {precision} | {a:.2f} | {b:.2f} | {a / b:.3f} |")


if __name__ == "__main__":
    main()
