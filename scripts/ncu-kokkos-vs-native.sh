#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Where a Kokkos kernel loses to its native CUDA twin: one launch of each, profiled by
# Nsight Compute on the GPU machine, side by side.
#   bash scripts/ncu-kokkos-vs-native.sh [BUILD_DIR] [OUT_DIR] [SHAPE ...]
# BUILD_DIR defaults to build-gpu, OUT_DIR to $OUT, else ./ncu-kvn-out. NCU_PRECISION picks the
# element type (fp32, the default, or fp64). A SHAPE is a variant,
# optionally with one option (VARIANT:-option=value, as `stencil_miniapp -list-shapes` prints);
# the default is every variant both models implement (from -list-models).
# Each runs
# `stencil_miniapp -impl {cuda,kokkos} -n $NCU_N -iters K` (NCU_N defaults to 4096, 1-D variants
# at NCU_N^2 cells; K is one step) and ncu profiles the second launch of the variant's kernel (the
# first is the warm-up). Writes ncu's raw CSV per run and kokkos-vs-native.txt: time, registers,
# spills, occupancy, DRAM bytes and instructions per output cell, and the four largest warp stall
# reasons (cycles per issued instruction), native row over Kokkos row.
set -euo pipefail

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$repo_root/build-gpu}
out=${2:-${OUT:-$repo_root/ncu-kvn-out}}
shift $(($# > 2 ? 2 : $#))
shapes=("$@")
n=${NCU_N:-4096}
app=$build/stencil_miniapp
# By default every variant both have, from the binary's own registry (-list-models).
if [ ${#shapes[@]} -eq 0 ]; then
  mapfile -t shapes < <("$app" -list-models | awk '
    $1 == "cuda" || $1 == "kokkos_cuda" { for (i = 5; i <= NF; ++i) seen[$i]++ }
    END { for (v in seen) if (seen[v] == 2) print v }' | sort)
  [ ${#shapes[@]} -gt 0 ] ||
    { echo "ncu-kokkos-vs-native: this build has no variant in both cuda and kokkos_cuda" >&2; exit 77; }
fi
export PATH=/usr/local/cuda/bin:$PATH
command -v ncu >/dev/null || { echo "ncu-kokkos-vs-native: no ncu on this machine" >&2; exit 77; }
mkdir -p "$out"
shape_table=$("$app" -list-shapes)

sections=(--section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats
  --section MemoryWorkloadAnalysis)
extra_metrics=l1tex__t_bytes_pipe_lsu_mem_local_op_ld.sum,l1tex__t_bytes_pipe_lsu_mem_local_op_st.sum,smsp__inst_executed.sum,dram__bytes_read.sum,dram__bytes_write.sum

labels=()
for shape in "${shapes[@]}"; do
  variant=${shape%%:*}
  extra=()
  [[ $shape == *:* ]] && extra=("${shape#*:}")
  # shellcheck disable=SC2206  # "-option=value" becomes "-option value"
  [ ${#extra[@]} -eq 0 ] || extra=(${extra[0]/=/ })
  dims=$(awk -v s="$shape" '$1 == s { print $2 }' <<<"$shape_table")
  per_step=$(awk -v s="$shape" '$1 == s { print $3 }' <<<"$shape_table")
  [ -n "$dims" ] || { echo "ncu-kokkos-vs-native: no shape '$shape' (see -list-shapes)" >&2; exit 2; }
  size=$n
  [ "$dims" -eq 1 ] && size=$((n * n))
  label=${shape//[:=]/_}
  labels+=("$label")
  for impl in cuda kokkos; do
    case $impl in
      cuda) kernel="regex:stencil::cuda::((\w+::)?${variant}|\w+_${variant}::\w+)_kernel[<(]" ;;
      kokkos) kernel="regex:stencil::kokkos::((\w+::)?${variant}_(step|fused|on_device)[<(]|\w+_${variant}::pass<)" ;;
    esac
    ncu --clock-control none --csv --page raw --print-units base "${sections[@]}" \
      --metrics "$extra_metrics" --kernel-name-base demangled --kernel-name "$kernel" \
      --launch-skip 1 --launch-count 1 \
      "$app" -impl "$impl" -variant "$variant" "${extra[@]}" -n "$size" -iters "$per_step" \
      -precision "${NCU_PRECISION:-fp32}" \
      -no-progress >"$out/$label-$impl.ncu.csv" 2>"$out/$label-$impl.ncu.log" ||
      echo "ncu failed for $label $impl (see $out/$label-$impl.ncu.log)"
  done
done

/usr/bin/env python3 - "$out" "$n" "${NCU_PRECISION:-fp32}" "${labels[@]}" <<'PY' | tee "$out/kokkos-vs-native.txt"
import csv, re, sys
out, n, precision, labels = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4:]

def row_of(path):
    try:
        rows = [r for r in csv.reader(open(path)) if r]
        header = next(i for i, r in enumerate(rows) if "Kernel Name" in r)
        return {k: v.replace(",", "") for k, v in zip(rows[header], rows[header + 2])}
    except (OSError, StopIteration, IndexError):
        return None

def num(row, key):
    try:
        return float(row[key])
    except (KeyError, ValueError):
        return float("nan")

stall = re.compile(r"smsp__average_warps_issue_stalled_(\w+)_per_issue_active\.ratio$")
print(f"one launch at N = {n} (1-D: N^2 cells), {precision}; per-output figures divide by the cells of a step")
print(f"{'shape':>16} {'impl':>6} {'time us':>9} {'regs':>5} {'local B':>9} {'occ %':>6} "
      f"{'DRAM B/out':>10} {'inst/out':>9} {'dram %':>7} {'sm %':>6}  top stalls (cycles/issue)")
for label in labels:
    for impl in ("cuda", "kokkos"):
        r = row_of(f"{out}/{label}-{impl}.ncu.csv")
        if r is None:
            print(f"{label:>16} {impl:>6}  (no profile)")
            continue
        cells = float(n) * n
        stalls = sorted(((num(r, k), m.group(1)) for k in r if (m := stall.match(k))),
                        reverse=True)[:4]
        local = num(r, "l1tex__t_bytes_pipe_lsu_mem_local_op_ld.sum") + \
            num(r, "l1tex__t_bytes_pipe_lsu_mem_local_op_st.sum")
        print(f"{label:>16} {impl:>6} {num(r, 'gpu__time_duration.sum') / 1e3:>9.1f} "
              f"{num(r, 'launch__registers_per_thread'):>5.0f} {local:>9.0f} "
              f"{num(r, 'sm__warps_active.avg.pct_of_peak_sustained_active'):>6.1f} "
              f"{(num(r, 'dram__bytes_read.sum') + num(r, 'dram__bytes_write.sum')) / cells:>10.2f} "
              f"{32 * num(r, 'smsp__inst_executed.sum') / cells:>9.2f} "
              f"{num(r, 'gpu__compute_memory_throughput.avg.pct_of_peak_sustained_elapsed'):>7.1f} "
              f"{num(r, 'sm__throughput.avg.pct_of_peak_sustained_elapsed'):>6.1f}  "
              + ", ".join(f"{name} {value:.1f}" for value, name in stalls))
PY
