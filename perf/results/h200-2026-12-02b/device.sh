#!/usr/bin/env bash
# Session driver on the GPU machine: bash scratch/device.sh JOB... (runs each job that fits the
# deadline; builds are reused on a warm machine). Logs under $OUT/<job>/ and $OUT/device.log.
set -u
out=${OUT:-/tmp/out}
mkdir -p "$out"
export PATH=/usr/local/cuda/bin:$PATH
cd "$(dirname "$0")/.."
root=$PWD
export STENCIL_GIT_COMMIT=${COMMIT:?set COMMIT}
deadline=${DEADLINE_S:-570}
exec > >(tee -a "$out/device.log") 2>&1
t0=$SECONDS
elapsed() { echo $((SECONDS - t0)); }
echo "== $(date -u +%FT%TZ) commit $STENCIL_GIT_COMMIT; $(nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader); warm: $([ -x build-gpu/stencil_miniapp ] && echo yes || echo no)"

kroot=""
ensure_kokkos() {
  [ -n "$kroot" ] || kroot=$(bash scripts/bootstrap-kokkos.sh --backend cuda 2>"$out/bootstrap.err" | tail -n 1)
}
build_main() {
  ensure_kokkos
  Kokkos_ROOT=$kroot BUILD_DIR=$root/build-gpu bash scripts/build.sh >"$out/build-main.txt" 2>&1 ||
    { tail -n 30 "$out/build-main.txt"; return 1; }
}
build_before() {
  ensure_kokkos
  Kokkos_ROOT=$kroot BUILD_DIR=$root/.carry/before/build-gpu bash .carry/before/scripts/build.sh \
    -DSTENCIL_BUILD_TESTS=OFF -DSTENCIL_BUILD_BENCHMARKS=OFF >"$out/build-before.txt" 2>&1 ||
    { tail -n 30 "$out/build-before.txt"; return 1; }
}
builds() {  # main and before side by side
  ensure_kokkos
  build_before & local before=$!
  build_main; local main=$?
  wait $before; local rc=$?
  return $((main + rc))
}
job_before_after() {
  [ -x .carry/before/build-gpu/stencil_miniapp ] || build_before || return 1
  bash scripts/gpu-before-after.sh .carry/before/build-gpu/stencil_miniapp build-gpu/stencil_miniapp \
    "$out/before-after.csv" "${ROUNDS:-2}" >"$out/before-after.txt" 2>&1
  local rc=$?
  cat "$out/before-after.txt"
  return $rc
}
job_tests() {
  GPU_CHECK_PHASE=tests GPU_CHECK_OTHER_KOKKOS=0 GPU_CHECK_CPU=0 GPU_CHECK_CTEST_EXCLUDE=LargeGridGpu \
    bash scripts/gpu-check.sh "$out/tests" >/dev/null 2>&1
  local rc=$?
  cat "$out/tests/summary.txt"
  grep -E "\(Failed\)|\*\*\*Failed|Timeout|Not Run" "$out/tests/ctest-gpu.log" | head -20
  rm -f "$out/tests/build.log.gz"; gzip -f "$out/tests/build.log" 2>/dev/null
  return $rc
}
job_directive() {
  GPU_CHECK_PHASE=directive bash scripts/gpu-check.sh "$out/directive" >/dev/null 2>&1
  local rc=$?
  cat "$out/directive/summary.txt"
  return $rc
}
job_large() {
  LARGE_GRID_SET=${LARGE_SET:-targets} LARGE_GRID_ATTACH_S=${ATTACH_S:-45} LARGE_GRID_LIMIT_S=${LIMIT_S:-150} \
    bash scripts/gpu-large-grid.sh build-gpu/stencil_miniapp "$out/large" >/dev/null 2>&1
  local rc=$?
  cat "$out/large/runs.txt"
  return $rc
}
job_largegridgpu() {
  ctest --test-dir build-gpu -R LargeGridGpu --output-on-failure >"$out/ctest-largegridgpu.log" 2>&1
  local rc=$?
  tail -n 15 "$out/ctest-largegridgpu.log"
  return $rc
}
job_study() {
  STUDY_BUDGET_S=${STUDY_BUDGET_S:-240} STUDY_ROW_TIMEOUT_S=60 \
    STUDY_BINARIES="build-gpu/stencil_miniapp; bash .carry/directive/run-gpu.sh openacc stencil_miniapp; bash .carry/directive/run-gpu.sh omptarget stencil_miniapp" \
    bash scripts/study.sh "$out/study-h200"
}
job_ncu() {
  app=build-gpu/stencil_miniapp
  mkdir -p "$out/ncu"
  for args in "temporal -fuse 4 -n 16384 -iters 8" "temporal -fuse 8 -n 16384 -iters 16" "stream -n 16384 -iters 2"; do
    name=$(echo "$args" | tr ' ' '_' | tr -d -- '-')
    timeout 120 ncu --section SpeedOfLight --section ComputeWorkloadAnalysis --section MemoryWorkloadAnalysis \
      --section WarpStateStats --section InstructionStats --section Occupancy --section LaunchStats \
      --section SchedulerStats --kernel-name "regex:(stream|temporal)_kernel" --launch-skip 1 --launch-count 1 \
      $app -impl cuda -variant $args --no-progress >"$out/ncu/$name.txt" 2>&1
    echo "ncu $args: rc=$?"
  done
}
job_cpu() {
  GPU_CHECK_PHASE=cpu bash scripts/gpu-check.sh "$out/cpu" >/dev/null 2>&1
  local rc=$?
  cat "$out/cpu/summary.txt"
  grep -E "\(Failed\)|\*\*\*Failed|Timeout|Not Run" "$out/cpu/ctest-cpu-only.log" | head -20
  rm -f "$out/cpu/build-cpu.log"
  return $rc
}
job_cpu_study() {
  [ -x build-cpu/stencil_miniapp ] || { echo "no build-cpu"; return 1; }
  STUDY_DEVICE=cpu STUDY_BUDGET_S=${CPU_STUDY_BUDGET_S:-120} STUDY_ROW_TIMEOUT_S=60 \
    STUDY_BINARIES="build-cpu/stencil_miniapp; bash .carry/directive/run-gpu.sh openacc stencil_miniapp; bash .carry/directive/run-gpu.sh omptarget stencil_miniapp" \
    bash scripts/study.sh "$out/study-cpu"
}

