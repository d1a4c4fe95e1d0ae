#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# One-command MPI check on the GPU machine, from the repository root, after scripts/gpu-check.sh
# has built build-gpu (or with BUILD_DIR pointing at another CUDA build):
#   bash scripts/mpi-gpu-check.sh [OUT_DIR]
# With one GPU: ranks share it.
#   1. correctness: every variant (default shapes) x {cuda, kokkos} on 2 and 4 ranks, -verify
#      (bit for bit with the reference loop), N = 1000 (1-D: 1000*1000 cells); and each fused
#      variant at each model's deepest -fuse, fp32 and fp64, with -iters it does not divide;
#   2. -halo nccl must be refused with one line on 2 ranks sharing the GPU, and run on 1;
#   3. N = 16384, 100 iterations: naive, stream, temporal x {cuda, kokkos} on 1, 2 and 4 ranks,
#      overlap on and off, as CSV (the halo share and the cost model's prediction per exchange).
# With two or more GPUs (e.g. an nvidia-h200-x2), one rank per GPU, NCCL_NVLS_ENABLE=0 on every
# rank (NVLink multicast off), additionally:
#   4. -verify at N = 4096 with -halo mpi and -halo nccl; a saved state compared with stencil_check;
#   5. weak scaling (N = 16384 on one GPU, 23170 on two) and strong scaling (N = 32768 on one and
#      two) with each halo path, the best single-step variant and temporal.
# Writes summary.txt, runs.csv and one log per job into OUT_DIR (default: $OUT, else ./mpi-check-out).
set -uo pipefail
repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${1:-${OUT:-$repo_root/mpi-check-out}}
mkdir -p "$out"
summary=$out/summary.txt
: >"$summary"
cd "$repo_root"
app=${BUILD_DIR:-$repo_root/build-gpu}/stencil_miniapp
check_app=${BUILD_DIR:-$repo_root/build-gpu}/stencil_check
[ -x "$app" ] || { echo "mpi-gpu-check: no $app; run scripts/gpu-check.sh first (or set BUILD_DIR)" >&2; exit 2; }
# Every model of this build whose grids live in CUDA memory (the registry, -list-models).
gpu_impls=$(bash "$repo_root/scripts/gpu-models.sh" "$app")
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 NCCL_NVLS_ENABLE=0
export OMP_NUM_THREADS=1 OMP_PROC_BIND=false
gpus=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | wc -l)
mpi=(mpirun --oversubscribe -x NCCL_NVLS_ENABLE -x OMP_NUM_THREADS -x OMP_PROC_BIND)

say() { echo "$*" | tee -a "$summary"; }
failures=0
say "stencil_miniapp MPI GPU check"
say "date    : $(date -u +%Y-%m-%dT%H:%M:%SZ)"
say "commit  : ${STENCIL_GIT_COMMIT:-$(git describe --always --dirty --abbrev=12 2>/dev/null || echo unknown)}"
say "gpus    : $gpus x $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -n 1)"
say "mpi     : $(mpirun --version 2>&1 | head -n 1)"
say "command : bash scripts/mpi-gpu-check.sh"
say ""

# job NAME NP ARGS...: one run under mpirun, its output in NAME.log; returns its exit status.
job() {
  local name=$1 np=$2; shift 2
  "${mpi[@]}" -np "$np" "$app" -no-progress "$@" </dev/null >"$out/$name.log" 2>&1
}

# 1. Correctness with ranks sharing the GPU(s).
variants=$("$app" -list-shapes | awk '$1 !~ /:/ { print $1 " " $2 }')
passed=0 failed=0
while read -r variant dims; do
  n=1000
  [ "$dims" -eq 1 ] && n=1000000
  for impl in $gpu_impls; do
    [[ " $(bash "$repo_root/scripts/model-variants.sh" "$app" "$impl") " == *" $variant "* ]] ||
      continue
    for np in 2 4; do
      name=verify-$impl-$variant-np$np
      if job "$name" "$np" -impl "$impl" -variant "$variant" -n "$n" -iters 8 -verify &&
        grep -q 'PASSED' "$out/$name.log"; then
        passed=$((passed + 1))
      else
        failed=$((failed + 1)); say "  FAILED: $name (see $name.log)"
      fi
    done
  done
