#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Assembles the PTX that GCC's mkoffload embedded in a program, as the CUDA driver will.

    check_offload_image.py MKOFFLOAD_S PTXAS ARCH

GCC links the offload image of a program as PTX (`-foffload=nvptx-none`), and the driver
compiles it when the program first opens the device: an image ptxas refuses (a kernel past the
48 KB of static shared memory, say) fails every kernel of the program at run time, on the GPU
only. MKOFFLOAD_S is the `xnvptx-none.s` that `-save-temps` keeps from the link, which holds the
PTX as string directives; this extracts it and runs `PTXAS -arch=ARCH` on it. Exit 0 when ptxas
accepts it, 1 (with ptxas' messages) when not, 2 on a missing or unreadable file.
"""

import codecs
import re
import subprocess
import sys
import tempfile


def embedded_ptx(assembly):
    # mkoffload writes `static const char ptx_code_0[] = "...";`, which GCC emits as .ascii and
    # .string directives after the symbol's label.
    marker = re.search(r"(?m)^_ZL10ptx_code_0:$", assembly)
    if marker is None:
        raise ValueError("no embedded PTX (ptx_code_0) in the file")
    body = assembly[marker.end():].split(".section", 1)[0]
    parts = re.findall(r'\.(?:ascii|string)\s+"((?:[^"\\]|\\.)*)"', body)
    return "".join(codecs.escape_decode(p.encode())[0].decode("latin1") for p in parts)


def main():
    if len(sys.argv) != 4:
        print("usage: check_offload_image.py MKOFFLOAD_S PTXAS ARCH", file=sys.stderr)
        return 2
    source, ptxas, arch = sys.argv[1:]
    try:
        with open(source, encoding="latin1") as f:
            ptx = embedded_ptx(f.read())
    except (OSError, ValueError) as error:
        print(f"check_offload_image: {source}: {error}", file=sys.stderr)
        return 2
    entries = len(re.findall(r"(?m)^\.entry ", ptx))
    with tempfile.TemporaryDirectory() as work:
        path = f"{work}/image.ptx"
        with open(path, "w", encoding="latin1") as f:
            f.write(ptx)
        result = subprocess.run([ptxas, f"-arch={arch}", path, "-o", f"{work}/image.cubin"],
                                capture_output=True, text=True)
    sys.stderr.write(result.stderr)
    verdict = "assembles" if result.returncode == 0 else "is refused by ptxas"
    print(f"offload image of {entries} kernels {verdict} for {arch}")
    return 0 if result.returncode == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
