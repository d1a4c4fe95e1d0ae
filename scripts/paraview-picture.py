# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Renders the last step of a saved state's sidecar as ParaView shows it, for docs/hdf5.md.

    xvfb-run -a pvbatch scripts/paraview-picture.py SIDECAR OUT.png

Uses pvbatch's default camera direction (looking down Z), so the picture shows what a user sees
on opening the file.
"""
import sys

from paraview import simple

sidecar, out = sys.argv[1:3]
reader = simple.Xdmf3ReaderS(FileName=[sidecar])
last = reader.TimestepValues[-1] if reader.TimestepValues else 0.0
view = simple.GetActiveViewOrCreate("RenderView")
view.ViewSize = [640, 560]
view.ViewTime = last
display = simple.Show(reader, view)
simple.ColorBy(display, ("POINTS", "u"))
display.RescaleTransferFunctionToDataRange(True, False)
display.SetScalarBarVisibility(view, True)
view.OrientationAxesVisibility = 1
view.ResetCamera()
simple.Render(view)
simple.SaveScreenshot(out, view, ImageResolution=[640, 560])
print(f"{out}: {sidecar} at step {last:g}")
