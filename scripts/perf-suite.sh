#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The whole performance report in one command: build, run stencil_bench, turn its JSON into
# tables and plots (perf/report.py), and stamp the results folder with date, machine, driver,
# commit and the exact command.
#
#   bash scripts/perf-suite.sh                 # full sizes: the published results
#   bash scripts/perf-suite.sh --reduced       # N = 1024 ... 4096: CI, or a quick look
#
# Options:
#   --out DIR          results folder (default: perf/results/<gpu-or-cpu>-<date>)
#   --reduced          the reduced size set
#   --precision P      fp32, fp64 or all (default all): the precisions stencil_bench runs; the
#                      report has its tables and plots per precision
#   --build-dir DIR    build folder (default: build, or $BUILD_DIR)
#   --skip-build       use the existing build as it is
#   --min-time SECONDS Google Benchmark's minimum time per benchmark (default: its own, 0.5)
#   --sectors CSV      CUPTI sectors per cell update (variant,implementation,
#                      sectors_per_cell_update[,precision]; scripts/sectors-csv.py writes it)
#   --include JSON     another stencil_bench JSON for the report (repeatable), e.g. a CPU run
#                      for the portability table. Default: on a machine whose run has no Kokkos
#                      OpenMP rows, the newest committed perf/results/cpu-*/benchmark.json.
#   -- ARGS            passed to stencil_bench (e.g. -- --benchmark_filter=n:4096)
set -euo pipefail

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
invocation="bash scripts/perf-suite.sh$(printf ' %q' "$@")"

out=""
reduced=0
precision=all
build_dir=${BUILD_DIR:-$repo_root/build}
skip_build=0
min_time=""
sectors=""
includes=()
bench_args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --out) out=$2; shift 2 ;;
    --reduced) reduced=1; shift ;;
    --precision) precision=$2; shift 2 ;;
    --build-dir) build_dir=$2; shift 2 ;;
    --skip-build) skip_build=1; shift ;;
    --min-time) min_time=$2; shift 2 ;;
    --sectors) sectors=$2; shift 2 ;;
    --include) includes+=("$2"); shift 2 ;;
    --) shift; bench_args=("$@"); break ;;
    *) echo "perf-suite: unknown option '$1' (see the header of $0)" >&2; exit 2 ;;
  esac
done
case $precision in
  fp32 | fp64 | all) ;;
  *) echo "perf-suite: --precision is fp32, fp64 or all (not '$precision')" >&2; exit 2 ;;
esac

# The GPU, if this machine has one nvidia-smi can see: "NVIDIA H200, 580.82.07".
gpu_line=""
if command -v nvidia-smi >/dev/null 2>&1; then
  gpu_line=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null |
             head -n 1 || true)
fi
run_date=$(date -u +%F)
if [ -z "$out" ]; then
  if [ -n "$gpu_line" ]; then
    tag=$(echo "${gpu_line%%,*}" | tr 'A-Z ' 'a-z-' | tr -cd 'a-z0-9-')
  else
    tag=cpu
  fi
  out=$repo_root/perf/results/$tag-$run_date
fi
mkdir -p "$out"
out=$(cd "$out" && pwd)

if [ "$skip_build" -eq 0 ]; then
  BUILD_DIR=$build_dir bash "$repo_root/scripts/build.sh"
fi
bench=$build_dir/stencil_bench
[ -x "$bench" ] || { echo "perf-suite: $bench not found (build first, or drop --skip-build)" >&2; exit 1; }

# Threads pinned one per core unless the caller decided otherwise (Kokkos warns when unset).
export OMP_PROC_BIND=${OMP_PROC_BIND:-spread} OMP_PLACES=${OMP_PLACES:-threads}

json=$out/benchmark.json
cmd=("$bench")
[ "$reduced" -eq 1 ] && cmd+=(--reduced)
cmd+=("--precision=$precision")
# A plain number of seconds: Google Benchmark 1.7 accepts nothing else, 1.8 accepts it too.
[ -n "$min_time" ] && cmd+=("--benchmark_min_time=$min_time")
cmd+=("--benchmark_out=$json" --benchmark_out_format=json --benchmark_counters_tabular=true)
cmd+=("${bench_args[@]+"${bench_args[@]}"}")
echo "perf-suite: ${cmd[*]}" >&2
start=$(date +%s)
"${cmd[@]}" 2>&1 | tee "$out/console.txt"
seconds=$(( $(date +%s) - start ))