job_directive_diag() {
  {
    ldconfig -p | grep -i "libcuda\.so" ; echo "LD_LIBRARY_PATH=$LD_LIBRARY_PATH"
    for m in omptarget openacc; do
      echo "== $m"
      bash .carry/directive/run-gpu.sh $m sh -c 'ls -la "$STENCIL_DIRECTIVE_ROOT/lib/libcuda.so"; LIBOMPTARGET_INFO=1 stencil_miniapp -list-models' 2>&1 | head -30
    done
  } >"$out/directive-diag.txt" 2>&1
  cat "$out/directive-diag.txt" | head -40
}
job_crosscheck() {
  ctest --test-dir build-gpu -R ncu_crosscheck --output-on-failure >"$out/ncu-crosscheck.log" 2>&1
  local rc=$?
  cp build-gpu/ncu-crosscheck/ncu-crosscheck.* "$out"/ 2>/dev/null
  tail -n 25 "$out/ncu-crosscheck.log"
  return $rc
}
job_chunks() {  # stream's rate against its blocks in flight (auto: 24 chunks x 16 column blocks)
  for c in auto 22 20 24 26; do
    extra=(); [ "$c" = auto ] || extra=(-chunks "$c")
    build-gpu/stencil_miniapp -impl cuda -variant stream -n 16384 -iters 100 "${extra[@]}" -csv --no-progress |
      python3 -c 'import csv,sys; r=list(csv.DictReader(sys.stdin))[-1]; print(sys.argv[1], r["chunks"], r["gcells_per_s"], r["ratio_to_copy"], r["ratio_q1"], r["ratio_q3"])' "chunks $c:"
  done | tee "$out/stream-chunks.txt"
}
job_final() {
  build_main & local build=$!
  job_directive_diag
  job_directive
  wait $build || { echo "main build failed"; return 1; }
  GPU_CHECK_PHASE=cpu bash scripts/gpu-check.sh "$out/cpu" >/dev/null 2>&1 & local cpu=$!
  echo "== largegridgpu at $(elapsed) s"; job_largegridgpu
  echo "== crosscheck at $(elapsed) s"; job_crosscheck
  echo "== chunks at $(elapsed) s"; job_chunks
  local left=$((deadline - $(elapsed) - 25))
  echo "== study at $(elapsed) s (budget $left s)"
  [ "$left" -gt 30 ] && STUDY_BUDGET_S=$left job_study
  echo "== waiting for the CPU suite at $(elapsed) s"
  wait $cpu; echo "cpu phase rc=$?"
  cat "$out/cpu/summary.txt"
  grep -E "\(Failed\)|\*\*\*Failed|Timeout|Not Run" "$out/cpu/ctest-cpu-only.log" | head -20
  rm -f "$out/cpu/build-cpu.log"
}

# Estimated seconds per job: a job starts only when it fits before the deadline.
declare -A estimate=([builds]=150 [build_main]=100 [before_after]=330 [tests]=230 [directive]=150
  [large]=150 [largegridgpu]=120 [study]=250 [ncu]=90 [cpu]=200 [cpu_study]=130 [final]=400)
for job in "$@"; do
  need=${estimate[$job]:-60}
  if [ $(( $(elapsed) + need )) -gt "$deadline" ]; then
    echo "== $job: skipped at $(elapsed) s (needs about $need s; deadline $deadline s)"
    continue
  fi
  echo "== $job (start at $(elapsed) s)"
  s=$SECONDS
  case $job in
    builds | build_main) "$job" ;;
    *) [ -x build-gpu/stencil_miniapp ] || build_main; "job_$job" ;;
  esac
  echo "== $job: rc=$? in $((SECONDS - s)) s"
done
echo "== total $(elapsed) s"
# Few files come back: everything but the log in one archive.
tar -czf /tmp/results.tgz -C "$out" --exclude=device.log . && find "$out" -mindepth 1 ! -name device.log -delete && mv /tmp/results.tgz "$out/"
