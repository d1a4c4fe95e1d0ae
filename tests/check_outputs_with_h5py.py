#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Checks the mini-app's saved files with readers that share no code with it.

Runs stencil_miniapp (a 2-D and a 1-D variant, plain and compressed, and a float64 run), then:
  * parses each XDMF sidecar with Python's XML parser (it must be well-formed XDMF),
  * opens every dataset the sidecar names with h5py: it must exist, be float32 (float64 in the
    float64 run, as the root attribute `precision` and the sidecar's Precision 4 or 8 say) and
    have the shape the sidecar declares; each temporal step's Time must equal the dataset's
    iteration,
  * reads the root attributes a reader needs,
  * recomputes each state's content hash with python3-xxhash.
Usage: check_outputs_with_h5py.py STENCIL_MINIAPP WORK_DIR
"""
import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

try:
    import h5py
    import numpy as np
    import xxhash
except ModuleNotFoundError as missing:
    # A machine without the module cannot run these checks: CTest reports them as skipped
    # (SKIP_RETURN_CODE 77), with the reason, rather than as failed.
    print(f"skipped: {sys.executable} has no Python module '{missing.name}'")
    sys.exit(77)

REQUIRED_ATTRIBUTES = ["n", "dimensions", "stencil", "coefficients", "variant", "implementation",
                       "execution_space", "app_version", "app_commit", "created", "precision"]
# The -precision value: the states' dtype and the XDMF Precision (bytes per value).
DTYPES = {"fp32": (np.dtype("<f4"), "4"), "fp64": (np.dtype("<f8"), "8")}


def fail(message: str) -> None:
    print("FAILED: " + message)
    sys.exit(1)


def check_run(miniapp: str, work: str, name: str, args: list, precision: str = "fp32") -> None:
    h5 = os.path.join(work, name + ".h5")
    xmf = os.path.join(work, name + ".xmf")
    subprocess.run([miniapp, *args, "-output", h5], check=True, stdout=subprocess.DEVNULL)
    root = ET.parse(xmf).getroot()  # raises on malformed XML
    if root.tag != "Xdmf":
        fail(f"{xmf}: root element is {root.tag}, not Xdmf")
    steps = root.findall("./Domain/Grid[@CollectionType='Temporal']/Grid")
    if not steps:
        fail(f"{xmf}: no temporal steps")
    with h5py.File(h5, "r") as f:
        for key in REQUIRED_ATTRIBUTES:
            if key not in f.attrs:
                fail(f"{h5}: root attribute {key} missing")
        n, dims = int(f.attrs["n"]), int(f.attrs["dimensions"])
        stored = f.attrs["precision"]
        stored = stored.decode() if isinstance(stored, bytes) else str(stored)
        if stored != precision:
            fail(f"{h5}: root attribute precision is {stored!r}, the run's is {precision}")
        dtype, xdmf_precision = DTYPES[precision]
        for step in steps:
            item = step.find("./Attribute/DataItem")
            file_name, dataset = item.text.strip().split(":", 1)
            if file_name != os.path.basename(h5):
                fail(f"{xmf} names {file_name}, not {os.path.basename(h5)}")
            if dataset not in f:
                fail(f"{xmf} names {dataset}, which {h5} does not have")
            d = f[dataset]
            declared = tuple(int(v) for v in item.get("Dimensions").split())
            # The sidecar's mesh is one node thick in z (and in y for 1-D): leading 1s.
            while len(declared) > d.ndim and declared[0] == 1:
                declared = declared[1:]
            if d.shape != declared or d.dtype != dtype:
                fail(f"{dataset}: {d.shape} {d.dtype}, sidecar says {declared} {dtype}")
            if item.get("NumberType") != "Float" or item.get("Precision") != xdmf_precision:
                fail(f"{xmf}: {dataset} declared as {item.get('NumberType')} of "
                     f"{item.get('Precision')} bytes, the dataset is {dtype}")
            if d.shape != ((n, n) if dims == 2 else (n,)):
                fail(f"{dataset}: shape {d.shape} disagrees with n={n}, dimensions={dims}")
            if int(step.find("Time").get("Value")) != int(d.attrs["iteration"]):
                fail(f"{dataset}: Time and iteration attribute disagree")
            if not np.all(np.isfinite(d[...])):
                fail(f"{dataset}: non-finite values")
            # The content hash a restart checks: XXH3-64 of the little-endian cells, 4 or 8 bytes
            # each (a build without libxxhash writes none; Integrity.* checks that a build with it
            # does).
            expected_hash = xxhash.xxh3_64_intdigest(d[...].astype(dtype).tobytes())
            if "content_xxh3_64" in d.attrs and int(d.attrs["content_xxh3_64"]) != expected_hash:
                fail(f"{dataset}: content_xxh3_64 is not the XXH3-64 of its values")
        # Stepped in float64, not widened from float32: the last state has values no float holds.
        last = f[steps[-1].find("./Attribute/DataItem").text.strip().split(":", 1)[1]][...]
        if precision == "fp64" and np.array_equal(last.astype(np.float32).astype(last.dtype), last):
            fail(f"{h5}: every value of the last state is a float32: not computed in float64")
    print(f"ok: {name}: {len(steps)} steps, sidecar and HDF5 agree")


def main() -> None:
    miniapp, work = sys.argv[1], sys.argv[2]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    check_run(miniapp, work, "grid", ["-n", "48", "-iters", "10", "-save-every", "3"])
    check_run(miniapp, work, "grid_gzip", ["-n", "48", "-iters", "4", "-compress"])
    check_run(miniapp, work, "line", ["-variant", "naive1d", "-n", "500", "-iters", "5",
                                      "-save-every", "2"])
    check_run(miniapp, work, "grid_fp64", ["-precision", "fp64", "-n", "48", "-iters", "4"],
              "fp64")
    with h5py.File(os.path.join(work, "grid.h5"), "r") as plain, \
            h5py.File(os.path.join(work, "grid_gzip.h5"), "r") as packed:
        if packed["step_000004/u"].compression != "gzip":
            fail("-compress did not gzip the states")
        if not np.array_equal(plain["step_000000/u"][...], packed["step_000000/u"][...]):
            fail("compressed and plain initial states differ")
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
