#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
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


class RunCommandCsvTest(unittest.TestCase):
    def load(self, text, platform="P"):
        with tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False) as f:
            f.write(text)
        try:
            return report.load_input("%s=%s" % (platform, f.name))
        finally:
            os.unlink(f.name)

    def test_gpu_check_runs_keep_default_shapes_and_the_first_version_of_each_model(self):
        inp = self.load(
            "impl,variant,n,cells,gcells_per_s,gb_per_s,copy_gb_per_s,ratio_to_copy,"
            "verification,kokkos_version\n"
            "cuda,naive,4,4,2.0,16,20,0.8,x,12.8\n"
            "cuda,tiled:-pitch=32,4,4,1.0,8,20,0.4,x,12.8\n"
            "cuda,halo1d,4,16,3.0,24,20,1.2,x,12.8\n"
            "kokkos,naive,4,4,1.0,8,20,0.4,x,4.6.01\n"
            "cuda,tiled,4,4,1.0,8,20,0.4,x,13.0\n"
            "kokkos,naive,4,4,9.0,72,20,3.6,x,3.4.01\n", "H200")
        self.assertEqual(inp.platform(True), "H200")
        self.assertEqual([(r.target, r.variant, r.n) for r in inp.runs],
                         [("cuda", "naive", 4), ("cuda", "halo1d", 16), ("kokkos_cuda", "naive", 4)])
        self.assertTrue(all(r.on_gpu for r in inp.runs))
        gpu = report.gpu_efficiencies(inp, inp.variants)
        self.assertAlmostEqual(gpu.efficiency["naive"][0], 0.5)

    def test_a_row_of_no_model_is_refused(self):
        with self.assertRaises(SystemExit):
            self.load("impl,variant,n,cells,gcells_per_s,gb_per_s,copy_gb_per_s,ratio_to_copy,"
                      "verification,kokkos_version\n"
                      "nosuchmodel,naive,4,4,2.0,16,20,0.8,x,1\n")

    def test_cpu_figures_keep_the_default_fuse_depth(self):
        inp = self.load(
            "# abc 2026 CPU, best of 3\n"
            "implementation,variant,n,options,best_ratio_to_copy,gcells_per_s_at_best,"
            "copy_gb_per_s_at_best,all_ratios\n"
            'openmp,temporal,4,"-fuse 1",0.5,1.0,16,"0.5"\n'
            'openmp,temporal,4,"-fuse 4",1.5,3.0,16,"1.5"\n'
            'kokkos,temporal,4,"-space openmp -fuse 4",1.2,2.4,16,"1.2"\n'
            'kokkos,strip,4,"-space openmp",0.9,1.8,16,"0.9"\n'
            'kokkos,naive,4,"-space serial",0.3,0.6,16,"0.3"\n')
        self.assertEqual([(r.target, r.variant) for r in inp.runs],
                         [("openmp", "temporal"), ("kokkos_openmp", "temporal"),
                          ("kokkos_openmp", "strip"), ("kokkos_serial", "naive")])
        self.assertFalse(any(r.on_gpu for r in inp.runs))
        cpu = report.cpu_efficiencies(inp, inp.variants)
        self.assertAlmostEqual(cpu.efficiency["temporal"][0], 0.8)
        self.assertNotIn("strip", cpu.efficiency)  # no single-step OpenMP row to hold it to


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


def stencil(target, variant, n, rate, ratio=0.5):
    cells = n if variant.endswith("1d") else n * n
    return report.Run("stencil", variant, target, n, 0,
                      {"gcells_per_s": rate, "ratio_to_copy": ratio, "cells": cells})


def cpu_input():
    """A CPU run: Kokkos OpenMP for naive, strip, halo1d; OpenMP for naive, tiled, naive1d."""
    inp = report.Input("cpu.json", {"cpu_model": "Xeon", "num_cpus": 2})
    inp.runs += [stencil("kokkos_openmp", "naive", 8, 1.8, ratio=0.72),
                 stencil("kokkos_openmp", "naive", 16, 1.9),  # no native at 16: not compared
                 stencil("kokkos_openmp", "strip", 8, 2.0),
                 stencil("kokkos_openmp", "halo1d", 64, 5.0),
                 stencil("openmp", "naive", 8, 2.0, ratio=0.8),
                 stencil("openmp", "tiled", 8, 2.5),
                 stencil("openmp", "naive1d", 64, 10.0)]
    return inp


