#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""study.csv read as a P3 analysis library user reads it, and Φ worked out from it by P3's
formulas, against the phi.csv that perf/study.py writes from the same rows.

Nothing here imports perf/study.py: it runs the script, then reads its two files with its own
few lines, as P3 would (the library itself is not installable here):

- application efficiency (p3analysis.metrics.application_efficiency with foms="higher"): a
  row's fom over the highest fom of any application for the same problem on the same platform;
  a problem names its precision (`naive fp64 N=4096`), so P3 never holds fp64 to fp32;
- performance portability (p3analysis.metrics.pp): the harmonic mean of an application's
  efficiencies over the platform set, an application with no row on a platform counting 0
  there, so that Φ is 0 (statistics.harmonic_mean, as P3 calls it, gives 0 for any 0);
- a problem class of phi.csv is a variant at the largest N the application ran it at on each
  platform, or `best`: the application's fastest row at the platform's largest 2-D N, against
  the fastest row of any application there; each within the rows of one precision.

The rows are the committed CPU study rows (perf/results/cpu-study-2026-12-02d/, written before
there was a choice of precision: fp32) with a few hand-written fp64 rows as one platform, and a
hand-written GPU platform in both precisions as the other.
"""

import csv
import os
import statistics
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
CPU_ROWS = os.path.join(HERE, "results", "cpu-study-2026-12-02d", "study.csv")
GPU_ROWS = """\
schema_version,variant,implementation,execution_space,dimensions,n,iterations,gcells_per_s,ratio_to_copy
1,naive,cuda,"NVIDIA H200 (132 SMs)",2,4096,100,280.0,0.55
1,naive,kokkos,cuda,2,4096,100,320.0,0.61
1,naive,openacc,gpu,2,4096,100,90.0,0.18
1,tiled,cuda,"NVIDIA H200 (132 SMs)",2,4096,100,200.0,0.41
1,tiled,kokkos,cuda,2,4096,100,180.0,0.37
1,temporal,cuda,"NVIDIA H200 (132 SMs)",2,4096,100,1200.0,2.3
1,temporal,kokkos,cuda,2,4096,100,1100.0,2.1
1,naive1d,cuda,"NVIDIA H200 (132 SMs)",1,16777216,100,300.0,0.6
1,naive1d,kokkos,cuda,1,16777216,100,330.0,0.66
schema_version,variant,implementation,execution_space,dimensions,n,iterations,gcells_per_s,ratio_to_copy,fuse,precision
2,naive,cuda,"NVIDIA H200 (132 SMs)",2,4096,100,150.0,0.58,1,fp64
2,naive,kokkos,cuda,2,4096,100,140.0,0.54,1,fp64
2,tiled,cuda,"NVIDIA H200 (132 SMs)",2,4096,100,110.0,0.43,1,fp64
2,temporal,cuda,"NVIDIA H200 (132 SMs)",2,4096,100,600.0,2.3,4,fp64
2,temporal,kokkos,cuda,2,4096,100,520.0,2.0,4,fp64
"""
CPU_FP64_ROWS = """\
schema_version,variant,implementation,execution_space,dimensions,n,iterations,gcells_per_s,ratio_to_copy,fuse,precision
2,naive,openmp,"native OpenMP (2 threads)",2,2048,100,2.2,0.6,1,fp64
2,naive,kokkos,"OpenMP (concurrency 2)",2,2048,100,2.0,0.55,1,fp64
2,tiled,kokkos,"OpenMP (concurrency 2)",2,2048,100,1.5,0.4,1,fp64
"""
EFFICIENCIES = ("app", "arch")


def read_csv(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def number(text):
    return None if text == "" else float(text)


def p3_application_efficiency(rows):
    """fom / the highest fom of the same (problem, platform): P3 with foms="higher"."""
    best = {}
    for r in rows:
        key = (r["problem"], r["platform"])
        best[key] = max(best.get(key, 0.0), float(r["fom"]))
    return [float(r["fom"]) / best[(r["problem"], r["platform"])] for r in rows]


def p3_pp(efficiencies):
    """P3's pp of one application: the harmonic mean over the platforms, 0 for a platform it
    does not run on (None in `efficiencies`: no row)."""
    return statistics.harmonic_mean([0.0 if e is None else e for e in efficiencies])


def class_rows(rows, platform, application, problem_class, precision):
    """The row that stands for `application` in a class on one platform in one precision, and
    the fom it is held to; (None, None) where the application has no such row."""
    here = [r for r in rows if r["platform"] == platform and r["precision"] == precision]
    if problem_class == "best":
        two_d = [r for r in here if r["dimensions"] == "2"]
        if not two_d:
            return None, None
        n = max(int(r["n"]) for r in two_d)
        at_n = [r for r in two_d if int(r["n"]) == n]
        mine = [r for r in at_n if r["application"] == application]
        if not mine:
            return None, None
        return (max(mine, key=lambda r: float(r["fom"])), max(float(r["fom"]) for r in at_n))
    mine = [r for r in here if r["application"] == application and r["variant"] == problem_class]
    if not mine:
        return None, None
    row = max(mine, key=lambda r: int(r["n"]))
    return row, max(float(r["fom"]) for r in here if r["problem"] == row["problem"])


def efficiency(row, reference_fom, kind):
    if row is None:
        return None
    if kind == "app":
        return float(row["fom"]) / reference_fom
    return number(row["arch_efficiency"])


class P3PhiTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        gpu = os.path.join(cls.tmp.name, "gpu.csv")
        with open(gpu, "w") as f:
            f.write(GPU_ROWS)
        cpu = os.path.join(cls.tmp.name, "cpu.csv")
        with open(CPU_ROWS) as committed, open(cpu, "w") as f:
            f.write(committed.read() + CPU_FP64_ROWS)
        out = os.path.join(cls.tmp.name, "out")
        subprocess.run([sys.executable, os.path.join(HERE, "study.py"), "--out", out,
                        "--plot-classes", "", "gpu:H200=" + gpu, "cpu:CPU=" + cpu],
                       check=True, stdout=subprocess.DEVNULL)
        cls.rows = read_csv(os.path.join(out, "study.csv"))
        cls.phi = read_csv(os.path.join(out, "phi.csv"))
        cls.platforms = ["H200", "CPU"]

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_app_efficiency_is_p3s_in_zero_to_one(self):
        for row, p3 in zip(self.rows, p3_application_efficiency(self.rows)):
            with self.subTest(problem=row["problem"], platform=row["platform"],
                              application=row["application"]):
                self.assertAlmostEqual(float(row["app_efficiency"]), p3, delta=1e-4)
                self.assertTrue(0.0 < float(row["app_efficiency"]) <= 1.0)

    def test_arch_efficiency_is_at_most_one(self):
        for row in self.rows:
            value = number(row["arch_efficiency"])
            self.assertTrue(value is None or 0.0 <= value <= 1.0, row)

    def test_a_problem_names_its_precision(self):
        for row in self.rows:
            self.assertEqual(row["problem"],
                             "%s %s N=%s" % (row["variant"], row["precision"], row["n"]))
        self.assertEqual({r["precision"] for r in self.rows if r["platform"] == "CPU"},
                         {"fp32", "fp64"})

    def test_phi_agrees_with_p3s_formulas(self):
        self.assertGreater(len(self.phi), 20)
        self.assertEqual({line["precision"] for line in self.phi}, {"fp32", "fp64"})
        for line in self.phi:
            app, problem_class = line["application"], line["problem_class"]
            precision = line["precision"]
            held = [class_rows(self.rows, p, app, problem_class, precision)
                    for p in self.platforms]
            for kind in EFFICIENCIES:
                with self.subTest(application=app, problem_class=problem_class,
                                  precision=precision, efficiency=kind):
                    values = [efficiency(row, reference, kind) for row, reference in held]
                    if all(row is not None for row, _ in held) and None in values:
                        self.assertEqual(line["phi_" + kind], "")  # a row without the figure
                        continue
                    # study.csv holds 4 decimals, phi.csv is worked from the full values.
                    self.assertAlmostEqual(float(line["phi_" + kind]), p3_pp(values), delta=3e-4)

    def test_a_model_on_one_platform_has_phi_zero(self):
        by_key = {(r["application"], r["problem_class"], r["precision"]): r for r in self.phi}
        for app in ("cuda", "openmp", "stdpar"):
            self.assertEqual(float(by_key[(app, "naive", "fp32")]["phi_app"]), 0.0, app)
        for app in ("cuda", "openmp"):
            self.assertEqual(float(by_key[(app, "naive", "fp64")]["phi_app"]), 0.0, app)
        # kokkos ran tiled in fp64 on the CPU alone.
        self.assertEqual(float(by_key[("kokkos", "tiled", "fp64")]["phi_app"]), 0.0)


if __name__ == "__main__":
    unittest.main()
