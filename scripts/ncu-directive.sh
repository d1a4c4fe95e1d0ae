#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# ncu of the directive models' kernels on the GPU machine, from the packed builds
# (scripts/pack-model.sh, carried in .carry/directive/), to say what bounds a kernel:
#   bash scripts/ncu-directive.sh OUT_DIR [VARIANT...]      (default variants: naive tiled)
# For every packed build and variant: one launch at N = 16384 (-iters 6, the third launch), with
# the launch shape, registers, theoretical and achieved occupancy, instructions, global sectors,
# DRAM bytes and shared-memory wavefronts. The kernel is found by its mangled name, the function
# that holds the loop nest written length-first as the mangled name spells it ("10naive_step",
# "12tiled_blocks"): GCC's outlined OpenACC functions have `..._omp_fn$N` as their demangled base
# name, so a plain name filter misses them. Writes OUT_DIR/<build>-<variant>.txt; exits 1 when a
# profile found no kernel.
set -uo pipefail

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${1:?usage: ncu-directive.sh OUT_DIR [VARIANT...]}
shift
variants=("$@")
[ ${#variants[@]} -gt 0 ] || variants=(naive tiled)
carry=$repo_root/.carry/directive
export PATH=/usr/local/cuda/bin:$PATH
command -v ncu >/dev/null 2>&1 || { echo "ncu-directive: no ncu on this machine" >&2; exit 1; }
names=$(cd "$carry" 2>/dev/null && ls ./*.tar.xz 2>/dev/null | sed 's|^\./||; s|\.tar\.xz$||')
[ -n "$names" ] || { echo "ncu-directive: nothing packed in .carry/directive" >&2; exit 1; }
mkdir -p "$out"

metrics=smsp__inst_executed.sum,smsp__thread_inst_executed.sum
metrics+=,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum
metrics+=,dram__bytes_read.sum,dram__bytes_write.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum
failures=0
for name in $names; do
  model=${name%-gcc}
  for variant in "${variants[@]}"; do
    step=${variant}_step blocks=${variant}_blocks
    pattern="${#step}${step}|${#blocks}${blocks}"
    report=$out/$name-$variant.txt
    timeout 150 bash "$carry/run-gpu.sh" "$name" ncu --section LaunchStats --section Occupancy \
      --section SpeedOfLight --section InstructionStats --section MemoryWorkloadAnalysis \
      --metrics "$metrics" --kernel-name-base mangled --kernel-name "regex:$pattern" \
      --launch-skip 2 --launch-count 1 stencil_miniapp -impl "$model" -space gpu \
      -variant "$variant" -n 16384 -iters 6 -no-progress >"$report" 2>&1
    rc=$?
    profiles=$(grep -c 'Registers Per Thread' "$report")
    echo "ncu-directive: $name $variant rc=$rc, $profiles kernel profiled ($report)"
    [ "$rc" -eq 0 ] && [ "$profiles" -ge 1 ] || failures=$((failures + 1))
  done
done
[ "$failures" -eq 0 ]