class CpuEfficiencyTest(unittest.TestCase):
    def test_kokkos_over_its_openmp_twin_at_largest_common_size(self):
        platform = report.cpu_efficiencies(cpu_input(), ["naive"])
        self.assertEqual(platform.platform, "Xeon (2 CPUs)")
        ratio, size = platform.efficiency["naive"]
        self.assertAlmostEqual(ratio, 1.8 / 2.0)  # 0.9, at n = 8, not Kokkos' largest n = 16
        self.assertEqual(size, "n=8")
        self.assertEqual(platform.reference["naive"], "naive")

    def test_without_twin_held_to_best_native_of_the_same_problem(self):
        platform = report.cpu_efficiencies(cpu_input(), ["strip", "halo1d"])
        # strip (2-D): the faster of OpenMP naive (2.0) and tiled (2.5): 2.0 / 2.5 = 0.8.
        self.assertAlmostEqual(platform.efficiency["strip"][0], 0.8)
        self.assertEqual(platform.reference["strip"], "tiled")
        # halo1d (1-D) is held to 1-D naive1d (10.0), never to a 2-D rate: 5 / 10 = 0.5.
        self.assertAlmostEqual(platform.efficiency["halo1d"][0], 0.5)
        self.assertEqual(platform.reference["halo1d"], "naive1d")

    def test_copy_ratios_beside_the_efficiency(self):
        platform = report.cpu_efficiencies(cpu_input(), ["naive"])
        self.assertEqual(platform.native_copy_efficiency["naive"], 0.8)
        self.assertEqual(platform.copy_efficiency["naive"], 0.5)  # at Kokkos' largest size

    def test_native_openmp_target_is_named_as_native(self):
        self.assertEqual(stencil("openmp", "naive", 8, 1.0).space, "openmp (native)")
        self.assertEqual(stencil("cuda", "naive", 8, 1.0).space, "cuda (native)")
        self.assertEqual(stencil("stdpar", "naive", 8, 1.0).space, "host")
        self.assertEqual(stencil("kokkos_openmp", "naive", 8, 1.0).space, "openmp")

    def test_temporal_never_held_to_a_single_step(self):
        inp = cpu_input()
        inp.runs.append(stencil("kokkos_openmp", "temporal", 8, 3.0))
        self.assertNotIn("temporal", report.cpu_efficiencies(inp, ["temporal"]).efficiency)

    def test_problem_classes_come_from_the_benchmark_context(self):
        # A fused variant of any name (the benchmark's variant_classes say which) is never held
        # to a single step; without the table a name the rule does not know counts as 2-D.
        inp = cpu_input()
        inp.runs.append(stencil("kokkos_openmp", "wavefront", 8, 3.0))
        self.assertIn("wavefront", report.cpu_efficiencies(inp, ["wavefront"]).efficiency)
        inp.context["variant_classes"] = "naive:2-D,tiled:2-D,naive1d:1-D,wavefront:fused 2-D"
        self.assertNotIn("wavefront", report.cpu_efficiencies(inp, ["wavefront"]).efficiency)


class PlatformKindTest(unittest.TestCase):
    def test_kinds_come_from_the_registry(self):
        self.assertEqual([(k.portable_target, k.native_target, k.on_gpu)
                          for k in report.PLATFORM_KINDS],
                         [("kokkos_cuda", "cuda", True), ("kokkos_openmp", "openmp", False)])
        self.assertEqual([k.plot_stem for k in report.PLATFORM_KINDS],
                         ["kokkos_vs_cuda", "kokkos_vs_openmp"])  # docs link these figures
        self.assertEqual(report.GPU.native_name, "native CUDA")
        self.assertEqual(report.CPU.portable_name, "Kokkos")

    def test_gpu_targets_by_memory_and_space(self):
        self.assertEqual([stencil(t, "naive", 8, 1.0).on_gpu for t in
                          ("cuda", "kokkos_cuda", "openacc_gpu", "openmp", "kokkos_serial",
                           "omptarget_host", "stdpar")],
                         [True, True, True, False, False, False, False])


