#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""g++'s vectorisation report for the -impl openmp kernels (src/openmp/), or stdpar's.

Recompiles each kernel file with the exact command of the build (compile_commands.json) plus
-fopt-info-vec-optimized, into /dev/null, and prints what g++ says it vectorised. With --check,
exits 1 when a kernel file has no vectorised loop (the stencil loop lost its SIMD form), and 77
(skipped) when the build's compiler is not g++. The build directory is left untouched.
--model stdpar reports src/stdpar/ and counts only loops in that folder's own files: the
parallel algorithms' headers (libstdc++, TBB) vectorise loops of their own in every file.

    /usr/bin/python3 scripts/openmp_vec_report.py --build-dir build [--model stdpar] [--check]
"""
import argparse
import json
import os
import re
import shlex
import subprocess
import sys

SKIPPED = 77
MODEL_LIST = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src", "stencil",
                          "models.hpp")


def kernel_files(model):
    """<variant>.cpp for every variant the model's row of STENCIL_MODELS names."""
    with open(MODEL_LIST) as f:
        rows = re.findall(r'^X\(([a-z0-9_]+),[^"]*"([a-z0-9_ ]*)"', f.read(), re.MULTILINE)
    return [variant + ".cpp" for name, variants in rows if name == model
            for variant in variants.split()]


def kernel_commands(build_dir, model, kernels):
    with open(os.path.join(build_dir, "compile_commands.json")) as f:
        entries = json.load(f)
    found = {}
    for entry in entries:
        path = os.path.normpath(entry["file"])
        parent, name = os.path.split(path)
        # A lesson's file is in src/<model>/, a research variant's in src/<model>/research/.
        if parent.endswith(os.path.join("src", model)) or parent.endswith(
                os.path.join("src", model, "research")):
            if name not in kernels:
                continue
            found[name] = entry
    return found


def report(entry):
    args = entry["arguments"] if "arguments" in entry else shlex.split(entry["command"])
    args = list(args)
    out = args.index("-o")
    args[out + 1] = os.devnull
    args.append("-fopt-info-vec-optimized")
    result = subprocess.run(args, cwd=entry["directory"], capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError("compile failed: %s\n%s" % (" ".join(args), result.stderr))
    return [line for line in result.stderr.splitlines() if "optimized:" in line]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build-dir", default="build")
    parser.add_argument("--model", choices=("openmp", "stdpar"), default="openmp")
    parser.add_argument("--check", action="store_true",
                        help="exit 1 if a kernel file has no vectorised loop")
    args = parser.parse_args()
    kernels = kernel_files(args.model)
    commands = kernel_commands(args.build_dir, args.model, kernels)
    missing = [k for k in kernels if k not in commands]
    if missing:
        print("openmp_vec_report: not in the build's compile_commands.json: " + ", ".join(missing),
              file=sys.stderr)
        return 2
    first = commands[kernels[0]]
    compiler = first["arguments"][0] if "arguments" in first else shlex.split(first["command"])[0]
    version = subprocess.run([compiler, "--version"], capture_output=True, text=True).stdout
    if "Free Software Foundation" not in version:  # g++ (any name); nvcc_wrapper, clang: no
        print("openmp_vec_report: the build's compiler (%s) is not g++; skipped" % compiler,
              file=sys.stderr)
        return SKIPPED
    unvectorised = []
    own_files = os.sep + os.path.join("src", args.model) + os.sep
    for name in kernels:
        lines = report(commands[name])
        loops = [line for line in lines if "loop vectorized" in line]
        if args.model == "stdpar":
            loops = [line for line in loops if own_files in os.path.normpath(line.split(":")[0])]
        print("%s: %d vectorised loop(s)" % (name, len(loops)))
        for line in lines:
            print("  " + line.split("/src/", 1)[-1])
        if not loops:
            unvectorised.append(name)
    if args.check and unvectorised:
        print("openmp_vec_report: no vectorised loop in " + ", ".join(unvectorised),
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
