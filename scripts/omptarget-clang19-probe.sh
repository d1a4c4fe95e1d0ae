#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# On the GPU machine: which clang 19 OpenMP-offload builds run, and at what rate.
#   bash scripts/omptarget-clang19-probe.sh OUTDIR
# Runs each probe of .carry/clang19/clang19.tar.xz (scripts/omptarget-clang19-build.sh packs it;
# the variants are described there) with OMP_TARGET_OFFLOAD=MANDATORY, so a refused image is an
# error instead of a silent host run:
#   - a check at N = 257 (a tail: not a multiple of the 256 threads), with LIBOMPTARGET_INFO=16
#     so the log shows the launches, or the runtime's reason for refusing the image;
#   - where that passes, N = 4096 and 16384: 200 timed steps after 4 warm-up steps, every cell
#     compared with the host reference loop afterwards.
# The clang16 variant needs clang 16's runtime: an unpacked omptarget pack
# ($STENCIL_DIRECTIVE_UNPACK/omptarget, default /tmp/stencil-directive/omptarget, left by
# `bash .carry/directive/run-gpu.sh omptarget true` in an earlier call), or the pack itself.
# Writes OUTDIR/probe.csv (variant,n,status,gcells,wrong,load_seconds: the first target region,
# which creates the context and loads, for jit also compiles, the image), one log per run and
# OUTDIR/env.txt.
# Exits 1 when a probe that ran computed a wrong cell, 2 on bad usage, else 0: a refused image is
# a finding, not a failure of this script.
set -uo pipefail

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${1:-}
pack=$repo_root/.carry/clang19/clang19.tar.xz
if [ -z "$out" ] || [ $# -ne 1 ]; then
  echo "omptarget-clang19-probe: usage: omptarget-clang19-probe.sh OUTDIR" >&2
  exit 2
fi
if [ ! -f "$pack" ]; then
  echo "omptarget-clang19-probe: no $pack (run scripts/omptarget-clang19-build.sh and carry .carry/clang19)" >&2
  exit 2
fi
mkdir -p "$out"
out=$(cd "$out" && pwd)

unpack=${TMPDIR:-/tmp}/stencil-clang19
root=$unpack/clang19
if [ ! -f "$root/MANIFEST" ] || [ "$pack" -nt "$root/MANIFEST" ]; then
  rm -rf "$root"
  mkdir -p "$unpack"
  tar -C "$unpack" -xJf "$pack" && touch "$root/MANIFEST"
fi

# libomptarget opens the driver as libcuda.so: link it to the loader's libcuda.so.1.
driver=$(ldconfig -p 2>/dev/null | awk '/libcuda\.so\.1 .*x86-64/ { print $NF; exit }' || true)
IFS=: read -ra library_dirs <<<"${LD_LIBRARY_PATH:-}"
for dir in "${library_dirs[@]}" /usr/local/nvidia/lib64 /usr/local/nvidia/lib /usr/lib/x86_64-linux-gnu; do
  [ -n "$driver" ] || [ -z "$dir" ] || [ ! -e "$dir/libcuda.so.1" ] || driver=$dir/libcuda.so.1
done
[ -z "$driver" ] || ln -sf "$driver" "$root/lib/libcuda.so"

# clang 16's runtime, for the clang16 variant.
clang16_lib=${STENCIL_DIRECTIVE_UNPACK:-/tmp/stencil-directive}/omptarget/lib
directive_pack=$repo_root/.carry/directive/omptarget.tar.xz
if [ ! -d "$clang16_lib" ] && [ -f "$directive_pack" ]; then
  mkdir -p "$(dirname "$(dirname "$clang16_lib")")"
  tar -C "$(dirname "$(dirname "$clang16_lib")")" -xJf "$directive_pack" omptarget/lib
fi
[ ! -d "$clang16_lib" ] || [ -z "$driver" ] || ln -sf "$driver" "$clang16_lib/libcuda.so"

# The jit variant runs ptxas when the program loads; the toolkit's comes after anything on PATH.
export PATH=$PATH:/usr/local/cuda/bin
export OMP_TARGET_OFFLOAD=MANDATORY
unset LD_BIND_NOW
{
  cat "$root/MANIFEST"
  echo "driver   : ${driver:-not found}"
  echo "ptxas    : $(command -v ptxas || echo 'not found: the jit variant cannot load')"
  command -v ptxas >/dev/null && echo "           $(ptxas --version | tail -n 1)"
  echo "clang 16 : $([ -d "$clang16_lib" ] && echo "$clang16_lib" || echo 'no runtime: clang16 skipped')"
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null || true
} >"$out/env.txt"
cat "$out/env.txt"

echo "variant,n,status,gcells,wrong,load_seconds" >"$out/probe.csv"
wrong_cells=0
run() { # variant n log [env...]: one probe run, its row in probe.csv
  local variant=$1 n=$2 log=$3 lib=$root/lib
  shift 3
  [ "$variant" = clang16 ] && lib=$clang16_lib
  env LD_LIBRARY_PATH="$lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" "$@" \
    timeout 600 "$root/bin/probe-$variant" "$n" >"$log" 2>&1
  local rc=$? line status gcells wrong load
  line=$(grep -m1 '^probe N=' "$log")
  gcells=$(sed -n 's/.* gcells=\([0-9.]*\).*/\1/p' <<<"$line")
  wrong=$(sed -n 's/.* wrong=\([0-9]*\).*/\1/p' <<<"$line")
  load=$(sed -n 's/.* load_seconds=\([0-9.]*\).*/\1/p' <<<"$line")
  if [ $rc -eq 0 ]; then
    status=ran
  elif [ -n "$wrong" ]; then
    status=wrong
    wrong_cells=1
  elif grep -q 'No images found compatible' "$log"; then
    status=refused
  else
    status="failed rc=$rc"
  fi
  echo "$variant,$n,$status,$gcells,$wrong,$load" >>"$out/probe.csv"
  printf '%-9s N=%-6s %-14s %8s Gcell/s  load %6s s  (%s)\n' "$variant" "$n" "$status" \
    "${gcells:--}" "${load:--}" "$log"
  [ "$status" = ran ]
}

variants=(cubin jit v1header)
[ -x "$root/bin/probe-clang16" ] && [ -d "$clang16_lib" ] && variants+=(clang16)
for variant in "${variants[@]}"; do
  run "$variant" 257 "$out/$variant-257.log" LIBOMPTARGET_INFO=16 || continue
  for n in 4096 16384; do
    run "$variant" "$n" "$out/$variant-$n.log"
  done
done
exit $wrong_cells
