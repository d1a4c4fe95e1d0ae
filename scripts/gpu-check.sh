#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# One-command GPU check, run on the GPU machine from the repository root:
#   bash scripts/gpu-check.sh [OUT_DIR]
# Builds Kokkos (CUDA + Serial, HOPPER90) from the carried source tarballs in .deps/ (no network):
# the default version (4.6.01 where .deps/kokkos-4.6.01.tar.gz was carried, else 3.4.01) and the
# other one beside it (docs/building.md says what to carry), builds the project against each
# (build-gpu and build-gpu-kokkos-<other>), then runs:
#   1. the full test suite, `gpu` label included (every variant x {kokkos, cuda} vs the reference);
#   2. compute-sanitizer memcheck, racecheck and synccheck on every native CUDA kernel at tail sizes;
#   3. the README run command for every variant with -impl cuda and -impl kokkos at N = 4096 and
#      16384 (1-D variants at N*N cells), in fp32 and fp64 (GPU_CHECK_PRECISIONS), each with its
#      in-process device-to-device copy reference;
#   4. -profile sectors for every shape, the stream shape sweep, the doublebuf chunk sweep;
#   5. where ncu exists, scripts/ncu-shared-memory.sh: shared loads, bank conflicts, registers,
#      occupancy and time per native 2-D kernel shape (docs/lesson004.md), and one ncu profile each
#      of stream and temporal (where the time goes);
#   6. the CPU suite as CI runs it, on this host's own distribution: a CPU-only build (Kokkos
#      OpenMP + Serial, -DSTENCIL_ENABLE_CUDA=OFF, in build-cpu) and its `cpu` label, so that the
#      suite stays green here as on Debian 12 (GPU_CHECK_CPU=0 skips it; GPU_CHECK_PHASE=cpu runs
#      it alone).
# Against the other Kokkos version (right after step 2; GPU_CHECK_OTHER_KOKKOS=0 skips it): the
# Kokkos-CUDA bit-for-bit cases, memcheck and racecheck over them at N = 33, and its Kokkos rows
# in step 3 (the kokkos_version column tells them apart).
# GPU_CHECK_PHASE splits the check into two device calls of under 10 minutes each on a warm
# machine (the build folders stay between calls): `tests` (steps 1-2 and the other version's
# suite), then `measure` (steps 3-5; the builds are then up to date); `all` (default) does both.
# `directive` runs only scripts/gpu-check-directive.sh (the packed directive models; the other
# phases but `tests` run it after step 5). `study` runs scripts/study.sh over every model on the
# GPU and on the host, then perf/study.py (GPU_CHECK_STUDY_PLATFORMS="gpu host" picks the
# platforms, GPU_CHECK_STUDY_GPU_S and GPU_CHECK_STUDY_HOST_S their budgets, default 240 s each,
# GPU_CHECK_STUDY_HOST_ITERS and GPU_CHECK_STUDY_HOST_SIZES the host's iterations and sizes,
# default 20 and "4096 16384"). `runs` is a quick look after a kernel change: the Kokkos-CUDA bit-for-bit cases, step 3's table,
# the plain stream shapes (the twin of Kokkos stream at N = 4096) and
# scripts/ncu-kokkos-vs-native.sh.
# GPU_CHECK_SHAPES="SHAPE ..." narrows step 3's table; GPU_CHECK_NCU_SHAPES="SHAPE ..." names the
# shapes of the `runs` phase's ncu comparison (default: every shared variant; NCU_PRECISION picks
# its element type).
# GPU_CHECK_CTEST_EXCLUDE=REGEX leaves matching tests out of step 1 (e.g. LargeGridGpu, which
# needs minutes and about 43 GB of host memory, when a device call is short);
# GPU_CHECK_CTEST_INCLUDE=REGEX keeps only the matching ones (e.g. temporal, after a change to
# one variant's kernels when the device time left is short).
# Writes summary.txt and one log per step into OUT_DIR (default: $OUT, else ./gpu-check-out);
# with GPU_CHECK_PACK=1 the logs end up in OUT_DIR/logs.tar.xz beside summary.txt
# (scripts/pack-out.sh), for a runner that returns only a few files.
set -uo pipefail
phase=${GPU_CHECK_PHASE:-all}
case $phase in all|tests|measure|runs|cpu|directive|study) ;; *) echo "gpu-check: GPU_CHECK_PHASE must be all, tests, measure, runs, cpu, directive or study, not '$phase'" >&2; exit 2 ;; esac

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${1:-${OUT:-$repo_root/gpu-check-out}}
logs=$out
mkdir -p "$logs"
summary=$out/summary.txt
: >"$summary"
[ "${GPU_CHECK_PACK:-0}" = 0 ] || trap 'bash "$repo_root/scripts/pack-out.sh" "$out"' EXIT
cd "$repo_root" || exit 1
export PATH=/usr/local/cuda/bin:$PATH

