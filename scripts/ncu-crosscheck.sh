#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Cross-checks the built-in sector counter (stencil_miniapp -profile sectors) against Nsight
# Compute on the same kernels. For each model row of `stencil_miniapp -list-models` whose grids live
# in CUDA memory (native CUDA, Kokkos' CUDA space, ...) and each variant that row lists, in fp32,
# and for the --fp64 variants again with -precision fp64, it runs
#   1. stencil_miniapp -profile sectors ... -iters K -csv   (built-in: CUPTI SASS metrics, K
#      launches summed in one scope)
#   2. ncu --clock-control none --metrics <sector metrics> stencil_miniapp ... -iters K
#      (ncu profiles each launch of the kernel separately, the normal run's warm-up included)
# and compares sectors per launch, which every launch of these kernels repeats exactly, over the
# run's last launches, as many as the built-in counter measured (the warm-up's come first).
# The verdict is on smsp__sass_sectors_mem_global.sum, the same SASS metric; the l1tex load/store
# sector metrics are shown beside the built-in load/store split for information.
#
# Writes OUT/ncu-crosscheck.csv and OUT/ncu-crosscheck.md (default OUT: perf/results/).
# Exit status: 0 every total agrees within the tolerance, 1 one does not or a run failed,
# 2 bad usage, 77 skipped (no GPU usable for profiling, or no ncu).
#
# usage: scripts/ncu-crosscheck.sh [--build-dir DIR] [--out DIR] [--iters K]
#                                  [--impl MODEL|all] [--tolerance PERCENT]
#                                  [--fp64 "VARIANT ..."|all|none] [--variants "VARIANT ..."]
# A variant runs at the defaults, 2-D at N = 4096 and 1-D at N = 2^24 (the dimensions come from
# -list-shapes), with K rounded up to a whole number of its steps. --fp64 names the variants also
# checked in fp64 (default "naive tiled": 8-byte scalar loads, a sector of 4 cells; each adds one
# row per model). --variants keeps only the variants named (default: every variant of each model),
# e.g. one new kernel in a short device call.
set -euo pipefail

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build_dir=${BUILD_DIR:-$repo_root/build}
out_dir=$repo_root/perf/results
iters=3
impls=all
tolerance=1.0
fp64_variants="naive tiled"
only_variants=""

usage() { sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'; }
while [ $# -gt 0 ]; do
  case $1 in
    --build-dir) build_dir=$2; shift 2 ;;
    --out) out_dir=$2; shift 2 ;;
    --iters) iters=$2; shift 2 ;;
    --impl) impls=$2; shift 2 ;;
    --tolerance) tolerance=$2; shift 2 ;;
    --fp64) fp64_variants=$2; shift 2 ;;
    --variants) only_variants=$2; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "ncu-crosscheck: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done
binary=$build_dir/stencil_miniapp
if [ ! -x "$binary" ]; then
  echo "ncu-crosscheck: no $binary (build first: bash scripts/build.sh)" >&2
  exit 2
fi
python=$(command -v python3 || true)
[ -n "$python" ] || { echo "ncu-crosscheck: python3 is needed for the comparison" >&2; exit 2; }

ncu=$(command -v ncu || true)
if [ -z "$ncu" ]; then
  for candidate in /usr/local/cuda/bin/ncu /usr/local/cuda/nsight-compute*/ncu \
                   /opt/nvidia/nsight-compute/*/ncu; do
    if [ -x "$candidate" ]; then ncu=$candidate; break; fi
  done
fi
if [ -z "$ncu" ]; then
  echo "ncu-crosscheck: SKIPPED: no ncu on PATH or under /usr/local/cuda/bin" >&2
  exit 77
fi

list=$("$binary" -list 2>/dev/null)
profiling=$(sed -n '/^sector profiling/{n;p;}' <<<"$list" | sed 's/^ *//')
if [[ $profiling != available* ]]; then
  echo "ncu-crosscheck: SKIPPED: sector profiling ${profiling:-unknown}" >&2
  exit 77
fi
device=$(sed -n '/^cuda device:/{n;p;}' <<<"$list" | sed 's/^ *//')
# Rows "target model space memory variants...": the ones in CUDA memory, of the model asked for.
cuda_rows=$("$binary" -list-models | awk -v want="$impls" '$4 == "cuda" && (want == "all" || $2 == want)')
if [ -z "$cuda_rows" ]; then
  echo "ncu-crosscheck: no model of this build with grids in CUDA memory matches --impl $impls" >&2
  exit 2
fi

work=$(mktemp -d)
trap 'status=$?; if [ $status -eq 0 ]; then rm -rf "$work"; else echo "ncu-crosscheck: raw output kept in $work" >&2; fi' EXIT

