# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Run by pvbatch: opens XDMF sidecars with ParaView's three XDMF readers and compares every value
of every time step, bit for bit in the file's own type (float32 or float64), with the HDF5 file
as h5py reads it. Also checks that a 2-D grid lies in ParaView's X-Y plane (z extent 0), where
pvbatch's default camera sees it.

    pvbatch paraview_reads_sidecars.py READER SIDECAR

READER is XDMFReader, Xdmf3ReaderS or Xdmf3ReaderT: one per process, since a reader that fails
to find a file aborts the whole process. SIDECAR is opened by the name given (run it from the
sidecar's folder to test a bare name). Exits 1 naming each step that disagrees.
"""
import os
import sys
import xml.etree.ElementTree as ET

import h5py
import numpy as np
from paraview import servermanager as sm
from paraview import simple
from vtk.numpy_interface import dataset_adapter as dsa

READERS = ("XDMFReader", "Xdmf3ReaderS", "Xdmf3ReaderT")
reader_arg, sidecar_arg = sys.argv[1:3]
if reader_arg not in READERS:
    sys.exit(f"unknown reader {reader_arg} (one of {', '.join(READERS)})")
failures = []


def expected_steps(sidecar):
    """(time, numpy array in the dataset's own dtype) per step, read with h5py from the references
    in the sidecar."""
    folder = os.path.dirname(sidecar)
    steps = []
    for grid in ET.parse(sidecar).getroot().iter("Grid"):
        time = grid.find("Time")
        item = grid.find("Attribute/DataItem")
        if time is None or item is None:
            continue
        file_name, dataset = item.text.strip().split(":", 1)
        with h5py.File(os.path.join(folder, file_name), "r") as f:
            steps.append((float(time.get("Value")), np.asarray(f[dataset])))
    return steps


def read_with(reader_name, sidecar, time, dtype):
    """(values of u as a numpy copy of `dtype` or None, number of points, bounds) at one time
    step."""
    # The legacy reader names its property FileNames, the Xdmf3 readers FileName.
    files = {"FileNames" if reader_name == "XDMFReader" else "FileName": [sidecar]}
    reader = getattr(simple, reader_name)(**files)
    reader.UpdatePipeline(time)
    data = sm.Fetch(reader)
    if data.IsA("vtkMultiBlockDataSet") or data.IsA("vtkPartitionedDataSetCollection"):
        it = data.NewIterator()
        it.InitTraversal()
        data = it.GetCurrentDataObject()
    values, points, bounds = None, 0, None
    if data is not None:
        points, bounds = data.GetNumberOfPoints(), data.GetBounds()
        u = dsa.WrapDataObject(data).PointData["u"]
        if u is not None and not isinstance(u, dsa.VTKNoneArray):
            # A copy: the array's memory goes with the reader. A reader that narrowed float64 to
            # float32 shows here as values that differ from h5py's.
            values = np.array(u, dtype=dtype).reshape(-1)
    simple.Delete(reader)
    return values, points, bounds


for sidecar in [sidecar_arg]:
    steps = expected_steps(sidecar)
    if not steps:
        failures.append(f"{sidecar}: no steps found in the sidecar")
    for reader_name in [reader_arg]:
        for time, expected in steps:
            where = f"{reader_name} {sidecar} t={time:g}"
            try:
                got, points, bounds = read_with(reader_name, sidecar, time, expected.dtype)
            except Exception as e:  # a reader that throws fails the file
                failures.append(f"{where}: {e}")
                continue
            if got is None:
                failures.append(f"{where}: no point array u ({points} points)")
                continue
            want = expected.reshape(-1).astype(expected.dtype.newbyteorder("="))
            bits = np.uint64 if want.dtype.itemsize == 8 else np.uint32
            if got.shape != want.shape:
                failures.append(f"{where}: {got.shape[0]} values, the file has {want.shape[0]}")
            elif not np.array_equal(got.view(bits), want.view(bits)):
                bad = int(np.count_nonzero(got.view(bits) != want.view(bits)))
                at = np.nonzero(got.view(bits) != want.view(bits))[0][:4]
                failures.append(f"{where}: {bad} of {want.size} values differ from h5py's, "
                                f"first at {at.tolist()}: {got[at].tolist()} != {want[at].tolist()}")
            if expected.ndim == 2 and (bounds[4] != 0.0 or bounds[5] != 0.0 or bounds[1] <= 0.0
                                       or bounds[3] <= 0.0):
                failures.append(f"{where}: the grid is not in the X-Y plane (bounds {bounds})")
    print(f"{reader_arg} {sidecar}: {len(steps)} steps checked")

for f in failures:
    print("FAIL:", f)
print(f"{reader_arg} {sidecar_arg}: " + ("FAILED" if failures else "every value read as h5py reads it"))
sys.exit(1 if failures else 0)