say() { echo "$*" | tee -a "$summary"; }
failures=0
step() {  # step NAME LOGFILE COMMAND...
  local name=$1 log=$2; shift 2
  local start=$SECONDS
  "$@" >"$logs/$log" 2>&1
  local rc=$?
  say "$(printf '%-28s rc=%-3s %4ss  (%s)' "$name" "$rc" "$((SECONDS - start))" "$log")"
  [ "$rc" -eq 0 ] || failures=$((failures + 1))
  return "$rc"
}

say "stencil_miniapp GPU check"
say "date    : $(date -u +%Y-%m-%dT%H:%M:%SZ)"
# A copy of the tree without .git is told its commit through STENCIL_GIT_COMMIT.
export STENCIL_GIT_COMMIT=${STENCIL_GIT_COMMIT:-$(git describe --always --dirty --abbrev=12 2>/dev/null || echo unknown)}
say "commit  : $STENCIL_GIT_COMMIT"
say "gpu     : $(nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>/dev/null)"
say "nvcc    : $(nvcc --version | tail -n 2 | head -n 1)"
say "command : GPU_CHECK_PHASE=$phase STENCIL_GIT_COMMIT=$STENCIL_GIT_COMMIT bash scripts/gpu-check.sh"
say ""

# The CPU suite of a CPU-only build, as CI runs it on Debian 12 (step 6). This host has no TBB:
# the Debian one packed by scripts/pack-tbb.sh (.carry/tbb/tbb.tar.xz), where carried, builds
# and runs -impl stdpar here (scripts/tbb-env.sh); the build's run path finds its libraries.
cpu_build=$repo_root/build-cpu
build_cpu() {
  local cpu_root=""
  # shellcheck source=tbb-env.sh
  source "$repo_root/scripts/tbb-env.sh"
  tbb_carried >"$logs/tbb.log" 2>&1 || echo "tbb: .carry/tbb/tbb.tar.xz would not unpack" >>"$logs/tbb.log"
  [ ! -s "$logs/tbb.log" ] || say "$(cat "$logs/tbb.log")"
  build_cpu_kokkos() { cpu_root=$(bash scripts/bootstrap-kokkos.sh --backend openmp | tail -n 1); }
  step "bootstrap Kokkos (OpenMP)" bootstrap-cpu.log build_cpu_kokkos || return
  step "build project (CPU only)" build-cpu.log env Kokkos_ROOT="$cpu_root" BUILD_DIR="$cpu_build" \
    bash scripts/build.sh -DSTENCIL_ENABLE_CUDA=OFF "${STENCIL_TBB_CMAKE_ARGS[@]}" ||
    { tail -n 40 "$logs/build-cpu.log"; return 1; }
  say "  host models: $("$cpu_build/stencil_miniapp" -list-models | awk '!seen[$2]++ { printf "%s ", $2 }')"
}
cpu_suite() {
  build_cpu || return
  step "ctest -L cpu (CPU-only build)" ctest-cpu-only.log \
    ctest --test-dir "$cpu_build" -L cpu -j "$(nproc)" --output-on-failure
  say "  $(python3 scripts/ctest-summary.py "$logs/ctest-cpu-only.log" 2>/dev/null ||
    grep -E 'tests passed|tests failed' "$logs/ctest-cpu-only.log" | tail -n 1)"
}
if [ "$phase" = cpu ]; then
  cpu_suite
  say ""
  say "steps failed: $failures"
  [ "$failures" -eq 0 ]
  exit
