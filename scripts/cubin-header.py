#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Reads the NVIDIA cubin ELF headers in a file (a cubin, or an OpenMP offload executable whose
.llvm.offloading section embeds one) and says whether LLVM 19's CUDA plugin accepts each for an
sm_90 GPU.

    cubin-header.py FILE              print one line per cubin header found
    cubin-header.py --rewrite-v1 FILE rewrite each CUDA-13 (ABI 8) header in place to the ABI 7
                                      layout that LLVM 19 reads (an experiment: see below)

Why: CUDA 13's ptxas writes EI_ABIVERSION 8, whose e_flags hold the SM in bits 8-15 (sm_90:
0x06005a04). LLVM 19 knows only ABI 7, with the SM in the low byte and 64-bit addressing at
0x400 (CUDA 12 wrote 0x005a055a for sm_90). Its plugin (offload/plugins-nextgen/common/src/
Utils/ELF.cpp, checkMachineImpl; cuda/src/rtl.cpp, isELFCompatible) therefore reads an ABI 8
sm_90 cubin as "no 64-bit addressing, sm_0.4" and refuses it.

--rewrite-v1 only changes the header: the plugin then accepts the image, and whether the CUDA
driver loads an ABI 8 body under an ABI 7 header is what a run on the GPU finds out.
"""
import struct
import sys

ELF_MAGIC = b"\x7fELF"
EM_CUDA = 190
ABI_V1, ABI_V2 = 7, 8
# LLVM 19's llvm/BinaryFormat/ELF.h, the only layout it knows (ABI 7).
EF_CUDA_SM = 0xFF
EF_CUDA_SM35, EF_CUDA_SM90 = 0x23, 0x5A
EF_CUDA_TEXMODE_UNIFIED = 0x100
EF_CUDA_64BIT_ADDRESS = 0x400
EF_CUDA_VIRTUAL_SM_SHIFT = 16
# CUDA 13 (ABI 8): the SM in bits 8-15.
EF_CUDA_SM_MASK_V2, EF_CUDA_SM_OFFSET_V2 = 0xFF00, 8
FLAGS_AT = 0x30


def headers(data):
    """Offsets of little-endian ELF64 headers whose e_machine is EM_CUDA."""
    at = data.find(ELF_MAGIC)
    while at >= 0:
        if len(data) >= at + 64 and data[at + 4] == 2 and data[at + 5] == 1:
            machine = struct.unpack_from("<H", data, at + 18)[0]
            if machine == EM_CUDA:
                yield at
        at = data.find(ELF_MAGIC, at + 1)


def sm_of(abi, flags):
    """The SM number by the layout the header's ABI version names."""
    if abi == ABI_V2:
        return (flags & EF_CUDA_SM_MASK_V2) >> EF_CUDA_SM_OFFSET_V2
    return flags & EF_CUDA_SM


def llvm19_verdict(flags, major=9, minor=0):
    """What LLVM 19.1's CUDA plugin decides for a device of compute capability major.minor: it
    reads e_flags by the ABI 7 layout whatever EI_ABIVERSION says."""
    if not flags & EF_CUDA_64BIT_ADDRESS:
        return "refused (checkMachineImpl: Invalid CUDA addressing mode, 0x400 clear)"
    sm = flags & EF_CUDA_SM
    if sm < EF_CUDA_SM35 or sm > EF_CUDA_SM90:
        return f"refused (checkMachineImpl: Unsupported NVPTX architecture, low byte {sm})"
    if major != sm // 10 or minor < sm % 10:
        return f"refused (isELFCompatible: image sm_{sm} on a {major}.{minor} device)"
    return f"accepted (sm_{sm} on a {major}.{minor} device)"


def v1_flags(sm):
    """The ABI 7 e_flags CUDA 12's ptxas writes for a real SM (e.g. 0x005a055a for sm_90)."""
    return (sm | EF_CUDA_TEXMODE_UNIFIED | EF_CUDA_64BIT_ADDRESS |
            (sm << EF_CUDA_VIRTUAL_SM_SHIFT))


def main(argv):
    rewrite = len(argv) == 3 and argv[1] == "--rewrite-v1"
    if len(argv) != 2 + rewrite:
        print("usage: cubin-header.py [--rewrite-v1] FILE", file=sys.stderr)
        return 2
    path = argv[-1]
    try:
        with open(path, "rb") as f:
            data = bytearray(f.read())
    except OSError as error:
        print(f"cubin-header: cannot read {path}: {error.strerror}", file=sys.stderr)
        return 2
    found = list(headers(data))
    if not found:
        print(f"cubin-header: no NVIDIA cubin header in {path}", file=sys.stderr)
        return 1
    for at in found:
        abi = data[at + 8]
        flags = struct.unpack_from("<I", data, at + FLAGS_AT)[0]
        if rewrite and abi == ABI_V2:
            sm = sm_of(abi, flags)
            data[at + 8] = ABI_V1
            struct.pack_into("<I", data, at + FLAGS_AT, v1_flags(sm))
            print(f"{path}+{at:#x}: ABI 8 e_flags {flags:#010x} -> ABI 7 e_flags "
                  f"{v1_flags(sm):#010x}")
            continue
        print(f"{path}+{at:#x}: EI_ABIVERSION {abi} e_flags {flags:#010x} sm_{sm_of(abi, flags)};"
              f" LLVM 19 on the H200: {llvm19_verdict(flags)}")
    if rewrite:
        with open(path, "wb") as f:
            f.write(data)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
