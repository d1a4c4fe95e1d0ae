#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The performance-portability study over every model, from the mini-app's run-command CSVs.

    perf/study.py --out DIR KIND:PLATFORM=FILE.csv [KIND:PLATFORM=FILE.csv ...]

KIND is gpu or cpu: it picks the platform's native model, the registry's native row of CUDA or
host memory (perf/registry.py; cuda on a GPU, openmp on a CPU).
FILE.csv holds `stencil_miniapp -csv` rows (scripts/study.sh writes them; a header line per
file, or one per row, and `#` comment lines are fine). Writes into DIR:

- study.csv, in the P3 analysis library's column convention (docs/performance.md gives the
  schema): problem (variant, precision and N: `naive fp64 N=16384`), platform, application (the
  model), fom (Gcell/s, higher is better), app_efficiency (fom / the best fom of any model on the
  same problem and platform: P3's application efficiency, in (0, 1]) and arch_efficiency (the
  row's ratio to the in-process copy of the same bytes / the variant's bound in copies, at most
  1); then variant, precision, n, dimensions, native_ratio (fom / the native model's fom of the
  same problem on the same platform; empty without a native row), ratio_to_copy and arch_bound;
- phi.csv: Pennycook's Φ (the harmonic mean of the efficiencies over the platform set, 0 where a
  platform is unsupported) per model, problem class and precision, for both efficiencies. A
  class is a variant, held at the largest N the model ran it at on each platform, or `best`: the
  model's fastest variant against the fastest row of any model at the platform's largest 2-D N;
- cascade_<class>_<efficiency>.png (fp32) and cascade_<class>_<efficiency>_fp64.png, where
  matplotlib is importable: per model, its efficiency on each platform (platforms sorted by that
  efficiency, best first) and Φ over the first k.