fi
# `study`: the study's rows of every model on this machine (scripts/study.sh), then
# perf/study.py over them. The host rows come first, from the CPU-only build and the packed
# directive models' -space host on every core at N = 4096 and 16384; the GPU rows after the GPU
# build, below.
if [ "$phase" = study ]; then
  study_platforms=${GPU_CHECK_STUDY_PLATFORMS:-gpu host}
  studies=()
  finish_study() {
    [ "${#studies[@]}" -eq 0 ] ||
      step "perf/study.py" study-py.log python3 perf/study.py --out "$out/p3" "${studies[@]}"
    say ""
    say "steps failed: $failures"
    [ "$failures" -eq 0 ]
    exit
  }
  # Every packed directive model after a binary: its -space host rows on the host, its -space
  # gpu rows on the GPU.
  with_packs() {
    local binaries=$1 pack
    for pack in .carry/directive/*.tar.xz; do
      [ -e "$pack" ] || continue
      binaries+="; bash .carry/directive/run-gpu.sh $(basename "$pack" .tar.xz) stencil_miniapp"
    done
    echo "$binaries"
  }
  if [[ " $study_platforms " == *" host "* ]] && build_cpu; then
    binaries=$(with_packs "$cpu_build/stencil_miniapp")
    say "study binaries (host): $binaries"
    step "study, host rows" study-host.log env STUDY_BINARIES="$binaries" \
      STUDY_DEVICE=cpu STUDY_SIZES="${GPU_CHECK_STUDY_HOST_SIZES:-4096 16384}" \
      STUDY_ITERS="${GPU_CHECK_STUDY_HOST_ITERS:-20}" STUDY_BUDGET_S="${GPU_CHECK_STUDY_HOST_S:-240}" \
      OMP_NUM_THREADS="$(nproc)" OMP_PROC_BIND=spread OMP_PLACES=cores \
      bash scripts/study.sh "$out/study-host"
    say "  $(tail -n 1 "$logs/study-host.log")"
    studies+=("cpu:host=$out/study-host/study.csv")
  fi
  [[ " $study_platforms " == *" gpu "* ]] || finish_study
fi
# `directive`: only the packed directive models (no Kokkos, no build on the GPU machine).
if [ "$phase" = directive ]; then
  bash scripts/gpu-check-directive.sh "$out" | tee -a "$summary"
  exit "${PIPESTATUS[0]}"
fi

kokkos_root=""
build_kokkos() { kokkos_root=$(bash scripts/bootstrap-kokkos.sh --backend cuda | tail -n 1); }
step "bootstrap Kokkos (CUDA)" bootstrap.log build_kokkos || { say "cannot continue"; exit 1; }
export BUILD_DIR=$repo_root/build-gpu
step "build project" build.log env Kokkos_ROOT="$kokkos_root" bash scripts/build.sh || {
  tail -n 40 "$logs/build.log"; say "cannot continue"; exit 1; }
app=$BUILD_DIR/stencil_miniapp
default_kokkos_version=$("$app" -list | sed -n '/^kokkos version:/{n;s/^ *//p}')
say "kokkos  : $default_kokkos_version (default), at $kokkos_root"

# The other Kokkos version beside the default one: its own cache entry and build.
other_app=""
if [ "${GPU_CHECK_OTHER_KOKKOS:-1}" != 0 ]; then
  case $default_kokkos_version in 4.6.01) other_version=3.4.01 ;; *) other_version=4.6.01 ;; esac
  other_root=""
  build_other_kokkos() {
    other_root=$(bash scripts/bootstrap-kokkos.sh --backend cuda --kokkos-version "$other_version" | tail -n 1)
  }
  other_build=$repo_root/build-gpu-kokkos-$other_version
  if step "bootstrap Kokkos $other_version (CUDA)" bootstrap-other.log build_other_kokkos &&
    step "build project (Kokkos $other_version)" build-other.log \
      env Kokkos_ROOT="$other_root" BUILD_DIR="$other_build" bash scripts/build.sh; then
    other_app=$other_build/stencil_miniapp
    say "kokkos  : $other_version (other), at $other_root"
  else
    say "  Kokkos $other_version: not built (see the logs); only $default_kokkos_version is checked"
  fi
fi

# `study`, GPU part: this build and every packed directive model.
if [ "$phase" = study ]; then
  if [[ " $study_platforms " == *" gpu "* ]]; then
    binaries=$(with_packs "$app")
    say "study binaries (gpu): $binaries"
    step "study, GPU rows" study-gpu.log env STUDY_BINARIES="$binaries" STUDY_DEVICE=gpu \
      STUDY_BUDGET_S="${GPU_CHECK_STUDY_GPU_S:-240}" bash scripts/study.sh "$out/study-gpu"
    say "  $(tail -n 1 "$logs/study-gpu.log")"
    studies+=("gpu:GPU=$out/study-gpu/study.csv")
  fi
  finish_study
