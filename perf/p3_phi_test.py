#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""study.csv read as a P3 analysis library user reads it, and Φ worked out from it by P3's
formulas, against the phi.csv that perf/study.py writes from the same rows.

Nothing here imports perf/study.py: it runs the script, then reads its two files with its own
few lines, as P3 would (the library itself is not installable here):

- application efficiency (p3analysis.metrics.application_efficiency with foms="higher"): a
  row's fom over the highest fom of any application for the same problem on the same platform;
- performance portability (p3analysis.metrics.pp): the harmonic mean of an application's
  efficiencies over the platform set, an application with no row on a platform counting 0
  there, so that Φ is 0 (statistics.harmonic_mean, as P3 calls it, gives 0 for any 0);
- a problem class of phi.csv is a variant at the largest N the application ran it at on each
  platform, or `best`: the application's fastest row at the platform's largest 2-D N, against
  the fastest row of any application there.

The rows are the committed CPU study rows (perf/results/cpu-study-2026-12-02d/) as one platform,
and a hand-written GPU platform as the other.
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


def class_rows(rows, platform, application, problem_class):
    """The row that stands for `application` in a class on one platform, and the fom it is
    held to; (None, None) where the application has no such row."""
    here = [r for r in rows if r["platform"] == platform]
    if problem_class == "best":
        two_d = [r for r in here if r["dimensions"] == "2"]
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
        out = os.path.join(cls.tmp.name, "out")
        subprocess.run([sys.executable, os.path.join(HERE, "study.py"), "--out", out,
                        "--plot-classes", "", "gpu:H200=" + gpu, "cpu:CPU=" + CPU_ROWS],
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

    def test_phi_agrees_with_p3s_formulas(self):
        self.assertGreater(len(self.phi), 20)
        for line in self.phi:
            app, problem_class = line["application"], line["problem_class"]
            held = [class_rows(self.rows, p, app, problem_class) for p in self.platforms]
            for kind in EFFICIENCIES:
                with self.subTest(application=app, problem_class=problem_class, efficiency=kind):
                    values = [efficiency(row, reference, kind) for row, reference in held]
                    if all(row is not None for row, _ in held) and None in values:
                        self.assertEqual(line["phi_" + kind], "")  # a row without the figure
                        continue
                    # study.csv holds 4 decimals, phi.csv is worked from the full values.
                    self.assertAlmostEqual(float(line["phi_" + kind]), p3_pp(values), delta=3e-4)

    def test_a_model_on_one_platform_has_phi_zero(self):
        by_key = {(r["application"], r["problem_class"]): r for r in self.phi}
        for app in ("cuda", "openmp", "stdpar"):
            self.assertEqual(float(by_key[(app, "naive")]["phi_app"]), 0.0, app)


if __name__ == "__main__":
    unittest.main()