metrics=smsp__sass_sectors_mem_global.sum
metrics+=,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum
metrics+=,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum

tags=()
# One comparison: the built-in count and ncu's for $variant of $impl in $precision, as tag
# ${impl}_${variant}_${precision}. Reads impl, space, space_args and shapes of the model row.
crosscheck() {
  local variant=$1 precision=$2 dimensions per_step n k args tag name kernel
  read -r dimensions per_step < <(awk -v v="$variant" '$1 == v { print $2, $3 }' <<<"$shapes")
  if [ "$dimensions" = 1 ]; then n=16777216; else n=4096; fi
  k=$(( (iters + per_step - 1) / per_step * per_step ))
  args=(-variant "$variant" -impl "$impl" -precision "$precision" -n "$n" -iters "$k" --no-progress)
  # 16 row chunks where the variant has them; a variant without refuses -chunks (the option
  # check alone, through -list-shapes, says which).
  if "$binary" -variant "$variant" -chunks 16 -list-shapes >/dev/null 2>&1; then
    args+=(-chunks 16)
  fi
  args+=("${space_args[@]}")
  tag=${impl}_${variant}_${precision}
  echo "ncu-crosscheck: $tag (n=$n, $k iterations)" >&2
  "$binary" -profile sectors "${args[@]}" -csv >"$work/$tag.builtin.csv"
  # ncu profiles the kernel the built-in counter reported, found by its innermost name (the
  # native kernel, or the function that holds a Kokkos lambda) as the mangled name spells it,
  # its length first ("12strip_kernel"): naive_* does not match naive1d_*, and Kokkos' own
  # kernels (fills, copies) stay out. Only the precision's instantiation runs, so the name
  # needs no template arguments.
  name=$("$python" - "$work/$tag.builtin.csv" <<'PY'
import csv, re, sys
lines = open(sys.argv[1]).read().splitlines()
start = next((i for i, l in enumerate(lines) if l.startswith("variant,implementation,")), 0)
rows = list(csv.DictReader(l for l in lines[start:] if l.strip()))
if len(rows) == 1:  # more or fewer kernels fail the comparison below
    name = re.sub(r" \(Kokkos [^)]*\)$", "", rows[0]["kernel"])
    name = name.replace("(anonymous namespace)::", "")  # its parenthesis is not the parameters'
    name = re.sub(r"<.*>", "", name).split("(")[0].split(" ")[-1].split("::")[-1]
    print(name)
PY
)
  kernel="${#name}${name:-no-kernel-reported}"
  "$ncu" --clock-control none --metrics "$metrics" --kernel-name-base mangled \
    --kernel-name "regex:$kernel" --csv --page raw --print-units base \
    --log-file "$work/$tag.ncu.csv" "$binary" "${args[@]}" >"$work/$tag.app.txt" 2>&1
  tags+=("$tag")
}

while read -r -u 3 _ impl space _ variants; do
  # "variant dimensions iterations-per-step" at each variant's defaults for this backend (temporal's
  # default depth depends on where the grids are).
  space_args=()
  [ "$space" = - ] || space_args=(-space "$space")
  shapes=$("$binary" -impl "$impl" "${space_args[@]}" -list-shapes | awk '$1 !~ /:/')
  if [ -n "$only_variants" ]; then
    kept=""
    for variant in $variants; do
      [[ " $only_variants " == *" $variant "* ]] && kept+="$variant "
    done
    variants=$kept
  fi
  for variant in $variants; do
    crosscheck "$variant" fp32
  done
  for variant in $variants; do
    case " $fp64_variants " in
      " all "|*" $variant "*) crosscheck "$variant" fp64 ;;
    esac
  done
done 3<<<"$cuda_rows"

mkdir -p "$out_dir"
"$python" - "$work" "$out_dir" "$tolerance" "$device" "$("$ncu" --version | tail -1)" "${tags[@]}" <<'PY'
import csv
import datetime
import sys

work, out_dir, tolerance, device, ncu_version = sys.argv[1:6]
tolerance = float(tolerance)
tags = sys.argv[6:]
SASS = "smsp__sass_sectors_mem_global.sum"
LD = "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"
ST = "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum"


def number(text):
    return float(text.replace(",", "").strip())


def ncu_launches(path):
    """One dict per profiled launch, from ncu's raw CSV page (a units row follows the header)."""
    lines = [l for l in open(path, errors="replace") if not l.startswith("==")]
    header, launches = None, []
    for row in csv.reader(lines):
        if header is None:
            if SASS in row:
                header = row
            continue
        if len(row) != len(header):
            continue
        record = dict(zip(header, row))
        try:
            launches.append({m: number(record[m]) for m in (SASS, LD, ST)})
        except (KeyError, ValueError):
            continue  # the units row
    return launches


