#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""scripts/cubin-header.py on written cubin headers: the CUDA 13 sm_90 header that LLVM 19's
plugin refuses, the CUDA 12 one it accepts, an sm_80 image it refuses on an sm_90 device, and the
--rewrite-v1 rewrite of an embedded header (the bytes around it unchanged).
Usage: cubin_header_test.py CUBIN_HEADER_PY WORK_DIR"""
import os
import shutil
import struct
import subprocess
import sys


def header(abi, flags):
    """A little-endian ELF64 header of an NVIDIA executable cubin."""
    ident = b"\x7fELF" + bytes([2, 1, 1, 0x41, abi]) + bytes(7)
    return ident + struct.pack("<HHIQQQIHHHHHH", 2, 190, 1, 0, 0, 0, flags, 64, 56, 0, 64, 0, 0)


def run(tool, *args):
    done = subprocess.run([sys.executable, tool, *args], capture_output=True, text=True)
    return done.returncode, done.stdout + done.stderr


def main():
    tool, work = sys.argv[1], sys.argv[2]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    cases = [
        (8, 0x06005A04, "refused (checkMachineImpl: Invalid CUDA addressing mode"),
        (7, 0x005A055A, "accepted (sm_90 on a 9.0 device)"),
        (7, 0x00500550, "refused (isELFCompatible: image sm_80 on a 9.0 device)"),
    ]
    failures = 0
    for abi, flags, expected in cases:
        path = os.path.join(work, f"abi{abi}-{flags:08x}.cubin")
        with open(path, "wb") as f:
            f.write(header(abi, flags) + bytes(64))
        rc, text = run(tool, path)
        if rc != 0 or expected not in text:
            print(f"FAIL: ABI {abi} e_flags {flags:#x}: expected '{expected}', got rc {rc}: {text}")
            failures += 1

    # An executable-like file with the CUDA 13 header inside, as .llvm.offloading holds it.
    before, after = b"host code" * 10, b"more host code" * 10
    embedded = os.path.join(work, "embedded")
    with open(embedded, "wb") as f:
        f.write(before + header(8, 0x06005A04) + after)
    rc, text = run(tool, "--rewrite-v1", embedded)
    with open(embedded, "rb") as f:
        data = f.read()
    if rc != 0 or data != before + header(7, 0x005A055A) + after:
        print(f"FAIL: --rewrite-v1 rc {rc}: {text}")
        failures += 1
    rc, text = run(tool, embedded)
    if "EI_ABIVERSION 7 e_flags 0x005a055a sm_90" not in text or "accepted" not in text:
        print(f"FAIL: the rewritten header reads back as: {text}")
        failures += 1

    rc, text = run(tool, os.path.join(work, "missing"))
    if rc != 2 or text.count("\n") != 1:
        print(f"FAIL: a missing file gives rc {rc} and: {text}")
        failures += 1
    no_cubin = os.path.join(work, "no-cubin")
    with open(no_cubin, "wb") as f:
        f.write(b"\x7fELF\x02\x01\x01\x00" + bytes(56))
    rc, text = run(tool, no_cubin)
    if rc != 1:
        print(f"FAIL: a file without a cubin header gives rc {rc}: {text}")
        failures += 1
    print("cubin_header_test:", "FAILED" if failures else "passed", f"({failures} failures)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
