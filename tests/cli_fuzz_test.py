#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Deterministic fuzz test of the mini-app's command line, environment and output streams.

With a fixed seed, draws a few hundred command lines from the options' values, good and bad
(variants with shape options that do and do not apply, junk and overlong -n, odd -output names:
bytes that are no UTF-8, control characters), environments (OMP_NUM_THREADS values libgomp would
complain about, OMP_PROC_BIND unset) and standard outputs (a pipe, /dev/full, a pipe without a
reader), and holds every run to the promises of README.md:
  * exit 0, 1 or 2 (141 only for a closed pipe), within the timeout;
  * exit 1 or 2: exactly one line on stderr, "stencil_miniapp: error: ..."; exit 0: none;
  * stdout and stderr are valid UTF-8; -json's stdout is one JSON object; a sidecar is XML;
  * stdout on /dev/full: exit 1 with one line where the run would have succeeded;
  * a read-only command on a closed pipe: exit 141 and nothing on stderr.
Where MPIEXEC is given, refusals under mpirun must be one line from the ranks and exit 2.
Usage: cli_fuzz_test.py STENCIL_MINIAPP INPUTS_DIR WORK_DIR [MPIEXEC]
"""
import json
import os
import random
import shutil
import subprocess
import sys
import xml.parsers.expat

SEED = 38
RUNS = 300
TIMEOUT_S = 60

VARIANTS = ["naive", "tiled", "strip", "regblock", "naive1d", "halo1d", "temporal", "stream",
            "fancy"]
# Good values are drawn more often than bad ones, so that most runs get past the option checks.
SHAPES = [["-patch", "2"], ["-patch", "4"], ["-pitch", "32"], ["-pitch", "34"], ["-chunks", "3"],
          ["-fuse", "2"], ["-fuse", "1"]] + [[]] * 10
SIZES = ["1", "3", "16", "33"] * 4 + ["0", "-3", "0x10", "", "2147483700", "99999999999999999999"]
THREADS = [None] * 14 + ["1", "2", "2,1", "0", "", "junk", "2,", "1e1", "\u0661"]
MODELS = [[]] * 4 + [["-impl", "openmp"], ["-impl", "stdpar"], ["-impl", "kokkos"],
                     ["-impl", "opencl"]]
NAMES = [b"run.h5", b"x\xff\xfe.h5", b"l\xe9at.h5", b"caf\xc3\xa9.h5", b"bell\x07.h5",
         b"sub/none.h5"]


def lines(data: bytes) -> int:
    return data.count(b"\n")


def valid_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
        return True
    except UnicodeDecodeError:
        return False


def draw(rng: random.Random, miniapp: str, inputs: str, out_dir: bytes) -> tuple:
    """(argv as bytes, environment, stdout kind, writes output?)"""
    args = [os.fsencode(miniapp)]
    kind = rng.choice(["run"] * 8 + ["list", "help", "list-shapes"])
    if kind != "run":
        args.append(b"-" + kind.encode())
        if rng.random() < 0.2:
            args += [b"-variant", b"naive", b"-patch", b"2"]  # refused even here
    else:
        args += [a.encode() for a in rng.choice(MODELS)]
        args += [b"-variant", rng.choice(VARIANTS[:-1] * 4 + VARIANTS[-1:]).encode()]
        args += [a.encode() for a in rng.choice(SHAPES)]
        if rng.random() < 0.15:
            args += [b"-input", os.fsencode(os.path.join(inputs, "hot_spot_64.h5"))]
        else:
            args += [b"-n", rng.choice(SIZES).encode()]
        args += [b"-iters", rng.choice([b"2", b"4", b"8"])]
        args += rng.choice([[], [b"-json"], [b"-csv"]])
        if rng.random() < 0.3:
            args += [b"-output", os.path.join(out_dir, rng.choice(NAMES))]
        if rng.random() < 0.15:
            args += [b"-space", b"serial"]
    env = dict(os.environ)
    # 4 GiB of memory whatever the machine has (the mini-app's test hook): a 1-D N past an int
    # is limited by memory only, and must get the memory refusal here, not a 26 GB run.
    env["STENCIL_TEST_MEM_AVAILABLE"] = str(4 << 30)
    threads = rng.choice(THREADS)
    env.pop("OMP_NUM_THREADS", None)
    if threads is not None:
        env["OMP_NUM_THREADS"] = threads
    if rng.random() < 0.5:
        env.pop("OMP_PROC_BIND", None)
        env.pop("OMP_PLACES", None)
    else:
        env["OMP_PROC_BIND"] = "false"
    stdout = rng.choice(["pipe"] * 6 + ["full", "closed"])
    return args, env, stdout, b"-output" in args


def run(args: list, env: dict, stdout: str, scratch: str) -> tuple:
    """(exit status, stdout bytes, stderr bytes); 128 + signal for a signalled process."""
    err_path = os.path.join(scratch, "stderr")
    with open(err_path, "wb") as err:
        if stdout == "pipe":
            p = subprocess.run(args, env=env, stdout=subprocess.PIPE, stderr=err,
                               stdin=subprocess.DEVNULL, timeout=TIMEOUT_S)
            out = p.stdout
        elif stdout == "full":
            with open("/dev/full", "wb") as full:
                p = subprocess.run(args, env=env, stdout=full, stderr=err,
                                   stdin=subprocess.DEVNULL, timeout=TIMEOUT_S)
            out = b""
        else:  # a pipe whose reader is gone before the first write
            read_end, write_end = os.pipe()
            os.close(read_end)
            try:
                p = subprocess.run(args, env=env, stdout=write_end, stderr=err,
                                   stdin=subprocess.DEVNULL, timeout=TIMEOUT_S)
            finally:
                os.close(write_end)
            out = b""
    status = p.returncode if p.returncode >= 0 else 128 - p.returncode
    with open(err_path, "rb") as err:
        return status, out, err.read()


def check_one(label: str, args: list, status: int, out: bytes, err: bytes, stdout: str,
              writes: bool, out_dir: bytes) -> list:
    failures = []
    read_only = any(a in (b"-list", b"-help", b"-list-shapes") for a in args)
    if not valid_utf8(out) or not valid_utf8(err):
        failures.append(f"{label}: output that is not UTF-8: {out[:200]!r} {err[:200]!r}")
    if status == 141:
        # Only a closed pipe; a command that writes no file says nothing about files.
        if stdout != "closed":
            failures.append(f"{label}: SIGPIPE without a closed pipe")
        elif not writes and err:
            failures.append(f"{label}: a closed pipe printed {err!r}")
        elif writes and lines(err) > 1:
            failures.append(f"{label}: {lines(err)} lines after SIGPIPE: {err!r}")
        return failures
    if status not in (0, 1, 2):
        failures.append(f"{label}: exit {status}: {err[-300:]!r}")
        return failures
    if status == 0:
        if err:
            failures.append(f"{label}: exit 0 with stderr {err[:300]!r}")
        if stdout == "full":
            failures.append(f"{label}: exit 0 with its result written to /dev/full")
        if stdout == "closed" and not read_only:
            failures.append(f"{label}: exit 0 on a closed pipe")
        if stdout == "pipe" and b"-json" in args and not read_only:
            try:
                json.loads(out.decode("utf-8"))
            except ValueError as e:
                failures.append(f"{label}: -json gave no JSON object ({e}): {out[:300]!r}")
        if writes:
            output = args[args.index(b"-output") + 1]
            sidecar = output[:-3] + b".xmf"
            try:
                with open(sidecar, "rb") as f:
                    xml.parsers.expat.ParserCreate().Parse(f.read(), True)
            except (OSError, xml.parsers.expat.ExpatError) as e:
                failures.append(f"{label}: sidecar {sidecar!r} unreadable as XML: {e}")
    else:
        if lines(err) != 1 or not err.startswith(b"stencil_miniapp: error: "):
            failures.append(f"{label}: exit {status} with {lines(err)} lines: {err[:600]!r}")
        if stdout == "pipe" and out:
            failures.append(f"{label}: exit {status} with a result on stdout")
    if b"unfinished outputs removed" in err and not writes:
        failures.append(f"{label}: a cleanup claimed by a run that writes no file: {err!r}")
    return failures


def mpi_refusals(miniapp: str, mpiexec: str, scratch: str) -> tuple:
    """Refusals under mpirun: exit 2 and one line from the ranks (mpirun's own notes aside)."""
    env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
               OMPI_MCA_rmaps_base_oversubscribe="1", OMP_NUM_THREADS="1", OMP_PROC_BIND="false")
    cases = [(["-n", "3", "-decomp", "4x1"], {}), (["-n", "16", "-decomp", "4x"], {}),
             (["-n", "16", "-decomp", "4"], {}), (["-n", "16", "-decomp", "2x2;"], {}),
             (["-n", "1", "-decomp", "4x1"], {}), (["-n", "16"], {"OMP_NUM_THREADS": "0"}),
             (["-n", "16", "-chunks", "3"], {})]
    failures = []
    for args, extra in cases:
        session = os.path.join(scratch, "mpi-session")
        os.makedirs(session, exist_ok=True)
        command = [mpiexec, "-n", "4", miniapp, "-impl", "openmp", "-variant", "naive",
                   "-iters", "2", "-no-progress"] + args
        p = subprocess.run(command, env=dict(env, OMPI_MCA_orte_tmpdir_base=session, **extra),
                           capture_output=True, timeout=120)
        ours = [l for l in p.stderr.split(b"\n") if l.startswith(b"stencil_miniapp:")]
        if p.returncode != 2 or len(ours) != 1 or not ours[0].startswith(b"stencil_miniapp: error:"):
            failures.append(f"mpirun {' '.join(args)} {extra}: exit {p.returncode}, "
                            f"{len(ours)} lines of the ranks: {p.stderr[-800:]!r}")
        shutil.rmtree(session, ignore_errors=True)
    return len(cases), failures


