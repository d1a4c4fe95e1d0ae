#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Writes inputs/known_answers.csv: checksums of small runs computed independently of the C++ code.

The initial field and the stencil are re-implemented here with numpy (float32 elementwise
operations round each result exactly once, as the C++ code does), so the table checks the
mini-app's whole path (initial state, kernels, checksum) against an independent implementation.
The checksum is the float64 sum of the final grid; the test compares it with a relative
tolerance because numpy sums pairwise and the mini-app sums in order.

Usage: /usr/bin/python3 scripts/make_known_answers.py > inputs/known_answers.csv
"""
import sys

import numpy as np

MASK64 = np.uint64(0xFFFFFFFFFFFFFFFF)
GOLDEN = np.uint64(0x9E3779B97F4A7C15)


def random_field(cells: int, seed: int) -> np.ndarray:
    """splitmix64 of (index, seed) -> k / 2**24 with k in [1, 2**24), as in initial_state.cpp."""
    with np.errstate(over="ignore"):
        z = np.arange(cells, dtype=np.uint64) + np.uint64(seed) * GOLDEN + GOLDEN
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        z = z ^ (z >> np.uint64(31))
    k = (z >> np.uint64(40)).astype(np.uint32)
    k[k == 0] = 1
    return k.astype(np.float32) * np.float32(1.0 / 16777216.0)


def step_2d(u: np.ndarray) -> np.ndarray:
    out = u.copy()
    if u.shape[0] > 2:
        centre, left, right = u[1:-1, 1:-1], u[1:-1, :-2], u[1:-1, 2:]
        up, down = u[:-2, 1:-1], u[2:, 1:-1]
        neighbours = ((left + right) + up) + down
        out[1:-1, 1:-1] = np.float32(0.5) * centre + np.float32(0.125) * neighbours
    return out


def step_1d(u: np.ndarray) -> np.ndarray:
    out = u.copy()
    if u.shape[0] > 2:
        out[1:-1] = (np.float32(0.25) * u[:-2] + np.float32(0.5) * u[1:-1]) + np.float32(0.25) * u[2:]
    return out


CASES_2D = [(1, 1), (2, 3), (3, 2), (17, 5), (64, 10), (257, 7), (300, 20)]
CASES_1D = [(1, 1), (2, 2), (5, 3), (1000, 10), (4099, 25)]
SEED = 20261130


def main() -> None:
    out = sys.stdout
    out.write("# Known answers for stencil_miniapp, written by scripts/make_known_answers.py\n")
    out.write("# (independent numpy implementation). Every variant of the given dimensionality\n")
    out.write("# must reproduce the checksum (float64 sum of the final grid) to a relative 1e-12.\n")
    out.write("dimensions,n,iterations,seed,checksum\n")
    for dims, cases in ((2, CASES_2D), (1, CASES_1D)):
        for n, iterations in cases:
            u = random_field(n * n if dims == 2 else n, SEED)
            u = u.reshape((n, n)) if dims == 2 else u
            for _ in range(iterations):
                u = step_2d(u) if dims == 2 else step_1d(u)
            checksum = float(np.sum(u, dtype=np.float64))
            out.write(f"{dims},{n},{iterations},{SEED},{checksum:.17g}\n")


if __name__ == "__main__":
    main()
