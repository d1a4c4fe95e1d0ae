#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Turns stencil_bench JSON files into a markdown report and PNG plots.

    perf/report.py --out DIR [--sectors FILE.csv] INPUT [INPUT ...]

An INPUT is a stencil_bench JSON file, or a CSV of run commands, named PLATFORM=FILE.csv: the
runs.csv of scripts/gpu-check.sh (native CUDA and Kokkos-CUDA rows; of each model only the rows
of the first version in the file are kept) or the table of scripts/openmp-cpu-figures.sh (OpenMP
and Kokkos-OpenMP rows, best ratio of the repeats). Their rows are each variant's default shape.

Every row has a precision, fp32 or fp64: the segment after the target in a benchmark name
(stencil/tiled/cuda/fp64/n:4096), a table's `precision` column or `-precision` option. Results
written before there was a choice carry none and are fp32.

Writes DIR/report.md (per precision: every kernel's rate and ratio to the copy limit, the copy
limits, the performance-portability table with Pennycook's metric) and, where matplotlib is
importable, DIR/*.png: bandwidth per variant against the copy limit, ratio to copy, the portable
model (Kokkos) against the native model of each platform (perf/registry.py: CUDA on a GPU, OpenMP
on a CPU), and sectors per cell update from a CUPTI CSV (columns variant, implementation,
sectors_per_cell_update, and precision where it has one). fp32's figures keep their plain names,
fp64's end in _fp64. A ratio never holds one precision against the other. The tables need only
the standard library, so a machine without matplotlib still gets them (the plots can be made
later from the same JSON).

Inputs may come from different machines (e.g. the GPU run and a CPU run): each file's targets
form its platforms. docs/performance.md explains every number.
"""

import argparse
import csv
import json
import math
import os
import re
import statistics
import sys
from dataclasses import dataclass, field

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import registry  # noqa: E402  (the model registry's rows)

# The precisions, in the order the report shows them. fp32 is the driver's default and the
# precision of every result written before names carried one.
PRECISIONS = ("fp32", "fp64")
DEFAULT_PRECISION = "fp32"
# The bytes a cell update moves: one element read, one written (the benchmark's gb_per_s).
BYTES_PER_CELL_UPDATE = {"fp32": 8, "fp64": 16}
# The best a cell update can do: those bytes in 32-byte global-memory sectors.
IDEAL_SECTORS_PER_CELL_UPDATE = {p: b / 32 for p, b in BYTES_PER_CELL_UPDATE.items()}
COUNTERS = ("gcells_per_s", "gb_per_s", "copy_gb_per_s", "ratio_to_copy", "cells")


@dataclass
class Run:
    """One benchmark row (the median over repetitions, if there were several)."""

    kind: str  # "stencil" or "copy"
    variant: str  # "" for copies
    target: str  # a backend label: <model>, or <model>_<space> for a model with spaces
    n: int  # grid N (2-D), cells (1-D) or cells copied
    chunks: int
    counters: dict
    label: str = ""
    precision: str = DEFAULT_PRECISION

    @property
    def implementation(self):
        return registry.split_label(self.target)[0]

    @property
    def space(self):
        name, space = registry.split_label(self.target)
        if space:
            return space
        # A model without spaces: a native one names its own hardware, another its memory.
        model = registry.find(name)
        return model.memory if model and not model.native else name + " (native)"

    @property
    def on_gpu(self):
        return registry.is_gpu_target(self.target)


@dataclass
class Input:
    """One benchmark JSON file."""

    path: str
    context: dict
    runs: list = field(default_factory=list)
    errors: list = field(default_factory=list)  # (name, message)
    variants: list = field(default_factory=list)  # in the suite's order

    def platform(self, on_gpu):
        """The hardware a target of this file ran on, as a short readable name."""
        if "platform" in self.context:  # a run-command CSV, named on the command line
            return self.context["platform"]
        if on_gpu:
            gpu = self.context.get("gpu", "none")
            if gpu.startswith("none"):  # no native CUDA in that build: the portable model's own
                gpu = self.context.get("target " + GPU.portable_target, "GPU")
            match = re.search(r":\s*(.*?)\s*\(", gpu)
            return match.group(1) if match else gpu
        return "%s (%s CPUs)" % (self.context.get("cpu_model", "CPU"),
                                 self.context.get("num_cpus", "?"))

    def targets(self):
        seen = []
        for run in self.runs:
            if run.target not in seen:
                seen.append(run.target)
        return seen

    def find(self, kind, target, variant=""):
        return [r for r in self.runs if r.kind == kind and r.target == target and
                r.variant == variant]

    def precisions(self):
        """The precisions of its rows, in PRECISIONS order."""
        return [p for p in PRECISIONS if any(r.precision == p for r in self.runs)]

    def of_precision(self, precision):
        """The same file with only the rows of one precision: every ratio of the report is taken
        within one such view. The variants keep the suite's order; errors stay with the file."""
        runs = [r for r in self.runs if r.precision == precision]
        variants = [v for v in self.variants if any(r.variant == v for r in runs)]
        return Input(self.path, self.context, runs, [], variants)


def single_precision(inp):
    """The one precision of an input's rows (fp32 where it has none); a ValueError where it holds
    both, since a ratio across precisions compares two different amounts of bytes."""
    found = inp.precisions()
    if len(found) > 1:
        raise ValueError("report: %s holds %s: take one precision at a time (of_precision)" %
                         (inp.path, " and ".join(found)))
    return found[0] if found else DEFAULT_PRECISION


# <kind>/[<variant>/]<target>/[<precision>/]<arguments>: the precision segment is absent from
# results written before there was a choice (those are fp32).
NAME = re.compile(r"^(?P<kind>stencil|copy)/(?:(?P<variant>[a-z0-9_]+)/)?(?P<target>[a-z_]+)/"
                  r"(?:(?P<precision>fp[0-9]+)/)?(?P<args>[a-z_]+:)")


def parse_name(name):
    """('stencil', 'tiled', 'cuda', 'fp64', {'n': 4096}) from
    stencil/tiled/cuda/fp64/n:4096/manual_time; precision fp32 where the name has none. None for
    a name of no kernel or copy, or of a precision the report does not know."""
    match = NAME.match(name)
    if not match or match.group("kind") == "copy" and match.group("variant"):
        return None
    precision = match.group("precision") or DEFAULT_PRECISION
    if precision not in PRECISIONS:
        return None
    args = dict((k, int(v)) for k, v in re.findall(r"/([a-z_]+):(\d+)", name))
    return (match.group("kind"), match.group("variant") or "", match.group("target"), precision,
            args)


def load(path):
    with open(path) as f:
        data = json.load(f)
    result = Input(path=path, context=data.get("context", {}))
    grouped = {}
    for row in data.get("benchmarks", []):
        if row.get("run_type", "iteration") != "iteration":
            continue  # aggregates: the median below is taken from the repetitions themselves
        parsed = parse_name(row.get("run_name", row["name"]))
        if parsed is None:
            continue
        variant = parsed[1]
        if variant and variant not in result.variants:
            result.variants.append(variant)
        if row.get("error_occurred"):
            result.errors.append((row["name"], row.get("error_message", "")))
            continue
        grouped.setdefault(row.get("run_name", row["name"]), (parsed, []))[1].append(row)
    for parsed, rows in grouped.values():
        kind, variant, target, precision, args = parsed
        counters = {c: statistics.median(r[c] for r in rows) for c in COUNTERS if c in rows[0]}
        n = args.get("n", args.get("cells", 0))
        result.runs.append(Run(kind, variant, target, n, args.get("chunks", 0), counters,
                               rows[0].get("label", ""), precision))
    return result


def option_value(options, flag, default):
    """The value after `flag` in a row's options (a list of words), or `default`."""
    return options[options.index(flag) + 1] if flag in options else default


def row_precision(path, row, options=()):
    """A run-command row's precision: its `precision` column, else its -precision option, else
    fp32 (tables written before there was a choice)."""
    precision = row.get("precision") or option_value(options, "-precision", DEFAULT_PRECISION)
    if precision not in PRECISIONS:
        raise SystemExit("report: %s: precision '%s' is neither %s" %
                         (path, precision, " nor ".join(PRECISIONS)))
    return precision


def run_target(path, impl, native, options=()):
    """The benchmark target of a run-command row of model `impl` on the platform whose native
    model is `native`: the model's name where its memory is fixed; for a model with spaces,
    <impl>_<space>, the space its -space option names or, without one, the space named after the
    native model (Kokkos's cuda and openmp run on the native models' runtimes)."""
    model = registry.find(impl)
    if model is None:
        raise SystemExit("report: %s: '%s' is no model of the registry" % (path, impl))
    if not model.has_spaces:
        return model.name
    return registry.label(model, option_value(options, "-space", native.name))


def load_run_commands(spec):
    """An Input from PLATFORM=FILE.csv: gpu-check.sh's runs.csv (GPU rows only) or
    openmp-cpu-figures.sh's table (CPU rows only). Shaped rows (VARIANT:-option=value), temporal
    at another fuse depth than the default 4 and, in runs.csv, the rows of a model's later
    versions (its first version is the build's default) are left out; 1-D rows are keyed by their
    cells, as in the JSON."""
    platform, _, path = spec.rpartition("=")
    with open(path) as f:
        lines = [line for line in f if not line.startswith("#")]
    rows = list(csv.DictReader(lines))
    result = Input(path=path, context={"platform": platform or os.path.basename(path)})
    if rows and "kokkos_version" in rows[0]:  # gpu-check.sh runs.csv
        first_version = {}
        for r in rows:
            first_version.setdefault(r["impl"], r["kokkos_version"])
            if ":" in r["variant"] or r["kokkos_version"] != first_version[r["impl"]]:
                continue
            target = run_target(path, r["impl"], GPU.native)
            counters = {c: float(r[c]) for c in ("gcells_per_s", "gb_per_s", "copy_gb_per_s",
                                                 "ratio_to_copy", "cells")}
            result.runs.append(Run("stencil", r["variant"], target, int(r["cells"]), 0, counters,
                                   precision=row_precision(path, r)))
    else:  # openmp-cpu-figures.sh
        for r in rows:
            options = r["options"].split()
            if option_value(options, "-fuse", "4") != "4":
                continue
            target = run_target(path, r["implementation"], CPU.native, options)
            precision = row_precision(path, r, options)
            gcells = float(r["gcells_per_s_at_best"])
            counters = {"gcells_per_s": gcells,
                        "gb_per_s": BYTES_PER_CELL_UPDATE[precision] * gcells,
                        "copy_gb_per_s": float(r["copy_gb_per_s_at_best"]),
                        "ratio_to_copy": float(r["best_ratio_to_copy"]), "cells": float(r["n"])}
            result.runs.append(Run("stencil", r["variant"], target, int(r["n"]), 0, counters,
                                   precision=precision))
    for run in result.runs:
        if run.variant not in result.variants:
            result.variants.append(run.variant)
    return result


def load_input(spec):
    return load_run_commands(spec) if spec.endswith(".csv") else load(spec)


def precisions_of(inputs):
    """The precisions of any input's rows, in PRECISIONS order."""
    found = {p for inp in inputs for p in inp.precisions()}
    return [p for p in PRECISIONS if p in found]


def views_of_precision(inputs, precision):
    """Each input's rows of one precision; inputs without any are left out."""
    return [view for inp in inputs for view in [inp.of_precision(precision)] if view.runs]


def variants_in(inputs, variants):
    """The variants, in their order, that have a row in the inputs."""
    return [v for v in variants if any(r.variant == v for inp in inputs for r in inp.runs)]


def figure_suffix(precision):
    """fp32's figures keep the names the docs link; the other precision's carry it."""
    return "" if precision == DEFAULT_PRECISION else "_" + precision


def variant_order(inputs):
    order = []
    for inp in inputs:
        for v in inp.variants:
            if v not in order:
                order.append(v)
    return order


def largest(runs):
    return max(runs, key=lambda r: r.counters.get("cells", r.n)) if runs else None


def fmt(value, digits=3):
    return "—" if value is None else "%.*f" % (digits, value)


def md_table(header, rows):
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join(" --- " for _ in header) + "|"]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


# ----------------------------------------------------------------------------- portability


@dataclass(frozen=True)
class PlatformKind:
    """A kind of platform: the portable model's target that runs there and the native model it
    is held to."""

    portable: registry.Model
    native: registry.Model
    on_gpu: bool

    @property
    def portable_target(self):
        # The portable model's space named after the native model: Kokkos's cuda and openmp.
        return registry.label(self.portable, self.native.name)

    @property
    def native_target(self):
        return self.native.name

    @property
    def portable_name(self):
        return self.portable.title

    @property
    def native_name(self):
        return "native " + self.native.title

    @property
    def plot_stem(self):
        return "%s_vs_%s" % (self.portable.name, self.native.name)


# The report's three models, as BabelStream compares them: the portable model on both platforms
# (the registry's first row, Kokkos, which is also -impl's default) and the registry's native
# model of each platform's memory (native CUDA on the GPU, -impl openmp on the CPU).
PORTABLE = registry.models()[0]
GPU = PlatformKind(PORTABLE, registry.native_model(registry.GPU_MEMORY), True)
CPU = PlatformKind(PORTABLE, registry.native_model(registry.HOST_MEMORY), False)
PLATFORM_KINDS = (GPU, CPU)


def problem_class(variant, classes=None):
    """Variants that solve the same problem, so one's native rate can stand for another's:
    1-D steps, fused 2-D steps, single 2-D steps. `classes` is the benchmark's own table
    (context "variant_classes": "name:1-D,name:2-D,name:fused 2-D", from the variant registry);
    results without it fall back on the names (1-D variants end in "1d", the fused one is
    "temporal")."""
    if classes and variant in classes:
        return classes[variant]
    if variant.endswith("1d"):
        return "1-D"
    return "fused 2-D" if variant == "temporal" else "2-D"


def variant_classes(context):
    """The benchmark context's variant_classes as a dict, or None where the file has none."""
    text = context.get("variant_classes")
    if not text:
        return None
    return dict(item.split(":", 1) for item in text.split(","))


@dataclass
class PlatformEfficiency:
    """The efficiency of every variant's Kokkos version on one platform."""

    platform: str
    definition: str
    efficiency: dict  # variant -> (Kokkos ÷ native reference, size text); absent: not measured
    copy_efficiency: dict  # variant -> Kokkos rate / copy rate on this platform
    reference: dict = field(default_factory=dict)  # variant -> the native variant it is held to
    native_copy_efficiency: dict = field(default_factory=dict)  # variant -> native twin ÷ copy
    has_native: bool = True  # False: no native rows at all on this platform (nothing to hold to)
    kokkos_variants: set = field(default_factory=set)  # variants with a Kokkos row here


def native_reference(inp, kind, variant, n):
    """(native Gcell/s, native variant) that a Kokkos variant at size n is held to: its native
    twin where the native model has one, else the best native rate of the same problem class at
    the same size (the best known code on that platform). None where neither was measured."""
    classes = variant_classes(inp.context)
    twin = [r for r in inp.find("stencil", kind.native_target, variant) if r.n == n]
    if twin:
        return twin[0].counters["gcells_per_s"], variant
    same_problem = [r for r in inp.runs if r.kind == "stencil" and r.target == kind.native_target
                    and r.n == n
                    and problem_class(r.variant, classes) == problem_class(variant, classes)]
    if not same_problem:
        return None
    best = max(same_problem, key=lambda r: r.counters["gcells_per_s"])
    return best.counters["gcells_per_s"], best.variant


def kokkos_and_native_at_largest_common_size(inp, variant, kind=GPU):
    """(n, Kokkos row, native Gcell/s, native variant) at the largest size where the Kokkos
    variant and its native reference both ran, or None. `inp` holds one precision."""
    single_precision(inp)
    rows = inp.find("stencil", kind.portable_target, variant)
    for kokkos_row in sorted(rows, key=lambda r: -r.n):
        reference = native_reference(inp, kind, variant, kokkos_row.n)
        if reference:
            return kokkos_row.n, kokkos_row, reference[0], reference[1]
    return None


def platform_efficiencies(inp, kind, variants):
    """Kokkos ÷ the native reference on one platform (application efficiency), or None where
    the input has no Kokkos rows for that platform. `inp` holds one precision."""
    single_precision(inp)
    targets = inp.targets()
    if kind.portable_target not in targets:
        return None
    result = PlatformEfficiency(inp.platform(kind.on_gpu),
                                "%s ÷ %s" % (kind.portable_name, kind.native_name), {}, {},
                                has_native=kind.native_target in targets)
    for v in variants:
        kokkos = inp.find("stencil", kind.portable_target, v)
        if not kokkos:
            continue
        result.kokkos_variants.add(v)
        result.copy_efficiency[v] = largest(list(kokkos)).counters["ratio_to_copy"]
        native = inp.find("stencil", kind.native_target, v)
        if native:
            result.native_copy_efficiency[v] = largest(list(native)).counters["ratio_to_copy"]
        pair = kokkos_and_native_at_largest_common_size(inp, v, kind)
        if pair:
            n, kokkos_row, native_rate, native_variant = pair
            result.efficiency[v] = (kokkos_row.counters["gcells_per_s"] / native_rate,
                                    "n=%d" % n)
            result.reference[v] = native_variant
    return result


def gpu_efficiencies(inp, variants):
    """The portable model on the GPU ÷ the GPU's native model, at the largest size both ran
    (application efficiency)."""
    platform = platform_efficiencies(inp, GPU, variants)
    return platform if platform and platform.has_native else None


def cpu_efficiencies(inp, variants):
    """The portable model on the CPU ÷ the CPU's native model, at the largest size both ran;
    where the input has no native rows the platform is still listed (its copy ratios), with no
    efficiency."""
    return platform_efficiencies(inp, CPU, variants)


def phi(efficiencies):
    """Pennycook's performance portability: the harmonic mean of the efficiencies over the
    platform set, 0 when any platform is unsupported. Each efficiency is capped at 1 (the better
    of the two compared codes is the best known)."""
    if not efficiencies or any(e is None or e <= 0 for e in efficiencies):
        return 0.0
    capped = [min(e, 1.0) for e in efficiencies]
    return len(capped) / sum(1.0 / e for e in capped)


def variant_phi(platforms, variant):
    """Φ of one variant over the platform set: 0 where a platform runs no Kokkos form of it
    (unsupported), None where a platform that runs it has no native reference to hold it to
    (not measured: Φ is undefined, not 0)."""
    efficiencies = []
    for p in platforms:
        if variant not in p.kokkos_variants:
            return 0.0
        if variant not in p.efficiency:
            return None
        efficiencies.append(p.efficiency[variant][0])
    return phi(efficiencies)


def portability_section(inputs, variants, precision=DEFAULT_PRECISION):
    """The portability tables of one precision: every efficiency holds a row of that precision
    to a row of the same precision."""
    inputs = views_of_precision(inputs, precision)
    variants = variants_in(inputs, variants)
    platforms = [p for inp in inputs for kind in PLATFORM_KINDS
                 for p in [platform_efficiencies(inp, kind, variants)] if p]
    out = ["## Performance portability, %s" % precision, ""]
    if not platforms:
        out += ["No platform in these inputs has a %s measurement (target %s)." %
                (PORTABLE.title, " or ".join("`%s`" % k.portable_target for k in PLATFORM_KINDS)),
                ""]
        return out
    out += ["Platform set H: " + "; ".join("**%s** (%s)" % (p.platform, p.definition)
                                           for p in platforms) + ".", "",
            "e_i = %s rate ÷ the native rate on platform i (`-impl %s` on a GPU, `-impl %s` on a "
            "CPU), both from the same run, at the largest size both ran: the variant's native "
            "twin where it has one, else the best native variant of the same problem (single 2-D "
            "step, fused 2-D steps, 1-D step), named in brackets." %
            (PORTABLE.title, GPU.native_target, CPU.native_target), ""]
    for p in platforms:
        if not p.has_native:
            out += ["**%s** has no native rows in these inputs: its efficiency and Φ are not "
                    "measured (—); the copy-ratio table below still covers it." % p.platform, ""]
    header = ["variant"]
    for p in platforms:
        header += ["%s: %s" % (p.platform, p.definition), "size"]
    header += ["Φ"]
    rows = []
    for v in variants:
        row = [v]
        for p in platforms:
            ratio, size = p.efficiency.get(v, (None, "not run" if v not in p.kokkos_variants
                                                 else "no native"))
            reference = p.reference.get(v)
            text = fmt(ratio)
            if reference and reference != v:
                text += " (%s)" % reference
            row += [text, size]
        row.append(fmt(variant_phi(platforms, v)))
        rows.append(row)
    out += [md_table(header, rows), ""]
    out += ["Φ(a, p, H) = |H| / Σ_{i∈H} 1/e_i(a, p) if variant a runs on every platform i of H, "
            "else 0 (Pennycook, Sewall and Lee; see docs/performance.md). Efficiencies are capped "
            "at 1 for Φ; the columns show the raw ratios. — : not measured.", ""]
    out += ["### Ratio to the copy on each platform, %s" % precision, "",
            "Kernel GB/s ÷ a copy of the same bytes on the same target in the same run, at the "
            "largest size (architectural efficiency); Φ_copy is Φ over these %s ratios." %
            PORTABLE.title, ""]
    header = ["variant"]
    for p in platforms:
        native = p.definition.split("÷ ", 1)[-1]
        header += ["%s: %s ÷ copy" % (p.platform, PORTABLE.title), "%s ÷ copy" % native]
    header.append("Φ_copy")
    rows = []
    for v in variants:
        row = [v]
        for p in platforms:
            row += [fmt(p.copy_efficiency.get(v)), fmt(p.native_copy_efficiency.get(v))]
        row.append(fmt(phi([p.copy_efficiency.get(v) for p in platforms])))
        rows.append(row)
    out += [md_table(header, rows), ""]
    return out


# ----------------------------------------------------------------------------- tables


def shown_path(path, out_dir):
    """An input as the report names it: relative to the report's folder."""
    return os.path.relpath(os.path.abspath(path), os.path.abspath(out_dir))


def context_section(inputs, out_dir):
    keys = [("platform", "platform"), ("date", "date"), ("host", "host_name"), ("CPU", "cpu_model"), ("CPUs", "num_cpus"),
            ("GPU", "gpu"), ("NVIDIA driver", "nvidia_driver_version"),
            ("CUDA driver API version", "cuda_driver_version"),
            ("CUDA runtime", "cuda_runtime_version"),
            ("Kokkos", "kokkos_version"), ("Kokkos spaces", "kokkos_spaces"),
            ("targets", "targets"), ("skipped", "targets_skipped"),
            ("commit", "stencil_commit"), ("size set", "size_set"),
            ("bytes per cell update", "bytes_per_cell_update"),
            ("load average at start", "load_avg"),
            ("benchmark library build type", "library_build_type"), ("timing", "timing")]
    out = ["## Inputs", ""]
    for inp in inputs:
        out += ["**%s**" % shown_path(inp.path, out_dir), ""]
        for label, key in keys:
            value = inp.context.get(key)
            if isinstance(value, list):
                value = ", ".join("%.2f" % v for v in value)
            if value is not None:
                out.append("- %s: %s" % (label, value))
        out.append("")
    return out


def results_section(inputs, variants, precision=DEFAULT_PRECISION):
    """The kernel and copy tables of one precision."""
    inputs = views_of_precision(inputs, precision)
    variants = variants_in(inputs, variants)
    out = ["## Kernels, %s" % precision, "",
           "GB/s counts %d bytes per cell update (one %s element read, one written). The ratio "
           "is the kernel's GB/s over a copy of the same bytes on the same target, measured in "
           "the same run." % (BYTES_PER_CELL_UPDATE[precision], precision), ""]
    rows = []
    for inp in inputs:
        for target in inp.targets():
            for v in variants:
                for r in sorted(inp.find("stencil", target, v), key=lambda r: r.n):
                    c = r.counters
                    rows.append([v, r.implementation, r.space, r.n, fmt(c["gcells_per_s"]),
                                 fmt(c["gb_per_s"], 1), fmt(c["copy_gb_per_s"], 1),
                                 fmt(c["ratio_to_copy"])])
    out += [md_table(["variant", "impl", "space", "n", "Gcell/s", "GB/s", "copy GB/s",
                      "ratio to copy"], rows), ""]
    out += ["## Copy limits, %s" % precision, ""]
    rows = []
    for inp in inputs:
        for target in inp.targets():
            for r in sorted(inp.find("copy", target), key=lambda r: r.n):
                rows.append([target, r.n, fmt(r.counters["gb_per_s"], 1), r.label])
    out += [md_table(["target", "cells", "GB/s", "copy"], rows), ""]
    return out


def errors_section(inputs, out_dir):
    """The benchmarks that did not run, of every precision."""
    errors = [(shown_path(inp.path, out_dir), name, msg) for inp in inputs
              for name, msg in inp.errors]
    if not errors:
        return []
    return ["## Not run", "", md_table(["input", "benchmark", "reason"], errors), ""]


# ----------------------------------------------------------------------------- plots


@dataclass(frozen=True)
class SectorRow:
    """Sectors per cell update of one variant and model in one precision (the CUPTI mode)."""

    variant: str
    implementation: str
    sectors: float
    precision: str = DEFAULT_PRECISION


def read_sectors(path):
    """The rows of a sectors CSV (scripts/sectors-csv.py); a CSV without a precision column is
    fp32."""
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    needed = {"variant", "implementation", "sectors_per_cell_update"}
    if rows and not needed <= set(rows[0]):
        raise SystemExit("report: %s lacks columns %s" % (path, ", ".join(sorted(needed))))
    return [SectorRow(r["variant"], r["implementation"], float(r["sectors_per_cell_update"]),
                      row_precision(path, r)) for r in rows]


class Plots:
    """Every figure of the report; each returns the file name it wrote, or None."""

    def __init__(self, out_dir, plt):
        self.out_dir = out_dir
        self.plt = plt
        self.used_names = set()
        self.overlapping_labels = []  # figures whose x tick labels overlap (report_test checks)

    @staticmethod
    def x_labels_overlap(fig):
        """True where two x tick labels of an axis of the laid-out figure overlap. Labels may be
        slanted: each is a rectangle in its own rotated frame, so the test is done there (the
        axis-aligned boxes of slanted neighbours always overlap, their glyphs need not)."""
        fig.canvas.draw()
        renderer = fig.canvas.get_renderer()
        for ax in fig.axes:
            spans = []
            for t in ax.get_xticklabels():
                if not t.get_text() or not t.get_visible():
                    continue
                degrees = t.get_rotation()
                x, y = t.get_transform().transform(t.get_unitless_position())  # the anchor
                t.set_rotation(0)
                box = t.get_window_extent(renderer)
                t.set_rotation(degrees)
                c, s = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
                u, v = x * c + y * s, -x * s + y * c  # the anchor along and across the text
                before = {"left": 0.0, "center": 0.5, "right": 1.0}[t.get_horizontalalignment()]
                spans.append((u - before * box.width, u + (1 - before) * box.width,
                              v - box.height, v))
            for k, a in enumerate(spans):
                for b in spans[k + 1:]:
                    if a[0] < b[1] and b[0] < a[1] and a[2] < b[3] and b[2] < a[3]:
                        return True
        return False

    def save(self, fig, stem):
        name, k = stem + ".png", 2
        while name in self.used_names:
            name, k = "%s_%d.png" % (stem, k), k + 1
        self.used_names.add(name)
        fig.tight_layout()
        if self.x_labels_overlap(fig):
            self.overlapping_labels.append(name)
            print("report: the x labels of %s overlap" % name, file=sys.stderr)
        fig.savefig(os.path.join(self.out_dir, name), dpi=110, metadata={"Software": None})
        self.plt.close(fig)
        return name

    def bandwidth(self, inp, target, variants, precision=DEFAULT_PRECISION):
        """GB/s of every variant against the copy limit, over the sizes, in one precision."""
        inp = inp.of_precision(precision)
        copies = sorted(inp.find("copy", target), key=lambda r: r.n)
        fig, ax = self.plt.subplots(figsize=(7, 4.2))
        for v in variants:
            runs = sorted(inp.find("stencil", target, v), key=lambda r: r.counters["cells"])
            if runs:
                ax.plot([r.counters["cells"] for r in runs], [r.counters["gb_per_s"] for r in runs],
                        marker="o", label=v)
        if copies:
            ax.plot([r.n for r in copies], [r.counters["gb_per_s"] for r in copies], "k--",
                    linewidth=2, label="copy limit")
        ax.set_xscale("log", base=2)
        ax.set_xlabel("cells per grid (2-D: N², 1-D: N)")
        ax.set_ylabel("GB/s (%d bytes per cell update)" % BYTES_PER_CELL_UPDATE[precision])
        ax.set_ylim(bottom=0)
        ax.set_title("%s, %s on %s" % (target, precision,
                                       inp.platform(registry.is_gpu_target(target))))
        ax.grid(True, alpha=0.3)
        ax.legend(fontsize=8)
        return self.save(fig, "bandwidth_" + target + figure_suffix(precision))

    def ratio_to_copy(self, inputs, variants, precision=DEFAULT_PRECISION):
        """Every variant's ratio to the copy limit at the largest size of each target, in one
        precision."""
        several_machines = len(inputs) > 1
        inputs = views_of_precision(inputs, precision)
        variants = variants_in(inputs, variants)
        series = []
        for inp in inputs:
            for target in inp.targets():
                name = target
                if several_machines:  # the same target may come from several machines
                    name += " (%s)" % inp.platform(registry.is_gpu_target(target))
                values = []
                for v in variants:
                    run = largest(inp.find("stencil", target, v))
                    values.append(run.counters["ratio_to_copy"] if run else 0.0)
                if any(values):
                    series.append((name, values))
        if not series:
            return None
        fig, ax = self.plt.subplots(figsize=(10, 5))
        width = 0.8 / len(series)
        for k, (target, values) in enumerate(series):
            ax.bar([i + k * width for i in range(len(variants))], values, width, label=target)
        ax.axhline(1.0, color="k", linestyle="--", linewidth=1)
        ax.set_xticks([i + 0.4 - width / 2 for i in range(len(variants))])
        # Slanted, anchored at their right end: long names such as doublebuf_async never overlap.
        ax.set_xticklabels(variants, rotation=30, ha="right", rotation_mode="anchor")
        ax.set_ylabel("kernel GB/s ÷ copy GB/s")
        ax.set_title("Ratio to the copy limit, %s (largest size of each target)" % precision)
        ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0))
        return self.save(fig, "ratio_to_copy" + figure_suffix(precision))

    def kokkos_vs_native(self, inp, kind, variants, precision=DEFAULT_PRECISION):
        """Gcell/s of Kokkos and of its native reference per variant on one platform in one
        precision, at the largest common size, each pair labelled with Kokkos ÷ native."""
        inp = inp.of_precision(precision)
        pairs = []
        for v in variants:
            pair = kokkos_and_native_at_largest_common_size(inp, v, kind)
            if pair:
                n, kokkos_row, native_rate, native_variant = pair
                pairs.append((v, native_variant, kokkos_row.counters["gcells_per_s"], native_rate))
        if not pairs:
            return None
        fig, ax = self.plt.subplots(figsize=(10, 5))
        xs = range(len(pairs))
        ax.bar([x - 0.2 for x in xs], [p[2] for p in pairs], 0.4, label=kind.portable_name)
        ax.bar([x + 0.2 for x in xs], [p[3] for p in pairs], 0.4, label=kind.native_name)
        for x, (_, _, kokkos, native) in zip(xs, pairs):
            ax.annotate("%.2f" % (kokkos / native), (x, max(kokkos, native)), ha="center",
                        va="bottom", fontsize=8)
        ax.set_xticks(list(xs))
        # A variant without a native twin is held to the best native variant of its problem.
        ax.set_xticklabels([v if ref == v else "%s (vs %s)" % (v, ref) for v, ref, _, _ in pairs],
                           rotation=30, ha="right", rotation_mode="anchor", fontsize=9)
        ax.set_ylabel("Gcell/s (largest size both ran)")
        ax.set_ylim(top=ax.get_ylim()[1] * 1.08)  # room for the ratio labels
        ax.set_title("%s vs %s, %s, on %s (label: %s ÷ %s)" %
                     (kind.portable_name, kind.native_name, precision, inp.platform(kind.on_gpu),
                      kind.portable_name, kind.native_name))
        ax.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0))
        return self.save(fig, kind.plot_stem + figure_suffix(precision))

    def sectors(self, rows, variants, precision=DEFAULT_PRECISION):
        """Global-memory sectors per cell update from the CUPTI mode in one precision, against
        that precision's ideal; None where the rows hold none of it."""
        rows = [r for r in rows if r.precision == precision]
        if not rows:
            return None
        impls = sorted({r.implementation for r in rows})
        order = [v for v in variants if any(r.variant == v for r in rows)]
        order += sorted({r.variant for r in rows} - set(order))
        fig, ax = self.plt.subplots(figsize=(8, 4.2))
        width = 0.8 / max(len(impls), 1)
        for k, impl in enumerate(impls):
            values = {r.variant: r.sectors for r in rows if r.implementation == impl}
            ax.bar([i + k * width for i in range(len(order))], [values.get(v, 0) for v in order],
                   width, label=impl)
        ax.axhline(IDEAL_SECTORS_PER_CELL_UPDATE[precision], color="k", linestyle="--",
                   linewidth=1, label="ideal: %d bytes / 32-byte sector" %
                   BYTES_PER_CELL_UPDATE[precision])
        ax.set_xticks([i + 0.4 - width / 2 for i in range(len(order))])
        ax.set_xticklabels(order, rotation=30, ha="right", rotation_mode="anchor")
        ax.set_ylabel("global sectors per cell update")
        ax.set_title("Sectors per cell update, %s (CUPTI)" % precision)
        ax.legend(fontsize=8)
        return self.save(fig, "sectors_per_cell" + figure_suffix(precision))


def plots_section(inputs, variants, out_dir, sectors_csv):
    out = ["## Plots", ""]
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as e:
        print("report: no plots: %s (tables written)" % e, file=sys.stderr)
        return out + ["Not generated: matplotlib is not importable by %s (%s). Run perf/report.py "
                      "with Debian's /usr/bin/python3 on the same JSON to add them." %
                      (sys.executable, e), ""]
    plots = Plots(out_dir, plt)
    figures = []
    for precision in precisions_of(inputs):
        for inp in views_of_precision(inputs, precision):
            for target in inp.targets():
                figures.append(("Bandwidth per variant against the copy limit: %s, %s" %
                                (target, precision),
                                plots.bandwidth(inp, target, variants, precision)))
        figures.append(("Ratio to the copy limit, %s" % precision,
                        plots.ratio_to_copy(inputs, variants, precision)))
        for kind in PLATFORM_KINDS:
            for inp in views_of_precision(inputs, precision):
                name = plots.kokkos_vs_native(inp, kind, variants, precision)
                if name:
                    figures.append(("%s vs %s, %s, on %s" %
                                    (kind.portable_name, kind.native_name, precision,
                                     inp.platform(kind.on_gpu)), name))
            if not any(r.target == kind.native_target and r.precision == precision
                       for inp in inputs for r in inp.runs):
                out += ["%s vs %s, %s: no %s rows (target `%s`) in these inputs." %
                        (kind.portable_name, kind.native_name, precision, kind.native_name,
                         kind.native_target), ""]
    if sectors_csv:
        rows = read_sectors(sectors_csv)
        for precision in [p for p in PRECISIONS if any(r.precision == p for r in rows)]:
            figures.append(("Sectors per cell update, %s (%s)" %
                            (precision, os.path.basename(sectors_csv)),
                            plots.sectors(rows, variants, precision)))
    else:
        out += ["Sectors per cell update: no CUPTI CSV given (--sectors).", ""]
    for title, name in figures:
        if name:
            out += ["### " + title, "", "![%s](%s)" % (title, name), ""]
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("json", nargs="+", help="stencil_bench --benchmark_out JSON files, or "
                        "PLATFORM=FILE.csv run-command tables (gpu-check.sh, "
                        "openmp-cpu-figures.sh)")
    parser.add_argument("--out", required=True, help="folder for report.md and the PNG files")
    parser.add_argument("--sectors", help="CUPTI CSV: variant,implementation,"
                        "sectors_per_cell_update[,precision]")
    parser.add_argument("--title", default="stencil_miniapp performance report")
    args = parser.parse_args()

    inputs = [load_input(p) for p in args.json]
    if not any(inp.runs for inp in inputs):
        raise SystemExit("report: no benchmark rows in " + ", ".join(args.json))
    variants = variant_order(inputs)
    os.makedirs(args.out, exist_ok=True)

    lines = ["# " + args.title, "",
             "Generated by `perf/report.py` from %s. See docs/performance.md for how to read it."
             % ", ".join("`%s`" % shown_path(inp.path, args.out) for inp in inputs), ""]
    lines += context_section(inputs, args.out)
    for precision in precisions_of(inputs):
        lines += portability_section(inputs, variants, precision)
        lines += results_section(inputs, variants, precision)
    lines += errors_section(inputs, args.out)
    lines += plots_section(inputs, variants, args.out, args.sectors)
    path = os.path.join(args.out, "report.md")
    with open(path, "w") as f:
        f.write("\n".join(lines).rstrip() + "\n")
    print("report: wrote " + path)


if __name__ == "__main__":
    main()
