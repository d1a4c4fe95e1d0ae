#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Unit tests of perf/report.py's arithmetic and parsing (no timing, no plots)."""

import json
import os
import subprocess
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


def write_json(rows, context=None):
    """A benchmark JSON file of these rows; the caller removes it."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump({"context": context or {}, "benchmarks": rows}, f)
    return f.name


class ParseTest(unittest.TestCase):
    def test_names_with_a_precision_segment(self):
        self.assertEqual(
            report.parse_name("stencil/strip/kokkos_cuda/fp64/n:4096/chunks:16/manual_time"),
            ("stencil", "strip", "kokkos_cuda", "fp64", {"n": 4096, "chunks": 16}))
        self.assertEqual(report.parse_name("stencil/tiled/kokkos_openmp/fp32/n:1024/manual_time"),
                         ("stencil", "tiled", "kokkos_openmp", "fp32", {"n": 1024}))
        self.assertEqual(report.parse_name("copy/cuda/fp64/cells:1024/manual_time"),
                         ("copy", "", "cuda", "fp64", {"cells": 1024}))
        self.assertEqual(report.parse_name("stencil/naive1d/openmp/fp64/n:1048576/manual_time"),
                         ("stencil", "naive1d", "openmp", "fp64", {"n": 1048576}))

    def test_names_written_before_the_precision_segment_are_fp32(self):
        self.assertEqual(
            report.parse_name("stencil/strip/kokkos_cuda/n:4096/chunks:16/manual_time"),
            ("stencil", "strip", "kokkos_cuda", "fp32", {"n": 4096, "chunks": 16}))
        self.assertEqual(report.parse_name("copy/cuda/cells:1024/manual_time"),
                         ("copy", "", "cuda", "fp32", {"cells": 1024}))

    def test_names_of_no_benchmark_or_of_an_unknown_precision(self):
        self.assertIsNone(report.parse_name("something/else"))
        self.assertIsNone(report.parse_name("stencil/naive/cuda/fp16/n:4096/manual_time"))
        self.assertIsNone(report.parse_name("copy/naive/cuda/fp32/cells:1024/manual_time"))

    def test_load_keeps_the_precisions_apart(self):
        # The same kernel in both precisions: two rows, each the median of its own repetitions
        # (fp32 1, 2, 3: 2; fp64 10, 30, 20: 20), never one median over all six.
        rows = [row("stencil/naive/cuda/fp32/n:4", gcells_per_s=g) for g in (1.0, 2.0, 3.0)]
        rows += [row("stencil/naive/cuda/fp64/n:4", gcells_per_s=g) for g in (10.0, 30.0, 20.0)]
        rows.append(row("stencil/naive/cuda/n:8", gcells_per_s=5.0))  # an older file's name
        rows.append(row("copy/cuda/fp64/cells:16", gb_per_s=7.0))
        path = write_json(rows)
        try:
            loaded = report.load(path)
        finally:
            os.unlink(path)
        found = sorted((r.kind, r.n, r.precision, r.counters.get("gcells_per_s"))
                       for r in loaded.runs)
        self.assertEqual(found, [("copy", 16, "fp64", None), ("stencil", 4, "fp32", 2.0),
                                 ("stencil", 4, "fp64", 20.0), ("stencil", 8, "fp32", 5.0)])
        self.assertEqual(loaded.precisions(), ["fp32", "fp64"])
        fp64 = loaded.of_precision("fp64")
        self.assertEqual([(r.kind, r.n) for r in fp64.runs], [("stencil", 4), ("copy", 16)])
        self.assertEqual(fp64.variants, ["naive"])
        self.assertEqual(loaded.of_precision("fp32").precisions(), ["fp32"])

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
        self.assertEqual({r.precision for r in inp.runs}, {"fp32"})  # no precision anywhere

    def test_gpu_check_runs_take_their_precision_column(self):
        inp = self.load(
            "impl,variant,n,cells,gcells_per_s,gb_per_s,copy_gb_per_s,ratio_to_copy,"
            "verification,kokkos_version,precision\n"
            "cuda,naive,4,16,2.0,16,20,0.8,x,12.8,fp32\n"
            "cuda,naive,4,16,1.0,16,20,0.8,x,12.8,fp64\n"
            "kokkos,naive,4,16,1.5,12,20,0.6,x,4.6.01,fp32\n"
            "kokkos,naive,4,16,0.9,14.4,20,0.72,x,4.6.01,fp64\n", "H200")
        self.assertEqual([(r.target, r.precision) for r in inp.runs],
                         [("cuda", "fp32"), ("cuda", "fp64"), ("kokkos_cuda", "fp32"),
                          ("kokkos_cuda", "fp64")])
        # Within each precision: fp32 1.5 / 2.0, fp64 0.9 / 1.0.
        self.assertAlmostEqual(
            report.gpu_efficiencies(inp.of_precision("fp32"), ["naive"]).efficiency["naive"][0],
            0.75)
        self.assertAlmostEqual(
            report.gpu_efficiencies(inp.of_precision("fp64"), ["naive"]).efficiency["naive"][0],
            0.9)

    def test_cpu_figures_take_the_precision_option_and_count_its_bytes(self):
        inp = self.load(
            "implementation,variant,n,options,best_ratio_to_copy,gcells_per_s_at_best,"
            "copy_gb_per_s_at_best,all_ratios\n"
            'openmp,naive,4,"",0.5,2.0,32,"0.5"\n'
            'openmp,naive,4,"-precision fp64",0.5,1.0,32,"0.5"\n'
            'kokkos,naive,4,"-space openmp -precision fp64",0.4,0.8,32,"0.4"\n')
        self.assertEqual([(r.target, r.precision, r.counters["gb_per_s"]) for r in inp.runs],
                         [("openmp", "fp32", 16.0), ("openmp", "fp64", 16.0),
                          ("kokkos_openmp", "fp64", 12.8)])
        # Kokkos fp64 0.8 ÷ OpenMP fp64 1.0, never ÷ OpenMP fp32 2.0.
        cpu = report.cpu_efficiencies(inp.of_precision("fp64"), ["naive"])
        self.assertAlmostEqual(cpu.efficiency["naive"][0], 0.8)

    def test_an_unknown_precision_is_refused(self):
        with self.assertRaises(SystemExit):
            self.load("implementation,variant,n,options,best_ratio_to_copy,gcells_per_s_at_best,"
                      "copy_gb_per_s_at_best,all_ratios\n"
                      'openmp,naive,4,"-precision fp16",0.5,2.0,32,"0.5"\n')


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
                      {"gcells_per_s": rate, "ratio_to_copy": ratio, "cells": cells,
                       "gb_per_s": 8 * rate, "copy_gb_per_s": 8 * rate / ratio})


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


def two_precision_gpu_input():
    """An H200 run in both precisions: native naive and tiled, Kokkos naive and strip."""
    inp = report.Input("gpu.json", {"gpu": "CUDA device 0: NVIDIA H200 (sm_90, 132 SMs)"})
    for precision, native_naive, native_tiled, kokkos_naive, kokkos_strip in (
            ("fp32", 4.0, 5.0, 3.0, 4.0), ("fp64", 2.0, 2.5, 1.8, 2.25)):
        runs = [stencil("cuda", "naive", 8, native_naive, ratio=0.8),
                stencil("cuda", "tiled", 8, native_tiled),
                stencil("kokkos_cuda", "naive", 8, kokkos_naive, ratio=0.7),
                stencil("kokkos_cuda", "strip", 8, kokkos_strip)]
        for r in runs:
            r.precision = precision
        inp.runs += runs
    return inp


class PrecisionTest(unittest.TestCase):
    def test_efficiencies_within_each_precision(self):
        inp = two_precision_gpu_input()
        fp32 = report.gpu_efficiencies(inp.of_precision("fp32"), ["naive", "strip"])
        fp64 = report.gpu_efficiencies(inp.of_precision("fp64"), ["naive", "strip"])
        self.assertAlmostEqual(fp32.efficiency["naive"][0], 3.0 / 4.0)
        self.assertAlmostEqual(fp64.efficiency["naive"][0], 1.8 / 2.0)
        # strip has no twin: held to the best native 2-D rate of its own precision (tiled).
        self.assertAlmostEqual(fp32.efficiency["strip"][0], 4.0 / 5.0)
        self.assertAlmostEqual(fp64.efficiency["strip"][0], 2.25 / 2.5)
        self.assertEqual(fp64.reference["strip"], "tiled")

    def test_no_native_row_of_a_precision_means_no_efficiency(self):
        # Kokkos ran fp64, the native model only fp32: nothing to hold the fp64 row to.
        inp = report.Input("gpu.json", {})
        inp.runs += [stencil("cuda", "naive", 8, 4.0), stencil("kokkos_cuda", "naive", 8, 1.8)]
        inp.runs[1].precision = "fp64"
        self.assertIsNone(report.gpu_efficiencies(inp.of_precision("fp64"), ["naive"]))
        self.assertIsNone(report.kokkos_and_native_at_largest_common_size(
            inp.of_precision("fp64"), "naive"))

    def test_a_ratio_over_both_precisions_is_refused(self):
        inp = two_precision_gpu_input()
        with self.assertRaises(ValueError):
            report.gpu_efficiencies(inp, ["naive"])
        with self.assertRaises(ValueError):
            report.kokkos_and_native_at_largest_common_size(inp, "naive")

    def test_sections_of_each_precision(self):
        inp = two_precision_gpu_input()
        variants = ["naive", "tiled", "strip"]
        fp64 = "\n".join(report.portability_section([inp], variants, "fp64"))
        self.assertIn("## Performance portability, fp64", fp64)
        self.assertIn("| naive | 0.900 | n=8 | 0.900 |", fp64)  # 1.8 / 2.0, one platform
        self.assertIn("| strip | 0.900 (tiled) | n=8 | 0.900 |", fp64)  # 2.25 / 2.5
        fp32 = "\n".join(report.portability_section([inp], variants, "fp32"))
        self.assertIn("| naive | 0.750 | n=8 | 0.750 |", fp32)
        kernels = "\n".join(report.results_section([inp], variants, "fp64"))
        self.assertIn("## Kernels, fp64", kernels)
        self.assertIn("16 bytes per cell update", kernels)
        self.assertIn("| naive | cuda | cuda (native) | 8 | 2.000 |", kernels)
        self.assertNotIn("4.000", kernels)  # fp32's native naive
        self.assertIn("8 bytes per cell update",
                      "\n".join(report.results_section([inp], variants, "fp32")))

    def test_a_precision_shows_only_its_own_variants(self):
        inp = two_precision_gpu_input()
        inp.runs.append(stencil("cuda", "stream", 8, 6.0))  # fp32 only
        fp64 = "\n".join(report.results_section([inp], ["naive", "stream"], "fp64"))
        self.assertNotIn("stream", fp64)
        self.assertIn("| stream |", "\n".join(report.results_section([inp], ["stream"], "fp32")))

    def test_sectors_csv_with_and_without_a_precision_column(self):
        with tempfile.TemporaryDirectory() as tmp:
            old = os.path.join(tmp, "old.csv")
            new = os.path.join(tmp, "new.csv")
            with open(old, "w") as f:
                f.write("variant,implementation,sectors_per_cell_update\nnaive,cuda,0.26\n")
            with open(new, "w") as f:
                f.write("variant,implementation,sectors_per_cell_update,precision\n"
                        "naive,cuda,0.26,fp32\nnaive,cuda,0.51,fp64\n")
            self.assertEqual(report.read_sectors(old),
                             [report.SectorRow("naive", "cuda", 0.26, "fp32")])
            self.assertEqual(report.read_sectors(new),
                             [report.SectorRow("naive", "cuda", 0.26, "fp32"),
                              report.SectorRow("naive", "cuda", 0.51, "fp64")])
        self.assertEqual(report.IDEAL_SECTORS_PER_CELL_UPDATE, {"fp32": 0.25, "fp64": 0.5})


class ReportFileTest(unittest.TestCase):
    """perf/report.py run as a program on a file of both precisions beside an older file."""

    def test_one_table_per_precision_and_older_files_as_fp32(self):
        new_rows = []
        for precision, native, kokkos, copy in (("fp32", 4.0, 3.0, 40.0),
                                                ("fp64", 2.0, 1.8, 41.0)):
            new_rows += [row("stencil/naive/cuda/%s/n:4" % precision, gcells_per_s=native,
                             gb_per_s=1.0, copy_gb_per_s=2.0, ratio_to_copy=0.5),
                         row("stencil/naive/kokkos_cuda/%s/n:4" % precision,
                             gcells_per_s=kokkos, gb_per_s=1.0, copy_gb_per_s=2.0,
                             ratio_to_copy=0.5),
                         row("copy/cuda/%s/cells:16" % precision, gb_per_s=copy)]
        # An older CPU file: names without a precision, so fp32 rows; Kokkos 1.6 ÷ OpenMP 2.0.
        old_rows = [row("stencil/naive/openmp/n:4", gcells_per_s=2.0, gb_per_s=1.0,
                        copy_gb_per_s=2.0, ratio_to_copy=0.5),
                    row("stencil/naive/kokkos_openmp/n:4", gcells_per_s=1.6, gb_per_s=1.0,
                        copy_gb_per_s=2.0, ratio_to_copy=0.5)]
        new = write_json(new_rows, {"gpu": "CUDA device 0: NVIDIA H200 (sm_90, 132 SMs)",
                                    "bytes_per_cell_update": "fp32:8,fp64:16"})
        old = write_json(old_rows, {"cpu_model": "EPYC", "num_cpus": 2})
        try:
            with tempfile.TemporaryDirectory() as out:
                subprocess.run([sys.executable, os.path.join(os.path.dirname(
                    os.path.abspath(__file__)), "report.py"), "--out", out, new, old],
                    check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                with open(os.path.join(out, "report.md")) as f:
                    text = f.read()
                pngs = sorted(n for n in os.listdir(out) if n.endswith(".png"))
        finally:
            os.unlink(new)
            os.unlink(old)
        fp32, _, fp64 = text.partition("## Performance portability, fp64")
        self.assertIn("## Performance portability, fp32", fp32)
        self.assertIn("## Kernels, fp32", fp32)
        self.assertIn("## Kernels, fp64", fp64)
        self.assertIn("- bytes per cell update: fp32:8,fp64:16", fp32)
        # fp32: GPU 3/4 and the older CPU file's 1.6/2 = 0.8: Φ = 2 / (4/3 + 5/4) = 24/31.
        self.assertIn("| naive | 0.750 | n=4 | 0.800 | n=4 | 0.774 |", fp32)
        # fp64: the GPU alone (the CPU file has no fp64 rows): 1.8 / 2 = 0.9.
        self.assertIn("| naive | 0.900 | n=4 | 0.900 |", fp64)
        self.assertNotIn("EPYC", fp64.split("## Plots")[0])
        self.assertIn("| cuda | 16 | 41.0 |", fp64)
        self.assertNotIn("| cuda | 16 | 41.0 |", fp32)
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            return
        for name in ("ratio_to_copy.png", "ratio_to_copy_fp64.png", "kokkos_vs_cuda.png",
                     "kokkos_vs_cuda_fp64.png", "kokkos_vs_openmp.png", "bandwidth_cuda.png",
                     "bandwidth_cuda_fp64.png"):
            self.assertIn(name, pngs)
        self.assertNotIn("kokkos_vs_openmp_fp64.png", pngs)


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
            for run in inp.runs:
                run.precision = "fp64"
            self.assertEqual([plots.ratio_to_copy([inp], variants, "fp64"),
                              plots.kokkos_vs_native(inp, report.GPU, variants, "fp64"),
                              plots.kokkos_vs_native(cpu_input(), report.CPU, variants, "fp64")],
                             ["ratio_to_copy_fp64.png", "kokkos_vs_cuda_fp64.png", None])
            self.assertEqual(plots.overlapping_labels, [])

    def test_sectors_figure_of_each_precision(self):
        try:
            import matplotlib
            matplotlib.use("Agg")
            import matplotlib.pyplot as plt
        except ImportError as e:
            self.skipTest("no matplotlib: %s" % e)
        rows = [report.SectorRow("naive", "cuda", 0.51, "fp64"),
                report.SectorRow("tiled", "kokkos", 0.55, "fp64")]
        with tempfile.TemporaryDirectory() as out:
            plots = report.Plots(out, plt)
            self.assertIsNone(plots.sectors(rows, ["naive", "tiled"], "fp32"))
            self.assertEqual(plots.sectors(rows, ["naive", "tiled"], "fp64"),
                             "sectors_per_cell_fp64.png")
            self.assertTrue(os.path.exists(os.path.join(out, "sectors_per_cell_fp64.png")))

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