def main() -> None:
    miniapp, inputs, work = sys.argv[1:4]
    mpiexec = sys.argv[4] if len(sys.argv) > 4 and sys.argv[4] else ""
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    out_dir = os.path.join(os.fsencode(work), b"out")
    rng = random.Random(SEED)
    failures = []
    counts = {}
    for i in range(RUNS):
        shutil.rmtree(out_dir, ignore_errors=True)
        os.makedirs(out_dir)
        args, env, stdout, writes = draw(rng, miniapp, inputs, out_dir)
        label = (f"run {i} (OMP_NUM_THREADS={env.get('OMP_NUM_THREADS')!r}, stdout {stdout}): "
                 + " ".join(repr(a)[2:-1] for a in args[1:]))
        try:
            status, out, err = run(args, env, stdout, work)
        except subprocess.TimeoutExpired:
            failures.append(f"{label}: hung")
            continue
        counts[status] = counts.get(status, 0) + 1
        failures += check_one(label, args, status, out, err, stdout, writes, out_dir)
    mpi_runs = 0
    if mpiexec and os.access(mpiexec, os.X_OK):
        mpi_runs, mpi_failures = mpi_refusals(miniapp, mpiexec, work)
        failures += mpi_failures
    for f in failures:
        print("FAILED: " + f)
    print(f"runs: {RUNS} ({', '.join(f'exit {k}: {v}' for k, v in sorted(counts.items()))}), "
          f"refusals under mpirun: {mpi_runs}, failures: {len(failures)}")
    if failures:
        sys.exit(1)
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
