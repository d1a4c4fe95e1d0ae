#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Kokkos ÷ native CUDA per variant from gpu-check's runs.csv, one column per Kokkos version,
one table per precision (a runs.csv without a precision column is fp32).

Each rate is first divided by the device-to-device copy measured in its own process
(ratio_to_copy), so the quotient compares the two implementations under the same copy reference.
Usage: kokkos-vs-native.py RUNS_CSV [STREAM_SHAPES_CSV]
With stream-shapes.csv, stream at N = 4096 (whose default native form uses thread-block clusters)
is also compared with the best plain native shape (2 or 5), a native form without clusters.
"""
import csv
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "perf"))
import registry  # noqa: E402  (the model registry, src/stencil/models.hpp)

PLAIN_STREAM_SHAPES = {"2", "5"}


def main() -> None:
    rows = list(csv.DictReader(open(sys.argv[1])))
    for row in rows:
        row["precision"] = row.get("precision") or "fp32"
    plain_stream = {}
    if len(sys.argv) > 2:
        for row in csv.DictReader(open(sys.argv[2])):
            if row["shape"] in PLAIN_STREAM_SHAPES:
                n = row["n"]
                plain_stream[n] = max(plain_stream.get(n, 0.0), float(row["ratio_to_copy"]))
    # The portable model compared is the registry's first row (the -impl default); its native
    # reference is the native row whose grids live in CUDA memory.
    portable = registry.models()[0].name
    native_name = registry.native_model(registry.GPU_MEMORY).name
    native = {(r["precision"], r["variant"], r["n"]): float(r["ratio_to_copy"])
              for r in rows if r["impl"] == native_name}
    versions = sorted({r["kokkos_version"] for r in rows if r["impl"] == portable}, reverse=True)
    kokkos = {(r["precision"], r["variant"], r["n"], r["kokkos_version"]): float(r["ratio_to_copy"])
              for r in rows if r["impl"] == portable}
    precisions = list(dict.fromkeys(r["precision"] for r in rows))
    variants = list(dict.fromkeys(r["variant"] for r in rows))
    sizes = sorted({r["n"] for r in rows}, key=int)
    header = ["precision", "variant", "N", "native ÷ copy"] + [f"Kokkos {v} ÷ copy" for v in versions] + \
        [f"Kokkos {v} ÷ native" for v in versions]
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for precision in precisions:
        for variant in variants:
            for n in sizes:
                twin = native.get((precision, variant, n))
                # The plain stream shapes are fp32 runs (scripts/stream-shapes.sh).
                if (variant == "stream" and n == "4096" and n in plain_stream
                        and precision == "fp32"):
                    twin = plain_stream[n]
                if twin is None:
                    continue
                ratios = [kokkos.get((precision, variant, n, v)) for v in versions]
                cells = [precision, variant, n, f"{twin:.3f}"]
                cells += [f"{r:.3f}" if r is not None else "—" for r in ratios]
                cells += [f"{r / twin:.2f}" if r is not None else "—" for r in ratios]
                print("| " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
