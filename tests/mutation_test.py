#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Deterministic mutation test of reading saved states.

Takes sample grids from inputs/ (the float64 one among them), a file the mini-app writes (two
520 x 520 states of two chunks each) and an h5py file in the HDF5 1.8 format without a content
hash (two chunks, v1 B-tree index), and makes a few hundred damaged copies with a fixed seed:
  * bit flips in metadata (headers) and in stored chunks (data and their Fletcher32 trailers),
  * 16-bit words of chunk data changed between 0x0000 and 0xFFFF (Fletcher32 cannot see these),
  * bit flips in the chunk index entries: chunk keys (address, size, offsets) and filter masks,
  * truncations.
Every mutant is read by stencil_check against the original, and every eighth also restarted by
stencil_miniapp (in the file's precision). Each read must exit 2 (refused), or exit 0 only when the
grid read equals the original bit for bit; anything else (a different grid, another exit code, a
crash, a hang) fails.
The file without a hash only gets index mutants: its data cannot be verified by design.
Forged inputs follow: external storage, values past the restart bound (of float32 and of float64
runs), float16 cells, step numbers of 19 and of 7 digits, unsigned iterations past int64, and a
file name that is no UTF-8 (the result must stay valid UTF-8 and JSON).
Usage: mutation_test.py STENCIL_CHECK STENCIL_MINIAPP INPUTS_DIR WORK_DIR
"""
import json
import os
import random
import shutil
import struct
import subprocess
import sys

try:
    import h5py
    import numpy as np
except ModuleNotFoundError as missing:
    # A machine without the module cannot run these checks: CTest reports them as skipped
    # (SKIP_RETURN_CODE 77), with the reason, rather than as failed.
    print(f"skipped: {sys.executable} has no Python module '{missing.name}'")
    sys.exit(77)

SEED = 17
TIMEOUT_S = 60
MINIAPP_EVERY = 8


def all_chunks(path: str) -> list:
    """(file offset, stored size, rank) of every stored chunk of every dataset, in file order."""
    with h5py.File(path, "r") as f:
        datasets = []
        f.visititems(lambda _, obj: datasets.append(obj) if isinstance(obj, h5py.Dataset) else None)
        extents = []
        for d in datasets:
            for i in range(d.id.get_num_chunks()):
                info = d.id.get_chunk_info(i)
                extents.append((info.byte_offset, info.size, d.ndim))
    return sorted(extents)


def index_fields(data: bytes, chunks: list) -> tuple:
    """Byte ranges of chunk index entries: (key ranges, filter-mask ranges). Found by the chunk
    addresses, which every index stores as 8-byte little-endian values: in a v1 B-tree key the
    4-byte size and mask and the offsets precede the child address; in an HDF5 1.10 fixed array
    element the size and mask follow it; a single chunk's size and mask precede its address in
    the layout message."""
    keys, masks = [], []
    fixed_array_entry = None
    at = data.find(b"FAHD")
    if at >= 0:
        fixed_array_entry = data[at + 6]  # signature, version, client id, entry size
    btree_nodes = []
    at = data.find(b"TREE")
    while at >= 0:
        btree_nodes.append(at)
        at = data.find(b"TREE", at + 1)
    for address, _, rank in chunks:
        needle = struct.pack("<Q", address)
        pos = data.find(needle)
        while pos >= 0:
            if any(0 <= pos - node < 4096 for node in btree_nodes):
                # v1 B-tree: key = size(4) mask(4) offsets(8 * (rank + 1)), then the child address.
                # The last offset (the element dimension, always 0) is left out: HDF5 1.10's
                # chunk queries ignore it while its reads do not, so a flip there reads the chunk
                # as the fill value with every check passing. Only a content hash catches that,
                # and this index is only found in files without one (docs/hdf5.md).
                key_start = pos - 8 - 8 * (rank + 1)
                keys.append((key_start, pos - 8))
                keys.append((pos, pos + 8))
                masks.append((key_start + 4, key_start + 8))
            elif fixed_array_entry is not None and fixed_array_entry > 12:
                size_len = fixed_array_entry - 12
                keys.append((pos, pos + 8 + size_len))
                masks.append((pos + 8 + size_len, pos + 12 + size_len))
            else:
                # Single chunk index in the layout message: size(8) mask(4) address(8).
                keys.append((pos - 12, pos + 8))
                masks.append((pos - 4, pos))
            pos = data.find(needle, pos + 1)
    return keys, masks


def flip_bit(data: bytearray, lo: int, hi: int, rng: random.Random) -> str:
    at = rng.randrange(lo, hi)
    bit = rng.randrange(8)
    data[at] ^= 1 << bit
    return f"bit {bit} of byte {at}"


def mutants(path: str, hashed: bool, count: int, rng: random.Random):
    """Yields (description, bytes) for `count` mutants of the file at `path`."""
    original = open(path, "rb").read()
    chunks = all_chunks(path)
    in_chunk = lambda i: any(a <= i < a + s for a, s, _ in chunks)
    metadata = [i for i in range(len(original)) if not in_chunk(i)]
    keys, masks = index_fields(original, chunks)
    words = [a + 2 * w for a, s, _ in chunks for w in range(s // 2)
             if original[a + 2 * w: a + 2 * w + 2] in (b"\x00\x00", b"\xff\xff")]
    kinds = ["key", "mask"]
    if hashed:
        kinds += ["header", "header", "data", "word", "word", "truncate"]
    made = 0
    while made < count:
        kind = kinds[made % len(kinds)]
        data = bytearray(original)
        if kind == "header":
            at = rng.choice(metadata)
            what = flip_bit(data, at, at + 1, rng)
        elif kind == "data":
            a, s, _ = rng.choice(chunks)
            what = flip_bit(data, a, a + s, rng)
        elif kind == "word":
            if not words:
                kinds.remove("word")
                continue
            at = rng.choice(words)
            data[at:at + 2] = b"\xff\xff" if original[at:at + 2] == b"\x00\x00" else b"\x00\x00"
            what = f"word at {at} {original[at:at + 2].hex()} -> {bytes(data[at:at + 2]).hex()}"
        elif kind == "key":
            lo, hi = rng.choice(keys)
            what = flip_bit(data, lo, hi, rng)
        elif kind == "mask":
            lo, hi = rng.choice(masks)
            what = flip_bit(data, lo, hi, rng)
        else:
            keep = rng.randrange(0, len(original))
            data = data[:keep]
            what = f"cut to {keep} of {len(original)} bytes"
        made += 1
        yield f"{kind}: {what}", bytes(data)


def first_step(path: str) -> np.ndarray:
    with h5py.File(path, "r") as f:
        steps = sorted(k for k in f.keys() if k.startswith("step_"))
        return f[steps[0]]["u"][...]


def same_bits(a: np.ndarray, b: np.ndarray) -> bool:
    return a.dtype == b.dtype and a.shape == b.shape and np.array_equal(a.view(np.uint8),
                                                                        b.view(np.uint8))


def precision_args(path: str) -> list:
    """-precision of the state in `path` (the default state, as -input picks it)."""
    with h5py.File(path, "r") as f:
        name = "u" if "u" in f else sorted(k for k in f if k.startswith("step_"))[-1] + "/u"
        return ["-precision", "fp64" if f[name].dtype == np.float64 else "fp32"]


def host_backend_args(miniapp: str) -> list:
    """-impl/-space of a backend of this build that computes on the host: Kokkos' serial space
    where the build has it (one thread, no runtime noise), else the first host backend with the
    default variant's stencil, as -list-models lists them (a directive build: its host space)."""
    rows = subprocess.run([miniapp, "-list-models"], capture_output=True, text=True,
                          timeout=TIMEOUT_S).stdout.split("\n")
    host = [r.split() for r in rows if len(r.split()) > 4 and r.split()[3] == "host"
            and "naive" in r.split()[4:]]
    if not host:
        raise SystemExit("mutation_test: this build has no backend that computes on the host")
    chosen = next((r for r in host if r[2] == "serial"), host[0])
    return ["-impl", chosen[1]] + ([] if chosen[2] == "-" else ["-space", chosen[2]])


def forged_inputs(check: str, miniapp: str, work: str) -> list:
    """Inputs forged with h5py that a lax reader would take silently; each must be refused by
    -input (exit 2, one line), or read as the state it names. Returns the failures."""
    failures = []
    cells = np.arange(256, dtype=np.float32).reshape(16, 16) / 256
    on_host = host_backend_args(miniapp)

    def refused_by_restart(label: str, path: str, also_check: bool, extra: tuple = ()) -> None:
        m = subprocess.run([miniapp, "-input", path, "-iters", "1", *extra] + on_host,
                           capture_output=True, text=True, timeout=TIMEOUT_S)
        if m.returncode != 2 or m.stderr.count("\n") != 1:
            failures.append(f"forged {label}: -input exit {m.returncode}: {m.stderr.strip()}")
        if also_check:
            c = subprocess.run([check, path, path], capture_output=True, text=True,
                               timeout=TIMEOUT_S)
            if c.returncode != 2:
                failures.append(f"forged {label}: stencil_check exit {c.returncode}")

    # External raw storage: a short raw file reads its missing tail as zeros; none is accepted.
    for label, stored in (("external raw file, 64 of 256 cells", 64),
                          ("external raw file, whole", 256)):
        raw = os.path.join(work, f"raw_{stored}.bin")
        cells.reshape(-1)[:stored].tofile(raw)
        path = os.path.join(work, f"external_{stored}.h5")
        with h5py.File(path, "w") as f:
            f.create_dataset("u", shape=(16, 16), dtype="<f4",
                             external=[(raw, 0, h5py.h5f.UNLIMITED)])
        refused_by_restart(label, path, True)

    # A finite value that the stencil's sum turns into Inf in the first step.
    huge = cells.copy()
    huge[3, 3] = np.finfo(np.float32).max
    path = os.path.join(work, "flt_max.h5")
    with h5py.File(path, "w") as f:
        f.create_dataset("u", data=huge)
    refused_by_restart("FLT_MAX cell", path, False)
    # The same in a float64 run: a float64 cell past DBL_MAX / 8.
    path = os.path.join(work, "dbl_max.h5")
    with h5py.File(path, "w") as f:
        wide = cells.astype(np.float64)
        wide[3, 3] = np.finfo(np.float64).max
        f.create_dataset("u", data=wide)
    refused_by_restart("DBL_MAX cell", path, False, ("-precision", "fp64"))
    # Half-precision cells (numpy's float16) are no grid state of either precision.
    path = os.path.join(work, "float16.h5")
    with h5py.File(path, "w") as f:
        f.create_dataset("u", data=cells.astype(np.float16))
    refused_by_restart("float16 cells", path, True)

    # 19-digit step numbers: the default state is the last by number, not by name.
    path = os.path.join(work, "steps19.h5")
    with h5py.File(path, "w") as f:
        for step, value in ((999999999999999998, 0.25), (1000000000000000002, 0.75)):
            d = f.create_dataset(f"step_{step:06d}/u", data=np.full((16, 16), value, np.float32))
            d.attrs["iteration"] = np.int64(step)
    c = subprocess.run([check, path, path + ":/step_1000000000000000002/u"],
                       capture_output=True, text=True, timeout=TIMEOUT_S)
    if c.returncode != 0:
        failures.append(f"forged 19-digit steps: stencil_check did not pick the last state: "
                        f"{(c.stdout + c.stderr).strip().splitlines()[-1:]}")
    # An unsigned iteration past int64 (HDF5 would clamp it to INT64_MAX while converting): refused
    # by both readers, never read as another step number.
    for label, value in (("uint64 iteration 2^63", 2**63), ("uint64 iteration 2^64-1", 2**64 - 1)):
        path = os.path.join(work, f"iteration_{value}.h5")
        with h5py.File(path, "w") as f:
            d = f.create_dataset("u", data=cells)
            d.attrs["iteration"] = np.uint64(value)
        refused_by_restart(label, path, True)
        m = subprocess.run([miniapp, "-input", path, "-iters", "1"] + on_host,
                           capture_output=True, text=True, timeout=TIMEOUT_S)
        if "fits in int64" not in m.stderr:
            failures.append(f"forged {label}: the refusal does not say why: {m.stderr.strip()}")

    # Another writer's step group with seven digits: read by the name it has.
    path = os.path.join(work, "steps7.h5")
    with h5py.File(path, "w") as f:
        d = f.create_dataset("step_0000012/u", data=cells)
        d.attrs["iteration"] = np.int64(12)
    m = subprocess.run([miniapp, "-input", path, "-iters", "1", "-json"] + on_host,
                       capture_output=True, text=True, timeout=TIMEOUT_S)
    if m.returncode != 0 or json.loads(m.stdout)["first_step"] != 12:
        failures.append(f"forged 7-digit step group: -input exit {m.returncode}: "
                        f"{m.stderr.strip()}")

    # A path that is no UTF-8 (a Latin-1 name): the result is still valid JSON, naming it.
    latin1 = os.path.join(os.fsencode(work), b"l\xe9at.h5")
    with h5py.File(latin1, "w") as f:
        f.create_dataset("u", data=cells)
    for form in ("-json", "-text"):
        args = [os.fsencode(miniapp), b"-input", latin1, b"-iters", b"1"] + [
            os.fsencode(a) for a in on_host]
        m = subprocess.run(args + ([b"-json"] if form == "-json" else []),
                           capture_output=True, timeout=TIMEOUT_S)
        try:
            out = m.stdout.decode("utf-8")  # strict: a raw byte fails here
            if form == "-json" and "l\\xe9at.h5" not in json.loads(out)["initial_state"]:
                failures.append(f"non-UTF-8 input path: JSON names it otherwise: {out}")
        except (UnicodeDecodeError, ValueError) as e:
            failures.append(f"non-UTF-8 input path, {form}: the result is not valid: {e}")
        if m.returncode != 0:
            failures.append(f"non-UTF-8 input path, {form}: exit {m.returncode}")
    return failures


def main() -> None:
    check, miniapp, inputs, work = sys.argv[1:5]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    rng = random.Random(SEED)

    app = os.path.join(work, "app.h5")
    subprocess.run([miniapp, "-n", "520", "-iters", "1", "-output", app],
                   check=True, stdout=subprocess.DEVNULL)
    legacy = os.path.join(work, "legacy_v18.h5")
    with h5py.File(os.path.join(inputs, "random_64.h5"), "r") as f:
        values = f["u"][...]
    fapl = h5py.h5p.create(h5py.h5p.FILE_ACCESS)
    fapl.set_libver_bounds(h5py.h5f.LIBVER_V18, h5py.h5f.LIBVER_V18)
    with h5py.File(h5py.h5f.create(legacy.encode(), h5py.h5f.ACC_TRUNC, fapl=fapl)) as f:
        f.create_dataset("u", data=values, chunks=(32, 64), fletcher32=True)

    # (file, has a content hash, mutants)
    originals = [(os.path.join(inputs, "hot_spot_64.h5"), True, 80),
                 (os.path.join(inputs, "sine_mode_1d_256.h5"), True, 80),
                 (os.path.join(inputs, "random_64.h5"), True, 40),
                 (os.path.join(inputs, "random_64_fp64.h5"), True, 40),
                 (app, True, 80),
                 (legacy, False, 40)]
    tried = rejected = identical = 0
    failures = []
    for path, hashed, count in originals:
        in_its_precision = precision_args(path)
        for description, data in mutants(path, hashed, count, rng):
            tried += 1
            mutant = os.path.join(work, f"mutant_{tried:04d}.h5")
            with open(mutant, "wb") as out:
                out.write(data)
            label = f"{os.path.basename(path)} mutant {tried} ({description})"
            try:
                r = subprocess.run([check, mutant, path], capture_output=True, text=True,
                                   timeout=TIMEOUT_S)
            except subprocess.TimeoutExpired:
                failures.append(f"{label}: stencil_check hung")
                continue
            if r.returncode == 2:
                rejected += 1
                if r.stderr.count("\n") != 1:
                    failures.append(f"{label}: {r.stderr.count(chr(10))} error lines")
            elif r.returncode == 0:
                identical += 1
            else:
                failures.append(f"{label}: stencil_check exit {r.returncode}: "
                                f"{(r.stdout + r.stderr).strip().splitlines()[-1:]}")
            if tried % MINIAPP_EVERY == 0:
                restarted = os.path.join(work, "restarted.h5")
                try:
                    m = subprocess.run([miniapp, "-input", mutant, "-iters", "1",
                                        "-output", restarted] + in_its_precision,
                                       capture_output=True, text=True, timeout=TIMEOUT_S)
                except subprocess.TimeoutExpired:
                    failures.append(f"{label}: stencil_miniapp hung")
                    continue
                if m.returncode == 0:
                    with h5py.File(path, "r") as f:
                        name = "u" if "u" in f else sorted(k for k in f if k.startswith("step_"))[-1] + "/u"
                        expected = f[name][...]
                    if not same_bits(first_step(restarted), expected):
                        failures.append(f"{label}: the mini-app restarted from a different grid")
                elif m.returncode != 2:
                    failures.append(f"{label}: stencil_miniapp exit {m.returncode}")
            os.remove(mutant)
    failures += forged_inputs(check, miniapp, work)
    for f in failures:
        print("FAILED: " + f)
    print(f"mutants tried: {tried}, rejected (exit 2): {rejected}, "
          f"read bit-identical (exit 0): {identical}, failures: {len(failures)}")
    if failures or tried < 300:
        sys.exit(1)
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
