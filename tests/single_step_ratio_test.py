#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""No host model reports a single-iteration stencil/copy ratio above 1 without the noisy flag.

A single-iteration step reads and writes every cell once, the bytes the copy reference moves, so
its ratio to the copy cannot pass 1; a ratio above 1 means the copy reference or the clock is off
(src/measure/copy_pairs.hpp). Runs the real binary, through the run command's timed loop and its
interleaved copies, for every backend whose grids are in host memory (-list-models: openmp,
stdpar, each Kokkos host space of the build) and every variant it has whose passes do one
iteration (-list-shapes), in the environment the study and the benchmark suite export
(OMP_PROC_BIND=spread, OMP_PLACES=threads), and fails on any row with ratio_to_copy > 1 and
ratio_noisy = 0. It prints every row, so a failure names the model, variant and ratio.
It also holds each parallel backend to the CPUs the test was given: the thread count its result
reports (its kernels' and its copy's) must be their number. A copy on fewer threads than the
machine has is no reference: under OMP_PROC_BIND, stdpar's TBB once ran on the one CPU libgomp
had bound the main thread to (src/stdpar/runtime/launch_cpus.hpp).
Usage: single_step_ratio_test.py STENCIL_MINIAPP
"""
import csv
import io
import os
import re
import subprocess
import sys

N_2D = 256  # 2-D variants: N x N cells; small, so the whole test takes seconds
N_1D = N_2D * N_2D  # 1-D variants: the same cells
ITERS = 40
TIMEOUT_S = 120


def run(miniapp, args, env):
    done = subprocess.run([miniapp, *args], capture_output=True, text=True, env=env,
                          timeout=TIMEOUT_S, check=False)
    if done.returncode != 0:
        sys.exit(f"FAIL: {' '.join(args)} exited {done.returncode}: {done.stderr.strip()}")
    return done.stdout


def host_backends(miniapp, env):
    """(model, space or '-', variants) of every backend whose grids are in host memory."""
    backends = []
    for line in run(miniapp, ["-list-models"], env).splitlines():
        _, model, space, memory, *variants = line.split()
        if memory == "host":
            backends.append((model, space, set(variants)))
    return backends


def single_iteration_variants(miniapp, env):
    """Variants whose default shape does one iteration per pass (-list-shapes: shape dims k)."""
    names = []
    for line in run(miniapp, ["-list-shapes"], env).splitlines():
        shape, dimensions, per_step = line.split()
        if ":" not in shape and per_step == "1":
            names.append((shape, int(dimensions)))
    return names


def reported_threads(execution_space):
    """The thread count a result reports: "(N threads", "concurrency N"; None for Serial."""
    found = re.search(r"\((\d+) threads|concurrency (\d+)", execution_space)
    if found is None or "Serial" in execution_space:
        return None
    return int(found.group(1) or found.group(2))


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: single_step_ratio_test.py STENCIL_MINIAPP")
    miniapp = sys.argv[1]
    env = dict(os.environ, OMP_PROC_BIND="spread", OMP_PLACES="threads")
    env.pop("OMP_NUM_THREADS", None)  # every CPU the test was given, as a study run has
    variants = single_iteration_variants(miniapp, env)
    cpus = len(os.sched_getaffinity(0))
    unflagged = []
    short_of_cpus = set()
    rows = 0
    for model, space, has in host_backends(miniapp, env):
        for variant, dimensions in variants:
            if variant not in has:
                continue
            n = N_2D if dimensions == 2 else N_1D
            args = ["-impl", model, "-variant", variant, "-n", str(n), "-iters", str(ITERS),
                    "-csv", "--no-progress"]
            if space != "-":
                args += ["-space", space]
            row = list(csv.DictReader(io.StringIO(run(miniapp, args, env))))[-1]
            ratio, noisy = float(row["ratio_to_copy"]), row["ratio_noisy"] == "1"
            label = f"{model}{'/' + space if space != '-' else ''} {variant}"
            print(f"{label:<28} ratio_to_copy {ratio:7.3f}  noisy {int(noisy)}  "
                  f"copy {float(row['copy_gb_per_s']):8.2f} GB/s  on {row['execution_space']}")
            rows += 1
            if ratio > 1.0 and not noisy:
                unflagged.append(f"{label}: ratio_to_copy {ratio:.3f} without the noisy flag")
            threads = reported_threads(row["execution_space"])
            if threads is not None and threads != cpus:
                short_of_cpus.add(f"{model}{'/' + space if space != '-' else ''}: {threads} "
                                  f"threads on a test given {cpus} CPUs")
    if rows == 0:
        sys.exit("FAIL: no host backend with a single-iteration variant in this build")
    failed = False
    if unflagged:
        print("\n".join(["FAIL: a single-iteration ratio above 1 reported as an efficiency:"] +
                        unflagged))
        failed = True
    if short_of_cpus:
        print("\n".join(["FAIL: a backend computes and copies on fewer threads than CPUs:"] +
                        sorted(short_of_cpus)))
        failed = True
    if failed:
        return 1
    print(f"OK: {rows} single-iteration rows, none above 1 unflagged")
    return 0


if __name__ == "__main__":
    sys.exit(main())
