#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Writes the sample grid states in inputs/, their reference results and inputs/sample_answers.csv.

Samples (initial states, dataset /u, float32 unless named _fp64, attribute iteration = 0):
  hot_spot_64.h5, hot_spot_1d_256.h5   zeros with a block of ones in the middle
  random_64.h5, random_1d_256.h5       the splitmix64 field of make_known_answers.py, seed 5
  random_64_fp64.h5                    the same field as float64 (its values are exact in both),
                                       stepped in float64 (-precision fp64)
  sine_mode_64.h5, sine_mode_1d_256.h5 an eigenvector of the stencil: after k steps the state is
                                       lambda**k times the initial one (docs/hdf5.md derives it)

For each sample the stencil is run here, with numpy (float32 or float64 elementwise operations
round each result once, in the order the C++ code uses, so the result is bit-identical), and the
final state is written, in the sample's precision, to inputs/reference/<sample>_<iterations>.h5.
sample_answers.csv lists sample, iterations, reference, the float64 checksum and the precision to
run it in. The tests run every variant from each sample and require the reference bit for bit
(stencil_check) and the checksum.

Usage: /usr/bin/python3 scripts/make_sample_grids.py [--out DIR]   (default: inputs/)
"""
import argparse
import math
import os
import sys

import h5py
import numpy as np
import xxhash

from make_known_answers import random_field, step_1d, step_2d

RANDOM_SEED = 5


def hot_spot(n: int, dims: int) -> np.ndarray:
    lo, hi = n // 2 - n // 16, n // 2 + n // 16
    if dims == 2:
        u = np.zeros((n, n), dtype=np.float32)
        u[lo:hi, lo:hi] = 1.0
    else:
        u = np.zeros(n, dtype=np.float32)
        u[lo:hi] = 1.0
    return u


def random_state(n: int, dims: int) -> np.ndarray:
    u = random_field(n * n if dims == 2 else n, RANDOM_SEED)
    return u.reshape((n, n)) if dims == 2 else u


def random_state_fp64(n: int, dims: int) -> np.ndarray:
    """random_state widened to float64: every k/2^24 is exact in both, so no value changes."""
    return random_state(n, dims).astype(np.float64)


# Sine mode numbers: p along x, q along y (2-D); p along the line (1-D). All odd, so that no
# checksum is zero by symmetry (a relative tolerance on zero would demand an exact sum).
SINE_P, SINE_Q = 1, 3
SINE_P_1D = 3


def sine_mode(n: int, dims: int) -> np.ndarray:
    """sin(pi p x/(N-1)) [* sin(pi q y/(N-1))], zero on the border, rounded once to float32."""
    x = np.arange(n, dtype=np.float64)
    if dims == 2:
        u = np.outer(np.sin(math.pi * SINE_Q * x / (n - 1)),  # rows: y
                     np.sin(math.pi * SINE_P * x / (n - 1)))  # columns: x
        u[0, :] = u[-1, :] = u[:, 0] = u[:, -1] = 0.0
    else:
        u = np.sin(math.pi * SINE_P_1D * x / (n - 1))
        u[0] = u[-1] = 0.0
    return u.astype(np.float32)


def sine_lambda(n: int, dims: int) -> float:
    if dims == 2:
        return 0.5 + 0.25 * (math.cos(math.pi * SINE_P / (n - 1)) +
                             math.cos(math.pi * SINE_Q / (n - 1)))
    return 0.5 + 0.5 * math.cos(math.pi * SINE_P_1D / (n - 1))


RANDOM_TEXT = f"splitmix64 field k/2^24 (make_known_answers.py), seed {RANDOM_SEED}"

# (file stem, maker, dims, n, iterations, description); the maker's dtype is the precision.
SAMPLES = [
    ("hot_spot_64", hot_spot, 2, 64, 100, "zeros with a 8 x 8 block of ones in the middle"),
    ("random_64", random_state, 2, 64, 50, RANDOM_TEXT),
    ("sine_mode_64", sine_mode, 2, 64, 100,
     f"sin(pi*{SINE_P}*x/(N-1)) * sin(pi*{SINE_Q}*y/(N-1)), zero border: decays as lambda^k"),
    ("hot_spot_1d_256", hot_spot, 1, 256, 100, "zeros with 32 ones in the middle"),
    ("random_1d_256", random_state, 1, 256, 50, RANDOM_TEXT),
    ("sine_mode_1d_256", sine_mode, 1, 256, 100,
     f"sin(pi*{SINE_P_1D}*i/(N-1)), zero ends: decays as lambda^k"),
    ("random_64_fp64", random_state_fp64, 2, 64, 50, RANDOM_TEXT + ", float64"),
]

# The -precision that steps a state of each dtype.
PRECISION = {np.dtype(np.float32): "fp32", np.dtype(np.float64): "fp64"}


def create_file(path: str) -> h5py.File:
    """The format of HDF5 1.10 and later (checksummed metadata and chunk index), as the mini-app
    writes, and no timestamps in the root group, so that running the generator again gives the same bytes."""
    fapl = h5py.h5p.create(h5py.h5p.FILE_ACCESS)
    fapl.set_libver_bounds(h5py.h5f.LIBVER_V110, h5py.h5f.LIBVER_V110)
    fcpl = h5py.h5p.create(h5py.h5p.FILE_CREATE)
    fcpl.set_obj_track_times(False)
    return h5py.File(h5py.h5f.create(path.encode(), h5py.h5f.ACC_TRUNC, fcpl=fcpl, fapl=fapl))


def write_state(path: str, u: np.ndarray, iteration: int, attributes: dict) -> None:
    # Fletcher32 on the data, no timestamps and the content hash: the layout the mini-app writes
    # for one state.
    with create_file(path) as f:
        for key, value in attributes.items():
            f.attrs[key] = value
        d = f.create_dataset("u", data=u, chunks=u.shape, fletcher32=True, track_times=False)
        d.attrs.create("iteration", iteration, dtype=np.int64)
        # The whole-grid content hash the mini-app checks on reading (src/io/content_hash.hpp):
        # over the cells' little-endian bytes, "<f4" or "<f8".
        little = u.astype(u.dtype.newbyteorder("<"))
        d.attrs.create("content_xxh3_64", xxhash.xxh3_64_intdigest(little.tobytes()),
                       dtype=np.uint64)


def main() -> None:
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=os.path.join(here, "..", "inputs"))
    out = parser.parse_args().out
    os.makedirs(os.path.join(out, "reference"), exist_ok=True)

    rows = []
    for stem, maker, dims, n, iterations, description in SAMPLES:
        u0 = maker(n, dims)
        attributes = {"description": description, "generator": "scripts/make_sample_grids.py",
                      "n": np.int64(n), "dimensions": np.int64(dims)}
        if maker is sine_mode:
            attributes["lambda"] = sine_lambda(n, dims)
            mode = [SINE_P, SINE_Q] if dims == 2 else [SINE_P_1D]
            attributes["mode"] = np.array(mode, dtype=np.int64)
        write_state(os.path.join(out, stem + ".h5"), u0, 0, attributes)

        u = u0
        for _ in range(iterations):
            u = step_2d(u) if dims == 2 else step_1d(u)
        reference = f"reference/{stem}_{iterations}.h5"
        write_state(os.path.join(out, reference), u, iterations,
                    dict(attributes, description=f"{stem}.h5 after {iterations} steps"))
        checksum = float(np.sum(u, dtype=np.float64))
        rows.append(f"{stem}.h5,{dims},{n},{iterations},{checksum:.17g},{reference},"
                    f"{PRECISION[u.dtype]}")

    with open(os.path.join(out, "sample_answers.csv"), "w") as table:
        table.write(
            "# Known answers for the sample grids, written by scripts/make_sample_grids.py\n"
            "# (independent numpy implementation). Every variant of the given dimensionality,\n"
            "# started from `file` (-input) and run `iterations` steps in `precision`\n"
            "# (-precision), must reproduce `reference` bit for bit (stencil_check) and\n"
            "# `checksum` (float64 sum) to 1e-12.\n"
            "file,dimensions,n,iterations,checksum,reference,precision\n")
        table.write("\n".join(rows) + "\n")


if __name__ == "__main__":
    sys.exit(main())