done <<<"$variants"
say "1. -verify on 2 and 4 ranks (cuda and kokkos, every variant): $passed passed, $failed failed"
failures=$((failures + failed))
# Each fused variant (-list-shapes' rows "VARIANT:-fuse=K 2 K") at each model's deepest pass, in
# both precisions, with -iters that the depth does not divide (passes of the deepest depth, then
# shallower ones), so the ghost layers are as deep as the deepest pass.
passed=0 failed=0
for impl in $gpu_impls; do
  shapes=$("$app" -impl "$impl" -list-shapes)
  has=" $(bash "$repo_root/scripts/model-variants.sh" "$app" "$impl")"
  for variant in $(awk -F '[: ]' '$2 ~ /^-fuse=/ && !seen[$1]++ { print $1 }' <<<"$shapes"); do
    [[ $has == *" $variant "* ]] || continue
    deepest=$(awk -v v="$variant" '($1 == v || index($1, v ":") == 1) && $NF > d { d = $NF }
      END { if (d) print d }' <<<"$shapes")
    for precision in fp32 fp64; do
      for np in 2 4; do
        name=verify-$impl-$variant-fuse$deepest-$precision-np$np
        if job "$name" "$np" -impl "$impl" -variant "$variant" -fuse "$deepest" \
          -precision "$precision" -n 1000 -iters $((2 * deepest + 5)) -verify &&
          grep -q 'PASSED' "$out/$name.log"; then
          passed=$((passed + 1))
        else
          failed=$((failed + 1)); say "  FAILED: $name (see $name.log)"
        fi
      done
    done
  done
done
say "   fused variants at each model's deepest -fuse, fp32 and fp64, 2 and 4 ranks: $passed passed, $failed failed"
failures=$((failures + failed))

# 2. -halo nccl where ranks share a GPU: one clear line and exit 2; one rank runs.
if [ "$gpus" -lt 2 ]; then
  job nccl-shared-gpu 2 -impl cuda -variant naive -n 1000 -iters 4 -halo nccl
  rc=$?
  say "2. -halo nccl, 2 ranks on one GPU: exit $rc: $(grep -m1 'error:' "$out/nccl-shared-gpu.log")"
  [ "$rc" -eq 2 ] || failures=$((failures + 1))
fi
job nccl-one-rank 1 -impl cuda -variant naive -n 1000 -iters 4 -halo nccl -verify
rc=$?
say "   -halo nccl, 1 rank: exit $rc, $(grep -m1 'verification' "$out/nccl-one-rank.log" | sed 's/^ *//')"
[ "$rc" -eq 0 ] || failures=$((failures + 1))

# 3./5. Rates: one CSV row per run.
header_written=0
measure() {  # measure LABEL NP ARGS...
  local label=$1 np=$2; shift 2
  if ! job "rate-$label" "$np" -csv "$@"; then
    failures=$((failures + 1)); say "  FAILED: rate-$label"; return
  fi
  if [ "$header_written" -eq 0 ]; then
    echo "label,np,$(head -n 1 "$out/rate-$label.log")" >"$out/runs.csv"; header_written=1
  fi
  # Under mpirun every run, one rank included, prints the same distributed columns.
  echo "$label,$np,$(tail -n 1 "$out/rate-$label.log")" >>"$out/runs.csv"
}
for impl in $gpu_impls; do
  for variant in naive stream temporal; do
    iters=100
    [ "$variant" = temporal ] && iters=200
    for np in 1 2 4; do
      for overlap in on off; do
        [ "$np" -eq 1 ] && [ "$overlap" = off ] && continue
        measure "$impl-$variant-n16384-np$np-overlap-$overlap" "$np" -impl "$impl" \
          -variant "$variant" -n 16384 -iters "$iters" -overlap "$overlap"
      done
    done
  done
done

if [ "$gpus" -ge 2 ]; then
  for halo in mpi nccl; do
    for impl in $gpu_impls; do
      name=verify-2gpu-$impl-$halo
      job "$name" 2 -impl "$impl" -variant stream -n 4096 -iters 20 -halo "$halo" -verify &&
        grep -q PASSED "$out/$name.log" || { failures=$((failures + 1)); say "  FAILED: $name"; }
    done
  done
  job save-2gpu 2 -impl cuda -variant naive -n 4096 -iters 20 -output "$out/two.h5" &&
    "$app" -impl cuda -variant naive -n 4096 -iters 20 -output "$out/one.h5" -no-progress >"$out/save-1gpu.log" 2>&1 &&
    "$check_app" "$out/two.h5" "$out/one.h5" >"$out/check-2gpu.log" 2>&1
  say "4. two GPUs: saved state vs one GPU (stencil_check): exit $? ($(tail -n 1 "$out/check-2gpu.log"))"
  for variant in stream temporal; do
    iters=100
    [ "$variant" = temporal ] && iters=200
    for impl in $gpu_impls; do
      measure "weak-$impl-$variant-np1" 1 -impl "$impl" -variant "$variant" -n 16384 -iters "$iters"
      measure "strong-$impl-$variant-np1" 1 -impl "$impl" -variant "$variant" -n 32768 -iters "$iters"
      for halo in mpi nccl; do
        measure "weak-$impl-$variant-np2-$halo" 2 -impl "$impl" -variant "$variant" -n 23170 -iters "$iters" -halo "$halo"
        measure "strong-$impl-$variant-np2-$halo" 2 -impl "$impl" -variant "$variant" -n 32768 -iters "$iters" -halo "$halo"
      done
    done
  done
fi

say ""
say "rates (runs.csv): label, ranks, Gcell/s, halo share, halo time per step in the loop, the cost"
say "model's prediction of one exchange and that exchange measured alone (no step between)"
python3 - "$out/runs.csv" <<'PY' | tee -a "$summary"
import csv, sys
for row in csv.DictReader(open(sys.argv[1])):
    model = float(row.get("model_seconds") or 0) * 1e6
    alone = float(row.get("exchange_alone_seconds") or 0) * 1e6
    halo = float(row.get("halo_seconds_per_step") or 0) * 1e6
    print(f'{row["label"]:<42} np={row["np"]:<2} {float(row["gcells_per_s"]):9.1f} Gcell/s  '
          f'halo {float(row.get("halo_share") or 0) * 100:5.1f} %  {halo:8.1f} us/step  '
          f'model {model:8.1f} us  alone {alone:8.1f} us')
PY
say ""
say "steps failed: $failures"
[ "$failures" -eq 0 ]
