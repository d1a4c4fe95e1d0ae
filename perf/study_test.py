#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""perf/study.py against a hand-written pair of platforms; every expected value below is worked
out by hand in its comment, not by the script."""

import contextlib
import csv
import io
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import study  # noqa: E402

HEADER = "schema_version,variant,implementation,execution_space,dimensions,n,iterations,gcells_per_s,ratio_to_copy\n"
# Rows of schema version 2 carry their precision; version 1 rows (HEADER) are fp32.
HEADER_2 = ("schema_version,variant,implementation,execution_space,dimensions,n,iterations,"
            "gcells_per_s,ratio_to_copy,fuse,precision\n")

# The GPU: cuda naive twice (the faster row counts), tiled the fastest native variant; temporal
# at a smaller N (so that `best`, at the largest N, leaves it out), kokkos' ratio past its bound.
# In fp64 every rate is below its fp32 twin's, so a row held to the other precision would show.
GPU_ROWS = HEADER + """\
1,naive,cuda,"NVIDIA H200 (132 SMs)",2,4096,100,100.0,0.4
1,naive,cuda,"NVIDIA H200 (132 SMs)",2,4096,100,200.0,0.8
1,naive,kokkos,cuda,2,4096,100,150.0,0.6
1,naive,openacc,"gpu, loop shape collapse",2,4096,100,50.0,0.2
1,tiled,cuda,"NVIDIA H200 (132 SMs)",2,4096,100,250.0,1.0
1,tiled,kokkos,cuda,2,4096,100,125.0,0.5
1,temporal,cuda,"NVIDIA H200 (132 SMs)",2,1024,100,800.0,2.0
1,temporal,kokkos,cuda,2,1024,100,700.0,9.0
""" + HEADER_2 + """\
2,naive,cuda,"NVIDIA H200 (132 SMs)",2,4096,100,100.0,0.8,1,fp64
2,naive,kokkos,cuda,2,4096,100,90.0,0.72,1,fp64
2,tiled,cuda,"NVIDIA H200 (132 SMs)",2,4096,100,120.0,0.96,1,fp64
2,tiled,kokkos,cuda,2,4096,100,60.0,0.48,1,fp64
"""
# The CPU: the header repeats (one run per call appends its own); openacc has no row here. In
# fp64 kokkos is the fastest naive and has no tiled.
CPU_ROWS = """\
# a comment line
""" + HEADER + """\
1,naive,openmp,"native OpenMP (2 threads)",2,2048,100,10.0,0.5
""" + HEADER + """\
1,naive,kokkos,openmp,2,2048,100,8.0,0.4
1,tiled,openmp,"native OpenMP (2 threads)",2,2048,100,12.0,0.6
1,tiled,kokkos,openmp,2,2048,100,6.0,0.3
1,halo1d,openmp,"native OpenMP (2 threads)",1,4194304,100,4.5,0.45
1,halo1d,kokkos,openmp,1,4194304,100,9.0,0.9
""" + HEADER_2 + """\
2,naive,openmp,"native OpenMP (2 threads)",2,2048,100,5.0,0.5,1,fp64
2,naive,kokkos,openmp,2,2048,100,6.0,0.6,1,fp64
2,tiled,openmp,"native OpenMP (2 threads)",2,2048,100,4.0,0.4,1,fp64
"""


def read_csv(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


class StudyTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        gpu = cls.gpu = os.path.join(cls.tmp.name, "gpu.csv")
        cpu = os.path.join(cls.tmp.name, "cpu.csv")
        with open(gpu, "w") as f:
            f.write(GPU_ROWS)
        with open(cpu, "w") as f:
            f.write(CPU_ROWS)
        cls.out = os.path.join(cls.tmp.name, "out")
        with contextlib.redirect_stdout(io.StringIO()):
            cls.rc = study.main(["--out", cls.out, "gpu:H200=" + gpu, "cpu:EPYC=" + cpu])
        cls.study = {(r["problem"], r["platform"], r["application"]): r
                     for r in read_csv(os.path.join(cls.out, "study.csv"))}
        cls.phi = {(r["application"], r["problem_class"], r["precision"]): r
                   for r in read_csv(os.path.join(cls.out, "phi.csv"))}

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_p3_columns_and_one_row_per_problem_platform_model(self):
        self.assertEqual(self.rc, 0)
        with open(os.path.join(self.out, "study.csv")) as f:
            self.assertEqual(f.readline().strip().split(","),
                             ["problem", "platform", "application", "fom", "app_efficiency",
                              "arch_efficiency", "variant", "precision", "n", "dimensions",
                              "native_ratio", "ratio_to_copy", "arch_bound"])
        # fp32: GPU cuda, kokkos, openacc naive; cuda, kokkos tiled and temporal. CPU: openmp,
        # kokkos naive, tiled and halo1d. fp64: GPU cuda, kokkos naive and tiled; CPU openmp,
        # kokkos naive, openmp tiled.
        self.assertEqual(len(self.study), 13 + 7)

    def test_the_problem_names_the_precision(self):
        row = self.study[("naive fp64 N=4096", "H200", "kokkos")]
        self.assertEqual((row["variant"], row["precision"], row["n"]), ("naive", "fp64", "4096"))
        # Version 1 rows have no precision column: fp32.
        self.assertEqual(self.study[("naive fp32 N=4096", "H200", "kokkos")]["precision"], "fp32")

    def test_fp64_rows_are_held_to_fp64_rows_only(self):
        # GPU naive: kokkos 90 / cuda 100 (fp32's cuda, 200, would give 0.45).
        gpu = self.study[("naive fp64 N=4096", "H200", "kokkos")]
        self.assertAlmostEqual(float(gpu["app_efficiency"]), 0.9)
        self.assertAlmostEqual(float(gpu["native_ratio"]), 0.9)
        self.assertAlmostEqual(float(gpu["arch_efficiency"]), 0.72)
        # CPU naive: kokkos 6 is the fastest fp64 row (fp32's openmp is 10); openmp 5 / 6.
        kokkos = self.study[("naive fp64 N=2048", "EPYC", "kokkos")]
        openmp = self.study[("naive fp64 N=2048", "EPYC", "openmp")]
        self.assertAlmostEqual(float(kokkos["app_efficiency"]), 1.0)
        self.assertAlmostEqual(float(kokkos["native_ratio"]), 1.2)
        self.assertAlmostEqual(float(openmp["app_efficiency"]), 5 / 6, places=4)
        # And fp32 stays as it was without the fp64 rows: 150 / 200.
        self.assertAlmostEqual(
            float(self.study[("naive fp32 N=4096", "H200", "kokkos")]["app_efficiency"]), 0.75)

    def test_phi_of_each_precision(self):
        row = self.phi[("kokkos", "naive", "fp64")]
        # 2 / (1/0.9 + 1/1) = 2 / (19/9) = 18/19
        self.assertAlmostEqual(float(row["phi_app"]), 18 / 19, places=4)
        # 2 / (1/0.72 + 1/0.6) = 2 / (25/18 + 30/18) = 36/55
        self.assertAlmostEqual(float(row["phi_arch"]), 36 / 55, places=4)
        # tiled: no kokkos tiled on the CPU in fp64: 0 (fp32 has one: 0.5).
        self.assertEqual(float(self.phi[("kokkos", "tiled", "fp64")]["phi_app"]), 0.0)
        # best at each platform's largest fp64 2-D N. GPU: kokkos' 90 / cuda tiled's 120 = 0.75;
        # CPU: kokkos' 6 is the fastest, 1. 2 / (4/3 + 1) = 6/7.
        self.assertAlmostEqual(float(self.phi[("kokkos", "best", "fp64")]["phi_app"]), 6 / 7,
                               places=4)
        # A class only where some model ran it in that precision.
        self.assertNotIn(("kokkos", "temporal", "fp64"), self.phi)
        self.assertNotIn(("openacc", "naive", "fp64"), self.phi)
        self.assertEqual(self.phi[("kokkos", "naive", "fp32")]["precision"], "fp32")

    def test_a_class_efficiency_takes_the_rows_of_its_precision(self):
        results = study.load_platform("gpu", "H200", self.gpu)
        # best: fp64 90 / 120 = 0.75; fp32 150 / 250 = 0.6 (the same rows mixed: 150 / 250).
        self.assertAlmostEqual(study.class_efficiency(results, "H200", "kokkos", study.BEST,
                                                      "app_efficiency", "fp64"), 0.75)
        self.assertAlmostEqual(study.class_efficiency(results, "H200", "kokkos", study.BEST,
                                                      "app_efficiency", "fp32"), 0.6)
        # naive: the fp64 row's arch efficiency 0.72, not fp32's 0.6.
        self.assertAlmostEqual(study.class_efficiency(results, "H200", "kokkos", "naive",
                                                      "arch_efficiency", "fp64"), 0.72)

    def test_fastest_row_counts_and_the_fastest_model_is_one(self):
        row = self.study[("naive fp32 N=4096", "H200", "cuda")]
        self.assertAlmostEqual(float(row["fom"]), 200.0)
        self.assertAlmostEqual(float(row["app_efficiency"]), 1.0)
        self.assertAlmostEqual(float(row["native_ratio"]), 1.0)
        self.assertAlmostEqual(float(row["arch_efficiency"]), 0.8)
        self.assertEqual(row["arch_bound"], "1")

    def test_app_efficiency_against_the_fastest_model_of_each_problem(self):
        # GPU: 150 / 200 (cuda the fastest); CPU: 8 / 10 (openmp). Arch: the rows' ratio_to_copy.
        gpu = self.study[("naive fp32 N=4096", "H200", "kokkos")]
        cpu = self.study[("naive fp32 N=2048", "EPYC", "kokkos")]
        self.assertAlmostEqual(float(gpu["app_efficiency"]), 0.75)
        self.assertAlmostEqual(float(cpu["app_efficiency"]), 0.8)
        self.assertAlmostEqual(float(gpu["arch_efficiency"]), 0.6)
        self.assertAlmostEqual(float(cpu["arch_efficiency"]), 0.4)
        # 50 / 200
        self.assertAlmostEqual(
            float(self.study[("naive fp32 N=4096", "H200", "openacc")]["app_efficiency"]), 0.25)

    def test_a_model_faster_than_the_native_one_is_one_and_native_ratio_keeps_its_lead(self):
        kokkos = self.study[("halo1d fp32 N=4194304", "EPYC", "kokkos")]
        openmp = self.study[("halo1d fp32 N=4194304", "EPYC", "openmp")]
        # kokkos 9.0 is the fastest: 1; openmp 4.5 / 9.0 = 0.5. Against the native model: 2 and 1.
        self.assertAlmostEqual(float(kokkos["app_efficiency"]), 1.0)
        self.assertAlmostEqual(float(openmp["app_efficiency"]), 0.5)
        self.assertAlmostEqual(float(kokkos["native_ratio"]), 2.0)
        self.assertAlmostEqual(float(openmp["native_ratio"]), 1.0)
        # openacc against cuda's naive: 50 / 200.
        self.assertEqual(
            self.study[("naive fp32 N=4096", "H200", "openacc")]["native_ratio"], "0.25")

    def test_temporal_is_bound_by_its_iterations_per_pass(self):
        k = study.fused_variants()["temporal"]
        cuda = self.study[("temporal fp32 N=1024", "H200", "cuda")]
        kokkos = self.study[("temporal fp32 N=1024", "H200", "kokkos")]
        self.assertEqual(int(cuda["arch_bound"]), k)
        # 2.0 copies' worth per iteration time, over a bound of k.
        self.assertAlmostEqual(float(cuda["arch_efficiency"]), 2.0 / k, places=4)
        # 9.0 is past any bound of 8 or less: at most 1, and the raw ratio stays beside it.
        self.assertEqual(float(kokkos["arch_efficiency"]), 1.0)
        self.assertAlmostEqual(float(kokkos["ratio_to_copy"]), 9.0)

    def test_fused_depth_from_the_rows_fuse_column_where_it_has_one(self):
        self.assertEqual(study.arch_bound({"fuse": "8"}, "temporal", {"temporal": 4}), 8)
        self.assertEqual(study.arch_bound({}, "temporal", {"temporal": 4}), 4)
        self.assertEqual(study.arch_bound({"fuse": "8"}, "naive", {"temporal": 4}), 1)

    def test_phi_is_the_harmonic_mean_over_the_platforms(self):
        row = self.phi[("kokkos", "naive", "fp32")]
        # 2 / (1/0.75 + 1/0.8) = 2 / (4/3 + 5/4) = 24/31
        self.assertAlmostEqual(float(row["phi_app"]), 24 / 31, places=4)
        # 2 / (1/0.6 + 1/0.4) = 2 / (5/3 + 5/2) = 12/25
        self.assertAlmostEqual(float(row["phi_arch"]), 0.48, places=4)
        # tiled: GPU 125/250 = 0.5, CPU 6/12 = 0.5: Φ = 0.5
        self.assertAlmostEqual(float(self.phi[("kokkos", "tiled", "fp32")]["phi_app"]), 0.5,
                               places=4)

    def test_best_class_holds_the_fastest_variant_to_the_fastest_row(self):
        row = self.phi[("kokkos", "best", "fp32")]
        # At the largest 2-D N of each platform. GPU: kokkos' best 150 (naive) / the fastest row
        # 250 (cuda tiled) = 0.6; CPU: 8 / 12 (openmp tiled) = 2/3.
        # 2 / (1/0.6 + 3/2) = 2 / (5/3 + 3/2) = 12/19
        self.assertAlmostEqual(float(row["phi_app"]), 12 / 19, places=4)
        # Arch: the ratio_to_copy of those rows, 0.6 and 0.4: 12/25.
        self.assertAlmostEqual(float(row["phi_arch"]), 0.48, places=4)

    def test_a_missing_platform_gives_phi_zero(self):
        row = self.phi[("openacc", "naive", "fp32")]
        self.assertEqual(float(row["phi_app"]), 0.0)
        self.assertEqual(float(row["phi_arch"]), 0.0)
        self.assertEqual(float(self.phi[("openacc", "best", "fp32")]["phi_app"]), 0.0)

    def test_cascade_plots_where_matplotlib_exists(self):
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            self.skipTest("matplotlib is not importable")
        for name in ("cascade_best_app.png", "cascade_naive_arch.png",
                     "cascade_best_app_fp64.png", "cascade_naive_arch_fp64.png"):
            with open(os.path.join(self.out, name), "rb") as f:
                self.assertEqual(f.read(8), b"\x89PNG\r\n\x1a\n")


class BadInputTest(unittest.TestCase):
    def run_study(self, *argv):
        err = io.StringIO()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            rc = study.main(list(argv))
        return rc, err.getvalue()

    def test_spec_without_kind_exits_2_with_one_line(self):
        with tempfile.TemporaryDirectory() as tmp:
            rc, err = self.run_study("--out", tmp, "H200=x.csv")
        self.assertEqual(rc, 2)
        self.assertEqual(len(err.strip().splitlines()), 1)
        self.assertIn("KIND:PLATFORM=FILE.csv", err)

    def test_an_unknown_precision_exits_2(self):
        with tempfile.TemporaryDirectory() as tmp:
            rows = os.path.join(tmp, "rows.csv")
            with open(rows, "w") as f:
                f.write(HEADER_2 + '2,naive,openmp,"x",2,64,8,1.0,0.5,1,fp16\n')
            rc, err = self.run_study("--out", os.path.join(tmp, "o"), "cpu:X=" + rows)
        self.assertEqual(rc, 2)
        self.assertIn("fp16", err)

    def test_missing_file_exits_2(self):
        with tempfile.TemporaryDirectory() as tmp:
            rc, err = self.run_study("--out", os.path.join(tmp, "o"),
                                     "cpu:X=" + os.path.join(tmp, "absent.csv"))
            self.assertFalse(os.path.exists(os.path.join(tmp, "o")))
        self.assertEqual(rc, 2)
        self.assertIn("absent.csv", err)


if __name__ == "__main__":
    unittest.main()