fi
if [ "$phase" = runs ]; then
  step "Kokkos-CUDA bit-for-bit cases" kokkos-suite.log \
    "$BUILD_DIR/tests/stencil_gpu_tests" --gtest_filter='*kokkos_cuda*' --gtest_brief=1
  say "  $(grep -E '^\[  PASSED  \]|^\[  FAILED  \]' "$logs/kokkos-suite.log" | head -n 1)"
fi
if [ "$phase" = all ] || [ "$phase" = tests ]; then
# What CTest's test discovery parses is kept in the log in case discovery fails.
# The GPU label first (bit-for-bit suites, sector gates, ncu cross-check); the CPU label runs
# last, as the least informative here (CI runs it on every commit).
run_ctest() {
  echo "== stencil_gpu_tests --gtest_list_tests (head)"
  "$BUILD_DIR/tests/stencil_gpu_tests" --gtest_list_tests 2>&1 | head -n 5
  echo "== ctest -L gpu"
  ctest --test-dir "$BUILD_DIR" -L gpu -j 8 --output-on-failure \
    ${GPU_CHECK_CTEST_EXCLUDE:+-E "$GPU_CHECK_CTEST_EXCLUDE"} \
    ${GPU_CHECK_CTEST_INCLUDE:+-R "$GPU_CHECK_CTEST_INCLUDE"}
}
step "ctest -L gpu" ctest-gpu.log run_ctest
say "  $(grep -E 'tests passed|tests failed' "$logs/ctest-gpu.log" | tail -n 1)"
cp "$BUILD_DIR"/ncu-crosscheck/ncu-crosscheck.* "$out"/ 2>/dev/null

fi

# Every variant at its defaults, plus the other compile-time shapes (VARIANT:-option=value), as
# the variant table lists them (src/stencil/variants.hpp): "SHAPE DIMENSIONS ITERATIONS_PER_STEP".
shape_table=$("$app" -list-shapes)
shapes=$(awk '{ print $1 }' <<<"$shape_table" | tr '\n' ' ')
# GPU_CHECK_SHAPES narrows step 3's table to the named shapes (as -list-shapes prints them).
[ -z "${GPU_CHECK_SHAPES:-}" ] || shapes=$GPU_CHECK_SHAPES
dimensions_of() { awk -v s="$1" '$1 == s { print $2 }' <<<"$shape_table"; }
per_step_of() { awk -v s="$1" '$1 == s { print $3 }' <<<"$shape_table"; }
say "shapes  : $shapes"
if [ "$phase" = all ] || [ "$phase" = tests ]; then
# The GPU suite's native-CUDA cases at tail sizes N = 1, 33, 257 (every variant, 1 and 3
# iterations, several chunk counts, poisoned outputs), plus Kokkos-CUDA at N = 33, under each tool.
sanitize() {
  local errors=0
  local filter='*/cuda_*_n1:*/cuda_*_n33:*/cuda_*_n257:*/cuda_stream_n32:*/cuda_stream_n256:*/kokkos_cuda_*_n33'
  filter+=':*/cuda_*_n1_fp64:*/cuda_*_n33_fp64:*/cuda_*_n257_fp64:*/kokkos_cuda_*_n33_fp64'
  for tool in memcheck racecheck synccheck; do
    echo "== $tool"
    compute-sanitizer --tool "$tool" --error-exitcode 9 \
      "$BUILD_DIR/tests/stencil_gpu_tests" --gtest_filter="$filter" --gtest_brief=1 ||
      errors=$((errors + 1))
  done
  echo "tools with errors: $errors"
  [ "$errors" -eq 0 ]
}
step "compute-sanitizer x3 tools" sanitizer.log sanitize
say "  $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$logs/sanitizer.log" | tr '\n' ';')"
say "  $(grep -E '^\[  PASSED  \]' "$logs/sanitizer.log" | head -n 1) per tool"

# The other Kokkos version: the Kokkos-CUDA cases of the bit-for-bit suite, and memcheck and
# racecheck over them at N = 33 (its run-command rows are in step 3).
if [ -n "$other_app" ]; then
  other_kokkos_suite() {
    local tests=$other_build/tests/stencil_gpu_tests errors=0
    echo "== Kokkos $other_version: Kokkos-CUDA bit-for-bit cases"
    "$tests" --gtest_filter='*kokkos_cuda*' --gtest_brief=1 || return 1
    for tool in memcheck racecheck; do
      echo "== $tool"
      compute-sanitizer --tool "$tool" --error-exitcode 9 "$tests" \
        --gtest_filter='*/kokkos_cuda_*_n33' --gtest_brief=1 || errors=$((errors + 1))
    done
    echo "tools with errors: $errors"
    [ "$errors" -eq 0 ]
  }
  step "Kokkos $other_version GPU suite" other-kokkos.log other_kokkos_suite
  say "  $(grep -E '^\[  PASSED  \]|^\[  FAILED  \]' "$logs/other-kokkos.log" | head -n 1) (bit for bit)"
  say "  $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$logs/other-kokkos.log" | tr '\n' ';')"
