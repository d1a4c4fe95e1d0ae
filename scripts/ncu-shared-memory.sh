#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Shared-memory loads, bank conflicts, registers, occupancy and time of every 2-D native CUDA
# kernel shape, counted once by Nsight Compute on the GPU machine (docs/lesson004.md):
#   bash scripts/ncu-shared-memory.sh [BUILD_DIR] [OUT_DIR]
# BUILD_DIR defaults to build-gpu (what scripts/gpu-check.sh builds), OUT_DIR to $OUT, else
# ./ncu-out. Each shape runs `stencil_miniapp -impl cuda -n $NCU_N -iters 1` (NCU_N defaults to
# 4096); ncu skips the warm-up launch and profiles the one step. Writes ncu's raw CSV per shape and
# shared-memory.txt: the counts per output cell (N^2 outputs per launch) next to the lesson's
# arithmetic.
set -euo pipefail

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$repo_root/build-gpu}
out=${2:-${OUT:-$repo_root/ncu-out}}
n=${NCU_N:-4096}
app=$build/stencil_miniapp
export PATH=/usr/local/cuda/bin:$PATH
mkdir -p "$out"

metrics=(
  launch__registers_per_thread
  launch__shared_mem_per_block_static
  launch__occupancy_limit_registers
  launch__occupancy_limit_shared_mem
  sm__maximum_warps_per_active_cycle_pct
  sm__warps_active.avg.pct_of_peak_sustained_active
  gpu__time_duration.sum
  smsp__sass_inst_executed_op_shared_ld.sum
  smsp__sass_inst_executed_op_shared_st.sum
  l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum
  l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum
  l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum
  l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum
  dram__bytes_read.sum
  dram__bytes_write.sum
)
metric_list=$(IFS=,; echo "${metrics[*]}")

# label  variant  extra miniapp arguments
shapes=(
  "naive naive"
  "tiled_pitch32 tiled -pitch 32"
  "tiled_pitch33 tiled -pitch 33"
  "tiled_pitch34 tiled -pitch 34"
  "strip strip"
  "rolling rolling"
  "regblock_p2 regblock -patch 2"
  "regblock_p4 regblock -patch 4"
  "doublebuf doublebuf"
  "doublebuf_async doublebuf_async"
)

for shape in "${shapes[@]}"; do
  read -r label variant extra <<<"$shape"
  # shellcheck disable=SC2086  # extra holds zero or two words
  ncu --csv --page raw --print-units base --metrics "$metric_list" \
    --kernel-name "regex:${variant}_kernel" --launch-skip 1 --launch-count 1 \
    "$app" -impl cuda -variant "$variant" $extra -n "$n" -iters 1 -no-progress \
    >"$out/$label.ncu.csv" 2>"$out/$label.ncu.log" ||
    { echo "ncu failed for $label (see $out/$label.ncu.log)"; exit 1; }
done

/usr/bin/env python3 - "$out" "$n" "${shapes[@]}" <<'PY' | tee "$out/shared-memory.txt"
import csv, sys
out, n, shapes = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
outputs = float(n) * n

def row_of(path):
    rows = [r for r in csv.reader(open(path)) if r]
    header = next(i for i, r in enumerate(rows) if "Kernel Name" in r)
    names, values = rows[header], rows[header + 2]  # the line after the header holds units
    return {k: v.replace(",", "") for k, v in zip(names, values)}

def ratio(a, b):
    return a / b if b else float("nan")

def num(row, key):
    try:
        return float(row[key])
    except (KeyError, ValueError):
        return float("nan")

print(f"one step at N = {n}. LDS/out, STS/out: thread-level shared loads/stores per output cell")
print("(32 x warp-level instructions / N^2); wf/LDS: wavefronts per warp-level load, 1 when")
print("conflict-free, k for a k-way conflict; conf/LDS: bank conflicts per warp-level load.")
print("doublebuf_async fills its tiles with cp.async (LDGSTS), which STS does not count.")
cols = ("shape", "regs", "smem B", "occ th%", "occ ach%", "time us", "LDS/out", "wf/LDS",
        "conf/LDS", "STS/out", "wf/STS", "conf/STS", "DRAM B/out")
print("  ".join(f"{c:>15}" if i == 0 else f"{c:>10}" for i, c in enumerate(cols)))
for shape in shapes:
    label = shape.split()[0]
    r = row_of(f"{out}/{label}.ncu.csv")
    lds = num(r, "smsp__sass_inst_executed_op_shared_ld.sum")
    sts = num(r, "smsp__sass_inst_executed_op_shared_st.sum")
    ld_wf = num(r, "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum")
    st_wf = num(r, "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum")
    values = (
        num(r, "launch__registers_per_thread"),
        num(r, "launch__shared_mem_per_block_static"),
        num(r, "sm__maximum_warps_per_active_cycle_pct"),
        num(r, "sm__warps_active.avg.pct_of_peak_sustained_active"),
        num(r, "gpu__time_duration.sum") / 1e3,  # ns -> us
        32 * lds / outputs,
        ratio(ld_wf, lds),
        ratio(num(r, "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"), lds),
        32 * sts / outputs,
        ratio(st_wf, sts),
        ratio(num(r, "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum"), sts),
        (num(r, "dram__bytes_read.sum") + num(r, "dram__bytes_write.sum")) / outputs,
    )
    print(f"{label:>15}  " + "  ".join(f"{v:>10.3f}" for v in values))
PY