# The portability table compares platforms: bring in a CPU run where this one has none.
if [ ${#includes[@]} -eq 0 ] && ! grep -q '"name": "stencil/[a-z0-9]*/kokkos_openmp/' "$json"; then
  newest_cpu=$(ls -d "$repo_root"/perf/results/cpu-*/benchmark.json 2>/dev/null | sort | tail -n 1 || true)
  [ -n "$newest_cpu" ] && includes+=("$newest_cpu")
fi

report_args=(--out "$out")
if [ -n "$sectors" ]; then
  cp "$sectors" "$out/sectors.csv"
  report_args+=(--sectors "$out/sectors.csv")
fi

# Debian's matplotlib lives with /usr/bin/python3; take the first interpreter that has it.
python=""
for candidate in ${PYTHON:-} /usr/bin/python3 python3; do
  if command -v "$candidate" >/dev/null 2>&1 && "$candidate" -c 'import matplotlib' 2>/dev/null; then
    python=$candidate
    break
  fi
done
if [ -z "$python" ]; then
  python=$(command -v python3 || echo /usr/bin/python3)
  echo "perf-suite: no Python with matplotlib found; the report gets tables only" >&2
fi
"$python" "$repo_root/perf/report.py" "${report_args[@]}" "$json" "${includes[@]+"${includes[@]}"}"
grep -q '^## Kernels' "$out/report.md" || { echo "perf-suite: report.md has no kernel table" >&2; exit 1; }
# Each precision the benchmark ran has its own table (the report reads the names' precision).
for ran in fp32 fp64; do
  if grep -q "\"name\": \"[^\"]*/$ran/" "$json" && ! grep -q "^## Kernels, $ran" "$out/report.md"; then
    echo "perf-suite: report.md has no $ran kernel table, though the benchmark ran $ran" >&2
    exit 1
  fi
done

cpu_model=$(grep -m1 '^model name' /proc/cpuinfo 2>/dev/null | sed 's/^[^:]*: *//' || true)
commit=$(git -C "$repo_root" describe --always --dirty --abbrev=12 2>/dev/null || echo unknown)
built_from=$("$python" -c 'import json, sys; print(json.load(open(sys.argv[1]))["context"].get("stencil_commit", "unknown"))' "$json")
{
  echo "# Performance results: ${gpu_line%%,*}${gpu_line:+ / }${cpu_model:-unknown CPU}"
  echo
  echo "- date (UTC): $(date -u '+%F %T')"
  echo "- host: $(hostname), ${cpu_model:-unknown CPU}, $(nproc) cores"
  if [ -n "$gpu_line" ]; then
    echo "- GPU: ${gpu_line%%,*}"
    echo "- driver: ${gpu_line#*, }"
  else
    echo "- GPU: none"
  fi
  echo "- commit: $commit (binary built from $built_from)"
  echo "- size set: $([ "$reduced" -eq 1 ] && echo reduced || echo full)"
  echo "- precision: $precision"
  echo "- environment: OMP_PROC_BIND=$OMP_PROC_BIND OMP_PLACES=$OMP_PLACES${Kokkos_ROOT:+ Kokkos_ROOT=$Kokkos_ROOT}"
  echo "- benchmark wall time: ${seconds} s"
  echo "- command (from the repository root): \`$invocation\`"
  echo "- benchmark command: \`$(printf '%q ' "${cmd[@]}" | sed "s|$repo_root/||g; s/ \$//")\`"
  for inc in "${includes[@]+"${includes[@]}"}"; do
    echo "- also in the report: \`$(realpath --relative-to="$repo_root" "$inc")\`"
  done
  echo
  echo "Files: \`benchmark.json\` (Google Benchmark JSON, context included), \`console.txt\`"
  echo "(its console output), \`report.md\` (tables, portability, plots), \`*.png\`."
  echo "docs/performance.md explains the numbers."
} > "$out/README.md"
echo "perf-suite: results in $out" >&2
