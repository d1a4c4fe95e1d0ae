#!/usr/bin/python3
"""Unit tests of perf/report.py's arithmetic and parsing (no timing, no plots)."""

import json
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import report  # noqa: E402


def row(name, **counters):
    base = {"name": name + "/manual_time", "run_name": name + "/manual_time",
            "run_type": "iteration", "cells": 16.0}
    base.update(counters)
    return base


class PhiTest(unittest.TestCase):
    def test_harmonic_mean_of_efficiencies(self):
        self.assertAlmostEqual(report.phi([0.5, 1.0]), 2 / (2 + 1))

    def test_zero_when_any_platform_is_unsupported(self):
        self.assertEqual(report.phi([0.9, None]), 0.0)
        self.assertEqual(report.phi([]), 0.0)

    def test_efficiencies_capped_at_one(self):
        self.assertAlmostEqual(report.phi([1.4, 1.0]), 1.0)


class ParseTest(unittest.TestCase):
    def test_names(self):
        self.assertEqual(report.parse_name("stencil/strip/kokkos_cuda/n:4096/chunks:16/manual_time"),
                         ("stencil", "strip", "kokkos_cuda", {"n": 4096, "chunks": 16}))
        self.assertEqual(report.parse_name("copy/cuda/cells:1024/manual_time"),
                         ("copy", "", "cuda", {"cells": 1024}))
        self.assertIsNone(report.parse_name("something/else"))

    def test_load_takes_median_of_repetitions_and_keeps_errors(self):
        rows = [row("stencil/naive/cuda/n:4", gcells_per_s=g, gb_per_s=8 * g, copy_gb_per_s=10,
                    ratio_to_copy=0.8 * g) for g in (1.0, 3.0, 2.0)]
        rows.append(dict(row("stencil/tiled/cuda/n:4"), error_occurred=True, error_message="x"))
        rows.append(dict(row("stencil/naive/cuda/n:4"), run_type="aggregate"))
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
            json.dump({"context": {}, "benchmarks": rows}, f)
        try:
            loaded = report.load(f.name)
        finally:
            os.unlink(f.name)
        self.assertEqual(len(loaded.runs), 1)
        self.assertEqual(loaded.runs[0].counters["gcells_per_s"], 2.0)
        self.assertEqual(loaded.errors, [("stencil/tiled/cuda/n:4/manual_time", "x")])
        self.assertEqual(loaded.variants, ["naive", "tiled"])


class PortabilityTest(unittest.TestCase):
    def test_gpu_efficiency_is_kokkos_over_native_at_largest_common_size(self):
        inp = report.Input("gpu.json", {"gpu": "CUDA device 0: NVIDIA H200 (sm_90, 132 SMs)"})
        for target, n, rate in (("cuda", 4, 2.0), ("cuda", 8, 4.0), ("kokkos_cuda", 4, 1.0),
                                ("kokkos_cuda", 8, 3.0)):
            inp.runs.append(report.Run("stencil", "naive", target, n, 0,
                                       {"gcells_per_s": rate, "ratio_to_copy": 0.5,
                                        "cells": n * n}))
        platform = report.gpu_efficiencies(inp, ["naive"])
        self.assertEqual(platform.platform, "NVIDIA H200")
        self.assertEqual(platform.efficiency["naive"], (0.75, "n=8"))


if __name__ == "__main__":
    unittest.main()