The precision is a part of the problem: a row is only ever held to rows of its own precision. A
row's precision is its `precision` column (fp32 or fp64); CSVs written before there was a choice
have none, and their rows are fp32. Where a model runs several rows of one problem on one
platform (execution spaces, loop shapes, repeats), the fastest row is its result.
docs/performance.md describes the method.
"""

import argparse
import csv
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import registry  # noqa: E402
from report import DEFAULT_PRECISION, PRECISIONS, phi  # noqa: E402  (Φ caps efficiencies at 1)

HERE = os.path.dirname(os.path.abspath(__file__))
VARIANT_TABLE = os.path.join(HERE, "..", "src", "stencil", "variants.hpp")
VARIANT_ROW = re.compile(r"X\((?P<name>[a-z0-9_]+), *\d+, *[a-z]+, *(?P<shape>[a-z]+),")
DEFAULT_FUSE = re.compile(r"kDefaultFuse *= *(\d+);")

# Each platform kind's native model: the registry's native row of its memory.
NATIVE = {"gpu": registry.native_model(registry.GPU_MEMORY).name,
          "cpu": registry.native_model(registry.HOST_MEMORY).name}
BEST = "best"
EFFICIENCIES = ("app_efficiency", "arch_efficiency")
# study.csv: P3's columns first (docs/performance.md, "The study's files").
STUDY_COLUMNS = ["problem", "platform", "application", "fom", "app_efficiency", "arch_efficiency",
                 "variant", "precision", "n", "dimensions", "native_ratio", "ratio_to_copy",
                 "arch_bound"]


class StudyInputError(Exception):
    pass


def fused_variants(path=VARIANT_TABLE):
    """{variant: iterations per pass over the grid at the driver's default -fuse} for the
    variants of the variant table whose shape option is -fuse; {} without the table."""
    try:
        with open(path) as f:
            text = f.read()
    except OSError:
        return {}
    depth = DEFAULT_FUSE.search(text)
    return {m["name"]: int(depth.group(1)) for m in VARIANT_ROW.finditer(text)
            if m["shape"] == "fuse" and depth}


def arch_bound(row, variant, fused):
    """The variant's bound, in copies of the grid per iteration time: one pass over the grid
    moves at least a copy's bytes, so a variant that advances k iterations per pass is bound
    by k times the copy rate, a single-step one by the copy rate. k is the row's `fuse` where
    the CSV has it, else the driver's default (scripts/study.sh passes no -fuse)."""
    if variant not in fused:
        return 1
    return int(row.get("fuse") or fused[variant])


def parse_spec(spec):
    """('gpu', 'H200', 'h200.csv') from gpu:H200=h200.csv."""
    label, sep, path = spec.partition("=")
    kind, colon, platform = label.partition(":")
    if not sep or not colon or kind not in NATIVE or not platform or not path:
        raise StudyInputError("study: give inputs as KIND:PLATFORM=FILE.csv with KIND gpu or cpu "
                              "(not '%s')" % spec)
    return kind, platform, path


def read_rows(path):
    """The mini-app's CSV rows of one file: header lines may repeat, comments are skipped."""
    rows, header = [], None
    with open(path, newline="") as f:
        for fields in csv.reader(line for line in f if not line.startswith("#")):
            if not fields:
                continue
            if "gcells_per_s" in fields and "implementation" in fields:
                header = fields
                continue
            if header is None:
                raise StudyInputError("study: %s: a row before any header line" % path)
            rows.append(dict(zip(header, fields)))
    return rows


class Result:
    """The fastest row of one model on one problem on one platform."""

    def __init__(self, platform, application, variant, n, dimensions, fom, ratio_to_copy, bound,
                 precision=DEFAULT_PRECISION):
        self.platform = platform
        self.application = application
        self.variant = variant
        self.precision = precision
        self.n = n
        self.dimensions = dimensions
        self.fom = fom
        self.ratio_to_copy = ratio_to_copy
        self.arch_bound = bound
        self.app_efficiency = None
        self.native_ratio = None

    @property
    def problem(self):
        return "%s %s N=%d" % (self.variant, self.precision, self.n)

    @property
    def arch_efficiency(self):
        """The ratio to the copy over the variant's bound, at most 1: a measured ratio above
        its bound is noise in that run (ratio_to_copy keeps it)."""
        if self.ratio_to_copy is None:
            return None
        return min(self.ratio_to_copy / self.arch_bound, 1.0)


def row_precision(path, row):
    """A row's precision: its precision column, fp32 where the CSV has none."""
    precision = row.get("precision") or DEFAULT_PRECISION
    if precision not in PRECISIONS:
        raise StudyInputError("study: %s: precision '%s' is neither %s: %s" %
                              (path, precision, " nor ".join(PRECISIONS), row))
    return precision


def load_platform(kind, platform, path, fused=None):
    fused = fused_variants() if fused is None else fused
    best = {}
    for row in read_rows(path):
        try:
            key = (row["implementation"], row["variant"], row_precision(path, row),
                   int(row["n"]))
            fom = float(row["gcells_per_s"])
            ratio = float(row["ratio_to_copy"]) if row.get("ratio_to_copy", "") else None
            dims = int(row.get("dimensions") or 2)
            bound = arch_bound(row, key[1], fused)
        except (KeyError, ValueError) as e:
            raise StudyInputError("study: %s: unreadable row (%s): %s" % (path, e, row))
        if key not in best or fom > best[key].fom:
            best[key] = Result(platform, key[0], key[1], key[3], dims, fom, ratio, bound, key[2])
    # P3's application efficiency: against the best figure of any model on the same problem
    # (variant, precision, N) and platform. The ratio to the native model stays beside it.
    top = {}
    for (_, variant, precision, n), r in best.items():
        problem = (variant, precision, n)
        top[problem] = max(top.get(problem, 0.0), r.fom)
    native = NATIVE[kind]
    for (_, variant, precision, n), r in best.items():
        if top[(variant, precision, n)] > 0:
            r.app_efficiency = r.fom / top[(variant, precision, n)]
        reference = best.get((native, variant, precision, n))
        if reference and reference.fom > 0:
            r.native_ratio = r.fom / reference.fom
    return list(best.values())


def class_efficiency(results, platform, application, problem_class, efficiency,
                     precision=DEFAULT_PRECISION):
    """One model's efficiency on one platform for a problem class in one precision: 0 where the
    model has no row (unsupported), None where the efficiency has no reference there."""
    results = [r for r in results if r.precision == precision]
    mine = [r for r in results if r.platform == platform and r.application == application]
    if problem_class == BEST:
        sizes = [r.n for r in results if r.platform == platform and r.dimensions == 2]
        if not sizes:
            return 0.0
        n = max(sizes)
        mine = [r for r in mine if r.n == n and r.dimensions == 2]
        if not mine:
            return 0.0
        top = max(mine, key=lambda r: r.fom)
        if efficiency == "arch_efficiency":
            return top.arch_efficiency
        fastest = max(r.fom for r in results
                      if r.platform == platform and r.n == n and r.dimensions == 2)
        return top.fom / fastest if fastest > 0 else None
    mine = [r for r in mine if r.variant == problem_class]
    if not mine:
        return 0.0
    return getattr(max(mine, key=lambda r: r.n), efficiency)


def phi_or_none(efficiencies):
    """Φ, 0 when a platform is unsupported, None when an efficiency lacks its reference."""
    if any(e == 0.0 for e in efficiencies):
        return 0.0
    if any(e is None for e in efficiencies):
        return None
    return phi(efficiencies)


def fmt(value):
    """Four significant digits, so that a small efficiency stays above 0 (P3 reads it as a
    number, and 0 means unsupported)."""
    return "" if value is None else "%.4g" % value


def precisions_of(results):
    """The precisions of the results, in PRECISIONS order."""
    return [p for p in PRECISIONS if any(r.precision == p for r in results)]


def write_study_csv(path, results, platforms):
    order = {p: k for k, p in enumerate(platforms)}
    results = sorted(results, key=lambda r: (r.variant, PRECISIONS.index(r.precision), r.n,
                                             order[r.platform], r.application))
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(STUDY_COLUMNS)
        for r in results:
            w.writerow([r.problem, r.platform, r.application, "%.6g" % r.fom,
                        fmt(r.app_efficiency), fmt(r.arch_efficiency), r.variant, r.precision,
                        r.n, r.dimensions, fmt(r.native_ratio), fmt(r.ratio_to_copy),
                        r.arch_bound])


def phi_table(results, platforms):
    """Rows (application, class, precision, {efficiency: [per-platform values]},
    {efficiency: Φ}), the classes of each precision that some model ran."""
    table = []
    for precision in precisions_of(results):
        mine = [r for r in results if r.precision == precision]
        classes = [BEST] + sorted({r.variant for r in mine})
        for app in sorted({r.application for r in mine}):
            for problem_class in classes:
                if problem_class != BEST and not any(r.application == app and
                                                     r.variant == problem_class for r in mine):
                    continue
                values, phis = {}, {}
                for eff in EFFICIENCIES:
                    values[eff] = [class_efficiency(mine, p, app, problem_class, eff, precision)
                                   for p in platforms]
                    phis[eff] = phi_or_none(values[eff])
                table.append((app, problem_class, precision, values, phis))
    return table


def write_phi_csv(path, table, platforms):
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        header = ["application", "problem_class", "precision", "platforms", "phi_app",
                  "phi_arch"]
        for eff in EFFICIENCIES:
            header += ["%s %s" % (eff, p) for p in platforms]
        w.writerow(header)
        for app, problem_class, precision, values, phis in table:
            row = [app, problem_class, precision, ";".join(platforms),
                   fmt(phis["app_efficiency"]), fmt(phis["arch_efficiency"])]
            for eff in EFFICIENCIES:
                row += [fmt(v) for v in values[eff]]
            w.writerow(row)


def cascade(plt, path, problem_class, precision, efficiency, rows, platforms):
    """Pennycook's cascade plot: per model, platforms sorted by its efficiency, Φ over the first
    k platforms beside them."""
    fig, (top, bottom) = plt.subplots(2, 1, figsize=(6.4, 5.2), sharex=True,
                                      gridspec_kw={"height_ratios": [4, 1]})
    markers = "osD^v<>p*h"  # one per platform, in every panel

    def marker(platform):
        return markers[platforms.index(platform) % len(markers)]

    for k, (app, values) in enumerate(rows):
        ranked = sorted(zip(platforms, values), key=lambda pv: -(pv[1] or 0.0))
        xs = list(range(1, len(ranked) + 1))
        effs = [min(v or 0.0, 1.0) for _, v in ranked]
        running = [phi_or_none([v for _, v in ranked[:i]]) or 0.0 for i in xs]
        line, = top.plot(xs, running, "-", label=app)
        top.plot(xs, effs, ":", color=line.get_color())
        for x, (p, _), e in zip(xs, ranked, effs):
            top.scatter([x], [e], marker=marker(p), color=line.get_color(), facecolors="none")
            bottom.scatter([x], [k], marker=marker(p), color=line.get_color())
    top.set_ylim(0, 1.05)
    top.set_ylabel("%s (dotted), Φ (solid)" % efficiency.replace("_", " "))
    top.set_title("cascade: %s, %s" % (problem_class, precision))
    top.legend(fontsize="small", loc="lower left")
    bottom.set_yticks(range(len(rows)))
    bottom.set_yticklabels([app for app, _ in rows], fontsize="small")
    bottom.set_xticks(range(1, len(platforms) + 1))
    bottom.set_xlabel("platforms added, by efficiency (marker: %s)" % ", ".join(
        "%s %s" % (marker(p), p) for p in platforms))
    fig.tight_layout()
    fig.savefig(path, dpi=110, metadata={"Software": None})
    plt.close(fig)


def write_plots(out, table, platforms, classes):
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as e:
        print("study: no plots: %s (CSVs written)" % e, file=sys.stderr)
        return []
    written = []
    for precision in PRECISIONS:
        # fp32's cascades keep the names the docs link; the other precision's carry it.
        suffix = "" if precision == DEFAULT_PRECISION else "_" + precision
        for problem_class in classes:
            for eff in EFFICIENCIES:
                rows = [(app, values[eff]) for app, c, p, values, _ in table
                        if c == problem_class and p == precision]
                if not rows:
                    continue
                name = "cascade_%s_%s%s.png" % (problem_class, eff.split("_")[0], suffix)
                cascade(plt, os.path.join(out, name), problem_class, precision, eff, rows,
                        platforms)
                written.append(name)
    return written


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("inputs", nargs="+", help="KIND:PLATFORM=FILE.csv, KIND gpu or cpu")
    parser.add_argument("--out", required=True, help="folder for study.csv, phi.csv, the plots")
    parser.add_argument("--plot-classes", default="best,naive",
                        help="problem classes to draw cascades for, in each precision "
                        "(default best,naive)")
    args = parser.parse_args(argv)
    try:
        specs = [parse_spec(s) for s in args.inputs]
        platforms = [p for _, p, _ in specs]
        if len(set(platforms)) != len(platforms):
            raise StudyInputError("study: a platform is named twice: " + ", ".join(platforms))
        results = []
        for kind, platform, path in specs:
            results += load_platform(kind, platform, path)
    except (OSError, StudyInputError) as e:
        print(e if isinstance(e, StudyInputError) else "study: %s" % e, file=sys.stderr)
        return 2
    if not results:
        print("study: no rows in " + ", ".join(p for _, _, p in specs), file=sys.stderr)
        return 2
    os.makedirs(args.out, exist_ok=True)
    write_study_csv(os.path.join(args.out, "study.csv"), results, platforms)
    table = phi_table(results, platforms)
    write_phi_csv(os.path.join(args.out, "phi.csv"), table, platforms)
    plots = write_plots(args.out, table, platforms, args.plot_classes.split(","))
    print("study: wrote %s (study.csv, phi.csv%s)" %
          (args.out, "".join(", " + p for p in plots)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
