#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Is the generated device code of two builds the same? Compares the SASS of every kernel.

    sass-compare.py [--match REGEX] [--exclude REGEX] BEFORE_FILE... -- AFTER_FILE...

Each FILE is anything `cuobjdump -sass` reads (an executable, an object file, a static library).
A kernel's body is its SASS instructions with the addresses and the encoding comments dropped,
so a kernel that only moved, or whose mangled name changed (a Kokkos lambda whose enclosing
function was renamed), still counts as the same code. The two builds match when they hold the
same multiset of bodies; each body that is only in one build is listed with its kernel's name.
--match/--exclude keep the kernels whose demangled names match (or do not match) a regex.
Exit 0: identical; 1: different; 2: usage or tool error.
"""
import collections
import hashlib
import re
import shutil
import subprocess
import sys

FUNCTION = re.compile(r"^\s*Function : (\S+)")
INSTRUCTION = re.compile(r"/\*[0-9a-f]{4,}\*/\s*(.*?)\s*;?\s*/\* 0x[0-9a-f]+ \*/")


def demangle(names):
    if not names or not shutil.which("c++filt"):
        return {n: n for n in names}
    out = subprocess.run(["c++filt"], input="\n".join(names), capture_output=True, text=True)
    return dict(zip(names, out.stdout.splitlines()))


def kernels(path):
    """Yields (mangled name, normalised body) for each kernel in one file's SASS."""
    dump = subprocess.run(["cuobjdump", "-sass", path], capture_output=True, text=True)
    if dump.returncode != 0:
        sys.exit(f"sass-compare: cuobjdump -sass {path} failed: {dump.stderr.strip()}")
    name, body = None, []
    for line in dump.stdout.splitlines():
        start = FUNCTION.match(line)
        if start:
            if name:
                yield name, "\n".join(body)
            name, body = start.group(1), []
            continue
        instruction = INSTRUCTION.search(line)
        if name and instruction:
            body.append(instruction.group(1))
    if name:
        yield name, "\n".join(body)


def collect(paths, keep):
    bodies = collections.Counter()
    names = collections.defaultdict(set)
    found = [(n, b) for path in paths for n, b in kernels(path)]
    readable = demangle(sorted({n for n, _ in found}))
    for mangled, body in found:
        if not keep(readable[mangled]):
            continue
        digest = hashlib.sha256(body.encode()).hexdigest()[:16]
        bodies[digest] += 1
        names[digest].add(readable[mangled][:160])
    return bodies, names


def main(argv):
    match, exclude = None, None
    args = list(argv)
    while args and args[0] in ("--match", "--exclude"):
        if len(args) < 2:
            sys.exit(__doc__)
        flag, value = args.pop(0), re.compile(args.pop(0))
        match, exclude = (value, exclude) if flag == "--match" else (match, value)
    if "--" not in args or args.index("--") == 0 or args[-1] == "--":
        print(__doc__, file=sys.stderr)
        return 2
    if not shutil.which("cuobjdump"):
        print("sass-compare: no cuobjdump on PATH (it ships with the CUDA toolkit)", file=sys.stderr)
        return 2
    split = args.index("--")

    def keep(name):
        return (match is None or match.search(name)) and not (exclude and exclude.search(name))

    before, before_names = collect(args[:split], keep)
    after, after_names = collect(args[split + 1:], keep)
    only_before = before - after
    only_after = after - before
    print(f"kernels compared: {sum(before.values())} before, {sum(after.values())} after; "
          f"identical bodies: {sum((before & after).values())}")
    for label, only, names in (("only before", only_before, before_names),
                               ("only after", only_after, after_names)):
        for digest, count in sorted(only.items()):
            for name in sorted(names[digest]):
                print(f"  {label} ({count}x): {name}")
    same = not only_before and not only_after
    print("SASS identical" if same else "SASS differs")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