fi
fi

if [ "$phase" != tests ]; then
# GPU_CHECK_PRECISIONS: the precisions of step 3 (default "fp32 fp64").
measure() {
  echo "impl,variant,n,cells,gcells_per_s,gb_per_s,copy_gb_per_s,ratio_to_copy,verification,kokkos_version,precision"
  local runs="cuda:$app kokkos:$app"
  [ -z "$other_app" ] || runs="$runs kokkos:$other_app"
  for precision in ${GPU_CHECK_PRECISIONS:-fp32 fp64}; do
  for run in $runs; do
    local impl=${run%%:*} binary=${run#*:}
    # The variants the model's registry row names; -list-shapes lists every variant.
    local has
    has=" $(bash "$repo_root/scripts/model-variants.sh" "$binary" "$impl")"
    for shape in $shapes; do
      local v=${shape%%:*} extra=()
      [[ $has == *" $v "* ]] || continue
      [[ $shape == *:* ]] && extra=("${shape#*:}")
      for n in 4096 16384; do
        local size=$n verify=()
        [ "$(dimensions_of "$shape")" -eq 1 ] && size=$((n * n))
        # New kernels are also verified at scale; the suites cover every kernel at tail sizes.
        [ "$n" -eq 4096 ] && case $v in stream|temporal) verify=(-verify) ;; esac
        local iters=100
        [ "$(per_step_of "$shape")" -gt 1 ] && iters=200  # a multiple of every fuse depth
        "$binary" -impl "$impl" -variant "$v" "${extra[@]}" -n "$size" -iters "$iters" \
          -precision "$precision" -csv "${verify[@]}" >run.csv || return 1
        /usr/bin/env python3 - "$impl" "$shape" "$n" "$size" run.csv <<'PY'
import csv, sys
impl, variant, n, size, path = sys.argv[1:]
row = list(csv.DictReader(open(path)))[-1]
print(",".join([impl, variant, n, size, row["gcells_per_s"], row["gb_per_s"],
                row["copy_gb_per_s"], row["ratio_to_copy"], row["verification"],
                row.get("model_version", row.get("kokkos_version", "")),
                row.get("precision", "fp32")]))
PY
      done
    done
  done
  done
  rm -f run.csv
}
step "run command, all variants" runs.csv measure
say ""
say "README run command per variant (100 iterations; 1-D at N*N cells; copy = cudaMemcpy/deep_copy"
say "of the same bytes in the same process; verified bit for bit at N = 4096):"
awk -F, '{ printf "%-7s %-22s %-6s %-10s %-12s %-12s %-14s %-14s %-44s %-9s %s\n", $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11 }' \
  "$logs/runs.csv" | tee -a "$summary"
say ""
if [ "$phase" = runs ]; then
  step "stream plain shapes" stream-shapes.log bash scripts/stream-shapes.sh "$BUILD_DIR" \
    "$logs/stream-shapes.csv" 2 5
  step "ncu Kokkos vs native" ncu-kokkos-vs-native.log bash scripts/ncu-kokkos-vs-native.sh \
    "$BUILD_DIR" "$out/ncu-kvn" ${GPU_CHECK_NCU_SHAPES:-}
  cat "$out/ncu-kvn/kokkos-vs-native.txt" 2>/dev/null | tee -a "$summary"
  say ""
  say "steps failed: $failures"
  [ "$failures" -eq 0 ]
  exit
fi
# Every model of this build whose grids live in CUDA memory (the registry, -list-models).
gpu_impls=$(bash "$repo_root/scripts/gpu-models.sh" "$app")
say "typical call, every GPU model ($gpu_impls):"
for impl in $gpu_impls; do
  "$app" -n 4096 -iters 100 -variant tiled -impl "$impl" >>"$summary" 2>&1 || failures=$((failures + 1))
done

