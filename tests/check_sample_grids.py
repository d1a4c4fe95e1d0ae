#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Checks that the committed sample grids are what their generator makes.

Runs scripts/make_sample_grids.py into a scratch directory and compares every dataset (type,
values bit for bit, the iteration and content hash attributes) and the known-answer table with
the committed inputs/.
Usage: check_sample_grids.py MAKE_SAMPLE_GRIDS_PY INPUTS_DIR WORK_DIR
"""
import os
import shutil
import subprocess
import sys

try:
    import h5py
    import numpy as np
except ModuleNotFoundError as missing:
    # A machine without the module cannot run these checks: CTest reports them as skipped
    # (SKIP_RETURN_CODE 77), with the reason, rather than as failed.
    print(f"skipped: {sys.executable} has no Python module '{missing.name}'")
    sys.exit(77)


def main() -> None:
    generator, inputs, work = sys.argv[1], sys.argv[2], sys.argv[3]
    shutil.rmtree(work, ignore_errors=True)
    subprocess.run([sys.executable, generator, "--out", work], check=True)
    problems = []
    with open(os.path.join(inputs, "sample_answers.csv")) as a, \
            open(os.path.join(work, "sample_answers.csv")) as b:
        if a.read() != b.read():
            problems.append("sample_answers.csv differs from the generator's")
    made = []
    for base, _, files in os.walk(work):
        made += [os.path.relpath(os.path.join(base, f), work) for f in files if f.endswith(".h5")]
    for name in sorted(made):
        committed = os.path.join(inputs, name)
        if not os.path.exists(committed):
            problems.append(f"{name} is not committed")
            continue
        with h5py.File(committed, "r") as c, h5py.File(os.path.join(work, name), "r") as g:
            same = (c["u"].dtype == g["u"].dtype and
                    np.array_equal(c["u"][...].view(np.uint8), g["u"][...].view(np.uint8)) and
                    c["u"].attrs["iteration"] == g["u"].attrs["iteration"] and
                    c["u"].attrs["content_xxh3_64"] == g["u"].attrs["content_xxh3_64"])
            if not same:
                problems.append(f"{name} differs from the generator's")
    if len(made) != 14:
        problems.append(f"the generator made {len(made)} files, expected 14")
    for p in problems:
        print("FAILED: " + p)
    if problems:
        sys.exit(1)
    print(f"ok: {len(made)} sample files and the answer table match the generator")
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
