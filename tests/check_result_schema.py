#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Validates stencil_miniapp's -json output against docs/result.schema.json, and its -csv output
against the same names.

    check_result_schema.py MINIAPP SCHEMA WORKDIR [MPIRUN]

Runs the real binary in several configurations (Kokkos, native OpenMP, 1-D, fp64, -output, a
restart, and two MPI ranks where MPIRUN is given) and checks each JSON object with Debian's
python3-jsonschema. Damaged copies (a member missing, a wrong type, an unknown member, another
schema version, an unknown precision, bytes of the other precision) must be rejected, so the
schema is known to bite. Exits 77 (skipped) with the reason where jsonschema is not importable.
"""
import copy
import csv
import io
import json
import os
import shutil
import subprocess
import sys

try:
    import jsonschema
except ImportError:
    print("skipped: no python3-jsonschema (scripts/install-deps.sh installs it)")
    sys.exit(77)

miniapp, schema_path, workdir = sys.argv[1:4]
mpirun = sys.argv[4] if len(sys.argv) > 4 and sys.argv[4] else ""
shutil.rmtree(workdir, ignore_errors=True)
os.makedirs(workdir)
schema = json.load(open(schema_path))
jsonschema.Draft202012Validator.check_schema(schema)
validator = jsonschema.Draft202012Validator(schema)
env = dict(os.environ, OMP_PROC_BIND="false", OMP_NUM_THREADS="2")
failures = []


def run(args, launcher=()):
    done = subprocess.run(list(launcher) + [miniapp] + args, cwd=workdir, env=env,
                          capture_output=True, text=True, timeout=300)
    if done.returncode != 0:
        failures.append(f"{' '.join(args)}: exit {done.returncode}: {done.stderr.strip()}")
        return None
    return done.stdout


def check_json(args, launcher=()):
    out = run(args + ["-json"], launcher)
    if out is None:
        return None
    result = json.loads(out)
    errors = sorted(validator.iter_errors(result), key=str)
    for e in errors:
        failures.append(f"{' '.join(args)}: {e.json_path}: {e.message}")
    return result


def check_csv(args, precision="fp32"):
    out = run(args + ["-csv"])
    if out is None:
        return
    rows = list(csv.DictReader(io.StringIO(out)))
    if len(rows) != 1:
        failures.append(f"{' '.join(args)} -csv: {len(rows)} rows, not 1")
        return
    row = rows[0]
    names = set(schema["properties"]) | set(schema["properties"]["build"]["properties"])
    unknown = [c for c in row if c not in names]
    if unknown:
        failures.append(f"-csv columns the schema does not name: {unknown}")
    if row.get("schema_version") != str(schema["properties"]["schema_version"]["const"]):
        failures.append(f"-csv schema_version {row.get('schema_version')!r}")
    if row.get("precision") != precision:
        failures.append(f"{' '.join(args)} -csv: precision {row.get('precision')!r}, "
                        f"not {precision}")


base = ["-n", "48", "-iters", "3"]
runs = [
    base + ["-variant", "naive", "-space", "serial", "-verify"],
    base + ["-variant", "tiled", "-space", "openmp", "-verify"],
    base + ["-impl", "openmp", "-variant", "naive1d", "-verify"],
    base + ["-variant", "tiled", "-space", "serial", "-precision", "fp64"],
    base + ["-variant", "naive", "-space", "serial", "-output", "state.h5", "-save-every", "1"],
]
results = [check_json(args) for args in runs]
for args, result in zip(runs, results):
    asked = args[args.index("-precision") + 1] if "-precision" in args else "fp32"
    if result is not None and result.get("precision") != asked:
        failures.append(f"{' '.join(args)}: precision {result.get('precision')!r}, not {asked}")
check_json(["-input", "state.h5", "-iters", "2", "-variant", "naive", "-space", "serial"])
check_csv(base + ["-variant", "naive", "-space", "serial"])
check_csv(base + ["-impl", "openmp", "-variant", "naive", "-precision", "fp64"], "fp64")
if mpirun:
    mpi = check_json(base + ["-impl", "openmp", "-variant", "naive", "-decomp", "2x1"],
                     [mpirun, "--allow-run-as-root", "--oversubscribe", "-np", "2"])
    if mpi is not None and "ranks" not in mpi:
        failures.append("the MPI run's JSON has no ranks member")
    if mpi is not None:
        results.append(mpi)

# The schema must reject what it does not describe (on an fp32 result: the first run's).
sample = next((r for r in results if r is not None and r.get("precision") == "fp32"), None)
if sample is None:
    failures.append("no fp32 run produced JSON")
else:
    damaged = {
        "a required member missing": lambda r: r.pop("checksum"),
        "a number as a string": lambda r: r.__setitem__("n", "48"),
        "an unknown member": lambda r: r.__setitem__("speedup", 2.0),
        "another schema version": lambda r: r.__setitem__("schema_version", 1),
        "no precision": lambda r: r.pop("precision"),
        "a precision of no build": lambda r: r.__setitem__("precision", "fp16"),
        "fp64 at fp32's bytes per cell update": lambda r: r.__setitem__("precision", "fp64"),
        "fp32 at fp64's bytes per cell update":
            lambda r: r.__setitem__("bytes_per_cell_update", 16),
        "a build member missing": lambda r: r["build"].pop("cpu_model"),
        "Kokkos' version as CMake spells it": lambda r: r.__setitem__("model_version", "4.6.1"),
    }
    for what, damage in damaged.items():
        bad = copy.deepcopy(sample)
        damage(bad)
        if validator.is_valid(bad):
            failures.append(f"the schema accepts a result with {what}")

for f in failures:
    print("FAIL:", f)
print(f"{len(runs) + 3 + bool(mpirun)} outputs checked against {schema_path}: "
      f"{'FAILED' if failures else 'all valid'}")
sys.exit(1 if failures else 0)