# Every SASS metric the chip offers: confirms the names the shared-memory columns ask for.
step "list SASS metrics" sass-metrics.txt "$app" -profile sass-metrics
say "  $(grep -c shared "$logs/sass-metrics.txt") with 'shared' in the name (sass-metrics.txt)"

# The CUPTI report at the lessons' profile: 2-D N = 4096, 1-D 2^24 cells, 100 launches.
profile_all() {
  for impl in $gpu_impls; do
    for shape in $shapes; do
      local v=${shape%%:*} extra=() n=4096
      [[ $shape == *:* ]] && extra=("${shape#*:}")
      [ "$(dimensions_of "$shape")" -eq 1 ] && n=16777216
      local iters=$((100 * $(per_step_of "$shape")))  # 100 launches, whatever a launch fuses
      echo "== $impl $shape"
      "$app" -profile sectors -impl "$impl" -variant "$v" "${extra[@]}" -n "$n" -iters "$iters" -csv
    done
  done
}
step "profile sectors, all variants" profile.csv profile_all

# The stream kernel's compiled shapes (docs/stream-and-temporal.md): 2 and 5 plain, 6 the default
# (plain at N = 16384, clusters at N = 4096), 7 and 8 clusters everywhere, 9 streaming cache hints.
step "stream shapes" stream-shapes.log bash scripts/stream-shapes.sh "$BUILD_DIR" \
  "$logs/stream-shapes.csv" 2 5 6 7 8 9
say "$(cat "$logs/stream-shapes.csv" 2>/dev/null)"

# doublebuf and doublebuf_async against their chunk count (docs/lesson004.md): the run command and
# the sector count at N = 4096.
doublebuf_chunks() {
  echo "variant,chunks,ratio_to_copy,gcells_per_s,total_sectors"
  for v in doublebuf doublebuf_async; do
    for c in 1 2 4 16 64; do
      local run profile
      run=$("$app" -impl cuda -variant "$v" -chunks "$c" -n 4096 -iters 100 -csv --no-progress) || return 1
      profile=$("$app" -profile sectors -impl cuda -variant "$v" -chunks "$c" -n 4096 -iters 100 -csv --no-progress) || return 1
      /usr/bin/env python3 - "$v" "$c" "$run" "$profile" <<'PY'
import csv, io, sys
v, c, run, profile = sys.argv[1:]
r = list(csv.DictReader(io.StringIO(run)))[-1]
p = list(csv.DictReader(io.StringIO(profile)))[-1]
print(",".join([v, c, r["ratio_to_copy"], r["gcells_per_s"], p["total_sectors"]]))
PY
    done
  done
}
step "doublebuf chunk sweep" doublebuf-chunks.csv doublebuf_chunks
say "$(cat "$logs/doublebuf-chunks.csv")"

if command -v ncu >/dev/null 2>&1; then
  say ""
  step "ncu shared memory" ncu-shared-memory.log bash scripts/ncu-shared-memory.sh "$BUILD_DIR" "$out/ncu"
  cat "$out/ncu/shared-memory.txt" 2>/dev/null | tee -a "$summary"
  # Where the time goes in stream and temporal (docs/stream-and-temporal.md): one launch each.
  where_time_goes() {
    for args in "stream -n 16384 -iters 2" "stream -n 4096 -iters 2" "temporal -fuse 4 -n 16384 -iters 8"; do
      echo "== $args"
      # shellcheck disable=SC2086  # args holds several words
      ncu --section SpeedOfLight --section WarpStateStats --section Occupancy --section LaunchStats \
        --section MemoryWorkloadAnalysis --kernel-name "regex:(stream|temporal)_kernel" \
        --launch-skip 1 --launch-count 1 "$app" -impl cuda -variant $args --no-progress
    done
  }
  step "ncu stream and temporal" ncu-stream-temporal.txt where_time_goes
fi

# The directive models from their packed builds (.carry/directive, scripts/pack-model.sh).
directive_check() { bash scripts/gpu-check-directive.sh "$out"; }
step "directive models" directive.log directive_check
sed -n '/^directive/,$p' "$logs/directive.log" | tee -a "$summary"

fi  # phase != tests

# The CPU label last, as the least informative here (CI runs it on every commit);
# GPU_CHECK_CPU=0 skips it where the device time is short.
if [ "${GPU_CHECK_CPU:-1}" != 0 ] && [ "$phase" = all ]; then
  cpu_suite
fi

say ""
say "steps failed: $failures"
[ "$failures" -eq 0 ]
