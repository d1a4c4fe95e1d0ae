#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Extracts variant,implementation,sectors_per_cell_update,precision from -profile sectors outputs.

Usage: scripts/sectors-csv.py PROFILE_OUTPUT... > sectors.csv
Each input is the CSV that `stencil_miniapp -profile sectors -csv` prints, possibly several
concatenated with '== label' lines and 'stencil_miniapp: note:' lines between them. A later file
overrides an earlier one for the same variant, implementation and precision; within one file the
first row of such a triple wins (later rows of the same triple are other option shapes). An
output without a precision column (written before there was a choice) is fp32.
"""
import csv
import sys

values = {}
for path in sys.argv[1:]:
    seen = set()
    header = None
    for line in open(path):
        if line.startswith("== ") or line.startswith("stencil_miniapp:") or not line.strip():
            continue
        row = next(csv.reader([line]))
        if row[0] == "variant":
            header = row
            continue
        record = dict(zip(header, row))
        key = (record["variant"], record["implementation"], record.get("precision") or "fp32")
        if key in seen:
            continue
        seen.add(key)
        values[key] = record["sectors_per_cell_update"]

writer = csv.writer(sys.stdout, lineterminator="\n")
writer.writerow(["variant", "implementation", "sectors_per_cell_update", "precision"])
for (variant, implementation, precision), value in sorted(values.items()):
    writer.writerow([variant, implementation, value, precision])
