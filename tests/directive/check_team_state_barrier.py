#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""No OpenMP-target kernel reads the device runtime's team state before a barrier.

clang's device runtime has thread 0 of each team write the team state (the nthreads ICV among
it) into shared memory, then a barrier. Where the barrier is gone, the other warps may read the
state before it is written: a warp that reads a stale thread count takes part in a smaller team
and a stretch of the loop's cells stays unwritten (cmake/StencilDirective.cmake says how the
build keeps that barrier). The build keeps each object's device PTX beside the object
(-save-temps=obj); this walks every kernel's control flow from its entry and fails on a
shared-memory load of the team state (a symbol named ...TeamState...) that some path reaches
without passing a barrier.

    check_team_state_barrier.py OBJECT_DIR

First it checks itself on two small kernels, one of each kind, so that it cannot pass by
failing to see the pattern.
"""
import pathlib
import re
import sys

BARRIER = re.compile(r"\b(bar\.sync|barrier\.sync|bar\.red|barrier\.red)\b")
TEAM_STATE_LOAD = re.compile(r"\bld\.shared\S*\s+[^,]+,\s*\[[^\]]*TeamState")
BRANCH = re.compile(r"\bbra(?:\.uni)?\s+(\$?[\w$]+);")
LABEL = re.compile(r"^(\$?[\w$]+):")
ENTRY = re.compile(r"\.entry\s+(\S+?)\s*\((.*?)\n\}", re.S)


def basic_blocks(body):
    """The kernel body as (label, instructions) in text order; the first label is None."""
    blocks = [[None, []]]
    for raw in body.split("\n"):
        line = raw.split("//")[0].strip()
        if not line:
            continue
        label = LABEL.match(line)
        if label:
            blocks.append([label.group(1), []])
        else:
            blocks[-1][1].append(line)
    return blocks


def unguarded_load(body):
    """The first team-state load reachable from the entry without a barrier, or None."""
    blocks = basic_blocks(body)
    index = {label: i for i, (label, _) in enumerate(blocks) if label}
    seen = set()
    pending = [0]
    while pending:
        block = pending.pop()
        if block in seen:
            continue
        seen.add(block)
        falls_through = True
        for line in blocks[block][1]:
            if BARRIER.search(line):
                falls_through = False
                break
            if TEAM_STATE_LOAD.search(line):
                return line
            branch = BRANCH.search(line)
            if branch and branch.group(1) in index:
                pending.append(index[branch.group(1)])
                if not line.startswith("@"):
                    falls_through = False
                    break
            if re.match(r"^(ret|exit|trap)\b", line):
                falls_through = False
                break
        if falls_through and block + 1 < len(blocks):
            pending.append(block + 1)
    return None


# Thread 0 writes the state, then every thread reads it: once with no barrier between (the
# pattern), once with one.
SELF_CHECK = {
    "unguarded": True,
    "guarded": False,
}
SELF_CHECK_PTX = """
.entry unguarded(
)
{
	mov.u32 	%r2, %tid.x;
	setp.ne.s32 	%p1, %r2, 0;
	@%p1 bra 	$L__BB0_2;
	st.shared.u32 	[_ZN4ompx5state9TeamStateE_$_0], %r1;
$L__BB0_2:
	bra.uni 	$L__BB0_5;
$L__BB0_4:
	bar.sync 	0;
	ret;
$L__BB0_5:
	ld.shared.u32 	%r7, [_ZN4ompx5state9TeamStateE_$_0];
	bra.uni 	$L__BB0_4;
}
.entry guarded(
)
{
	mov.u32 	%r2, %tid.x;
	setp.ne.s32 	%p1, %r2, 0;
	@%p1 bra 	$L__BB0_2;
	st.shared.u32 	[_ZN4ompx5state9TeamStateE_$_0], %r1;
$L__BB0_2:
	bar.sync 	0;
	bra.uni 	$L__BB0_5;
$L__BB0_4:
	ret;
$L__BB0_5:
	ld.shared.u32 	%r7, [_ZN4ompx5state9TeamStateE_$_0];
	bra.uni 	$L__BB0_4;
}
"""


def kernels(ptx_text):
    return [(m.group(1), m.group(2)) for m in ENTRY.finditer(ptx_text)]


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: check_team_state_barrier.py OBJECT_DIR")
    for name, body in kernels(SELF_CHECK_PTX):
        if (unguarded_load(body) is not None) != SELF_CHECK[name]:
            sys.exit(f"self-check: kernel '{name}' judged wrongly")

    files = sorted(pathlib.Path(sys.argv[1]).rglob("*-openmp-nvptx64-nvidia-cuda.s"))
    if not files:
        sys.exit(f"no device PTX (*-openmp-nvptx64-nvidia-cuda.s) under {sys.argv[1]}: "
                 "the build no longer keeps it (-save-temps=obj)")
    checked = 0
    failures = []
    for path in files:
        for name, body in kernels(path.read_text()):
            checked += 1
            load = unguarded_load(body)
            if load is not None:
                failures.append(f"{path.name}: {name}: '{load}' is reached without a barrier")
    print(f"{checked} kernels in {len(files)} PTX files checked")
    if checked == 0:
        sys.exit("no kernel entry found in the PTX files")
    for failure in failures:
        print(failure)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
