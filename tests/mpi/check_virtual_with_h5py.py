#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Reads a state saved across MPI ranks with h5py, which shares no code with the mini-app.

Usage: check_virtual_with_h5py.py RUN.h5 SINGLE.h5
RUN.h5 was saved under mpirun, SINGLE.h5 by the same run in one process. For every step of
RUN.h5: the dataset is virtual, reads as one N x N float32 dataset bit-identical to SINGLE.h5's,
and each tile's region hashes (XXH3-64 of little-endian float32, row-major) to the hash the main
file records for it and to the tile file's own content_xxh3_64; every state of the main file
and of each tile file carries one save_set_id (two uint64). The XDMF sidecar names the main
file's datasets.
"""
import os
import sys
import xml.etree.ElementTree as ET

import h5py
import numpy as np
import xxhash


def fail(message: str) -> None:
    print("FAILED: " + message)
    sys.exit(1)


def main() -> None:
    run_path, single_path = sys.argv[1], sys.argv[2]
    directory = os.path.dirname(os.path.abspath(run_path))
    with h5py.File(run_path, "r") as run, h5py.File(single_path, "r") as single:
        n = int(run.attrs["n"])
        steps = sorted(name for name in run if name.startswith("step_"))
        save_set_id = None
        if steps != sorted(name for name in single if name.startswith("step_")):
            fail(f"steps differ: {steps}")
        for name in steps:
            u = run[name + "/u"]
            if not u.is_virtual:
                fail(f"{name}/u is not a virtual dataset")
            if u.shape != (n, n) or u.dtype != np.float32:
                fail(f"{name}/u: {u.shape} {u.dtype}, expected ({n}, {n}) float32")
            cells = u[...]
            expected = single[name + "/u"][...]
            if cells.view(np.uint32).tobytes() != expected.view(np.uint32).tobytes():
                fail(f"{name}/u differs from the single-process state")
            if int(u.attrs["iteration"]) != int(single[name + "/u"].attrs["iteration"]):
                fail(f"{name}/u: iteration attribute differs")
            ids = [int(part) for part in u.attrs["save_set_id"]]
            if len(ids) != 2 or (save_set_id is not None and ids != save_set_id):
                fail(f"{name}/u: save_set_id {ids}, expected two values, one for the whole save")
            save_set_id = ids
            recorded = u.attrs["tile_content_xxh3_64"]
            sources = u.virtual_sources()
            if len(recorded) != len(sources):
                fail(f"{name}/u: {len(recorded)} hashes for {len(sources)} tiles")
            covered = np.zeros((n, n), dtype=np.int32)
            for source, record in zip(sources, recorded):
                (r0, c0), (r1, c1) = source.vspace.get_select_bounds()
                covered[r0:r1 + 1, c0:c1 + 1] += 1
                region = np.ascontiguousarray(cells[r0:r1 + 1, c0:c1 + 1])
                computed = xxhash.xxh3_64_intdigest(region.astype("<f4").tobytes())
                if computed != int(record):
                    fail(f"{name}/u: tile ({r0}, {c0}) hashes to {computed:016x}, "
                         f"recorded {int(record):016x}")
                if os.path.isabs(source.file_name):
                    fail(f"{name}/u names {source.file_name}: tile paths must be relative")
                with h5py.File(os.path.join(directory, source.file_name), "r") as tile:
                    own = int(tile[source.dset_name].attrs["content_xxh3_64"])
                    if own != int(record):
                        fail(f"{source.file_name}: own hash {own:016x}, recorded {int(record):016x}")
                    tile_ids = [int(part) for part in tile[source.dset_name].attrs["save_set_id"]]
                    if tile_ids != save_set_id:
                        fail(f"{source.file_name}: save_set_id {tile_ids}, main file: {ids}")
            if not (covered == 1).all():
                fail(f"{name}/u: the tiles do not cover the grid exactly once")
    sidecar = os.path.splitext(run_path)[0] + ".xmf"
    names = [item.text.strip() for item in ET.parse(sidecar).getroot().iter("DataItem")
             if item.get("Format") == "HDF"]
    if names != [f"{os.path.basename(run_path)}:/{s}/u" for s in steps]:
        fail(f"{sidecar} names {names}")
    print(f"PASSED: {len(steps)} virtual states of {run_path} read by h5py as {n} x {n}")


if __name__ == "__main__":
    main()