class PhiOverPlatformsTest(unittest.TestCase):
    def gpu_platform(self):
        inp = report.Input("gpu.json", {"gpu": "CUDA device 0: NVIDIA H200 (sm_90, 132 SMs)"})
        inp.runs += [stencil("cuda", "naive", 8, 4.0), stencil("kokkos_cuda", "naive", 8, 3.0),
                     stencil("cuda", "strip", 8, 4.0), stencil("kokkos_cuda", "strip", 8, 4.4)]
        return report.gpu_efficiencies(inp, ["naive", "strip", "tiled"])

    def test_harmonic_mean_of_gpu_and_cpu_efficiencies(self):
        cpu = report.cpu_efficiencies(cpu_input(), ["naive", "strip"])
        # naive: 3/4 on the GPU, 1.8/2 on the CPU: 2 / (4/3 + 10/9) = 9/11.
        self.assertAlmostEqual(report.variant_phi([self.gpu_platform(), cpu], "naive"), 9 / 11)
        # strip: 4.4/4 = 1.1 capped at 1 on the GPU, 0.8 on the CPU: 2 / (1 + 5/4) = 8/9.
        self.assertAlmostEqual(report.variant_phi([self.gpu_platform(), cpu], "strip"), 8 / 9)

    def test_zero_where_a_platform_runs_no_kokkos_form(self):
        cpu = report.cpu_efficiencies(cpu_input(), ["naive", "tiled"])
        self.assertEqual(report.variant_phi([self.gpu_platform(), cpu], "tiled"), 0.0)

    def test_undefined_where_a_platform_has_no_native_rows(self):
        inp = report.Input("old_cpu.json", {})
        inp.runs.append(stencil("kokkos_openmp", "naive", 8, 1.8))
        cpu = report.cpu_efficiencies(inp, ["naive"])
        self.assertFalse(cpu.has_native)
        self.assertIsNone(report.variant_phi([self.gpu_platform(), cpu], "naive"))
        section = "\n".join(report.portability_section([inp], ["naive"]))
        self.assertIn("has no native rows", section)
        self.assertIn("| naive | — | no native | — |", section)


class PlotLabelTest(unittest.TestCase):
    def test_x_labels_of_the_figures_do_not_overlap(self):
        try:
            import matplotlib
            matplotlib.use("Agg")
            import matplotlib.pyplot as plt
        except ImportError as e:
            self.skipTest("no matplotlib: %s" % e)
        variants = ["naive", "tiled", "strip", "rolling", "regblock", "doublebuf",
                    "doublebuf_async", "naive1d", "halo1d", "stream", "temporal"]
        inp = report.Input("gpu.json", {"gpu": "CUDA device 0: NVIDIA H200 (sm_90, 132 SMs)"})
        for v in variants:
            n = 268435456 if v.endswith("1d") else 16384
            inp.runs += [stencil("cuda", v, n, 40.0), stencil("kokkos_cuda", v, n, 30.0)]
        with tempfile.TemporaryDirectory() as out:
            plots = report.Plots(out, plt)
            names = [plots.ratio_to_copy([inp, cpu_input()], variants),
                     plots.kokkos_vs_native(inp, report.GPU, variants),
                     plots.kokkos_vs_native(cpu_input(), report.CPU, variants)]
            self.assertEqual(names, ["ratio_to_copy.png", "kokkos_vs_cuda.png",
                                     "kokkos_vs_openmp.png"])
            self.assertEqual(plots.overlapping_labels, [])

    def test_overlap_check_sees_crowded_labels(self):
        try:
            import matplotlib
            matplotlib.use("Agg")
            import matplotlib.pyplot as plt
        except ImportError as e:
            self.skipTest("no matplotlib: %s" % e)
        names = ["doublebuf_async_%d" % k for k in range(12)]
        for rotation in (0, 30):  # level, and slanted but far too close
            fig, ax = plt.subplots(figsize=(3, 3))
            ax.set_xticks(range(len(names)))
            ax.set_xticklabels(names, rotation=rotation, ha="right", rotation_mode="anchor")
            self.assertTrue(report.Plots.x_labels_overlap(fig), rotation)
            plt.close(fig)


if __name__ == "__main__":
    unittest.main()