def gap(measured, reference):
    return 100.0 * (measured - reference) / reference if reference else float("nan")


rows, commit, failures = [], "", 0
for tag in tags:
    text = open(f"{work}/{tag}.builtin.csv").read().splitlines()
    start = next((i for i, l in enumerate(text) if l.startswith("variant,implementation,")), 0)
    builtin = list(csv.DictReader(l for l in text[start:] if l.strip()))
    launches = ncu_launches(f"{work}/{tag}.ncu.csv")
    if len(builtin) != 1 or not launches:
        print(f"ncu-crosscheck: {tag}: {len(builtin)} built-in kernels, {len(launches)} ncu "
              f"launches; expected 1 and >= 1", file=sys.stderr)
        failures += 1
        continue
    b = builtin[0]
    # The run's warm-up launches a pass of every depth first, and in fp64 the deep kernels of
    # several depths share a name: the timed launches, the ones the built-in counter measured,
    # are the last ones.
    launches = launches[-int(b["launches"]):]
    commit = b["commit"]
    precision = tag.rsplit("_", 1)[1]  # the -precision the run was given
    if b.get("precision", "fp32") != precision:
        print(f"ncu-crosscheck: {tag}: the built-in report says precision "
              f"{b.get('precision')!r}, expected {precision}", file=sys.stderr)
        failures += 1
        continue
    per_launch = lambda key: float(b[key]) / int(b["launches"]) if b[key] else float("nan")
    sass = [l[SASS] for l in launches]
    ncu_sass = sum(sass) / len(sass)
    ncu_ld = sum(l[LD] for l in launches) / len(launches)
    ncu_st = sum(l[ST] for l in launches) / len(launches)
    builtin_total = per_launch("total_sectors")
    agrees = abs(gap(builtin_total, ncu_sass)) <= tolerance
    failures += not agrees
    rows.append({
        "implementation": b["implementation"], "variant": b["variant"], "precision": precision,
        "n": b["n"],
        "kernel": b["kernel"], "ncu_launches": len(launches),
        "ncu_launch_spread_pct": f"{gap(max(sass), min(sass)):.4f}",
        "ncu_sass_sectors_per_launch": f"{ncu_sass:.1f}",
        "builtin_sectors_per_launch": f"{builtin_total:.1f}",
        "sass_gap_pct": f"{gap(builtin_total, ncu_sass):+.4f}",
        "ncu_l1tex_ld_per_launch": f"{ncu_ld:.1f}",
        "builtin_load_per_launch": f"{per_launch('load_sectors'):.1f}",
        "ld_gap_pct": f"{gap(per_launch('load_sectors'), ncu_ld):+.4f}",
        "ncu_l1tex_st_per_launch": f"{ncu_st:.1f}",
        "builtin_store_per_launch": f"{per_launch('store_sectors'):.1f}",
        "st_gap_pct": f"{gap(per_launch('store_sectors'), ncu_st):+.4f}",
        "agrees": "yes" if agrees else "NO",
    })

if rows:
    with open(f"{out_dir}/ncu-crosscheck.csv", "w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    columns = ["implementation", "variant", "precision", "n", "ncu_sass_sectors_per_launch",
               "builtin_sectors_per_launch", "sass_gap_pct", "ld_gap_pct", "st_gap_pct",
               "ncu_launches", "agrees"]
    with open(f"{out_dir}/ncu-crosscheck.md", "w") as f:
        f.write("# Built-in sector counter vs Nsight Compute\n\n")
        f.write(f"- date: {datetime.date.today().isoformat()}\n- device: {device}\n")
        f.write(f"- ncu: {ncu_version}\n- commit: {commit}\n")
        f.write(f"- verdict: smsp__sass_sectors_mem_global.sum per launch, built-in within "
                f"{tolerance}% of ncu\n")
        f.write("- ld/st gaps: built-in load/store split vs "
                "l1tex__t_sectors_pipe_lsu_mem_global_op_{ld,st}.sum (information only)\n\n")
        f.write("| " + " | ".join(columns) + " |\n|" + "---|" * len(columns) + "\n")
        for r in rows:
            f.write("| " + " | ".join(str(r[c]) for c in columns) + " |\n")
    print(open(f"{out_dir}/ncu-crosscheck.md").read())
print(f"ncu-crosscheck: {len(rows)} compared, {failures} failed; wrote {out_dir}/ncu-crosscheck.csv",
      file=sys.stderr)
sys.exit(1 if failures or not rows else 0)
PY
