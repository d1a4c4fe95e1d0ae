#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Builds the clang 19 OpenMP-offload probes (perf/omptarget_probe/probe.cpp) and packs them, with
# the clang 19 runtime they load, into .carry/clang19/clang19.tar.xz for
# scripts/omptarget-clang19-probe.sh on the GPU machine:
#   bash scripts/omptarget-clang19-build.sh
# clang 19 is not installed: Debian's libomp-19-dev conflicts with the libomp-16-dev that the
# omptarget build needs. Its packages are unpacked into CLANG19_PREFIX (default
# /work/clang19-prefix), downloaded through apt's own configuration where that folder is missing.
#
# The variants (docs/directive.md, "clang 19"):
#   cubin     clang 19's default: a CUDA 13 ptxas cubin, EI_ABIVERSION 8. LLVM 19's plugin reads
#             its e_flags by the older layout and refuses it ("No images found compatible").
#   jit       -fopenmp-target-jit: the image is LLVM IR, which the plugin accepts by its triple
#             and compiles when the program loads (LLVM 19's NVPTX back end, then `ptxas` from
#             PATH); the resulting cubin goes to the driver without the e_flags check.
#   v1header  the cubin build with its embedded cubin header rewritten to the ABI 7 layout
#             (scripts/cubin-header.py --rewrite-v1): the plugin accepts it; whether the driver
#             loads it is the experiment.
#   clang16   the same source built as the omptarget build builds (clang++-16, where installed),
#             for a same-source comparison: it runs on the runtime of the clang 16 pack
#             (.carry/directive/omptarget.tar.xz), which this pack does not hold.
set -euo pipefail

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
prefix=${CLANG19_PREFIX:-/work/clang19-prefix}
cuda=${CUDA_PATH:-/usr/local/cuda}
llvm=$prefix/usr/lib/llvm-19
packages=(clang-19 clang-tools-19 libclang-common-19-dev libclang-cpp19 libclang1-19 libllvm19 llvm-19
  llvm-19-linker-tools libomp-19-dev libomp5-19)

if [ ! -x "$llvm/bin/clang++" ]; then
  # shellcheck source=scripts/apt-download-dir.sh
  source "$repo_root/scripts/apt-download-dir.sh"
  debs=$(apt_download_dir)
  (cd "$debs" && apt-get download "${packages[@]}")
  mkdir -p "$prefix"
  for deb in "$debs"/*.deb; do dpkg-deb -x "$deb" "$prefix"; done
  rm -rf "$debs"
fi
[ -x "$cuda/bin/ptxas" ] || {
  echo "omptarget-clang19-build: no ptxas under $cuda/bin (set CUDA_PATH)" >&2
  exit 2
}
export LD_LIBRARY_PATH=$prefix/usr/lib/x86_64-linux-gnu:$llvm/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
root=$stage/clang19
mkdir -p "$root/bin" "$root/lib"
flags=(-std=c++17 -O3 -ffp-contract=off -fopenmp --offload-arch=sm_90 "--cuda-path=$cuda"
  "--libomptarget-nvptx-bc-path=$llvm/lib/libomptarget-nvptx-sm_90.bc")
probe=$repo_root/perf/omptarget_probe/probe.cpp
"$llvm/bin/clang++" "${flags[@]}" "$probe" -o "$root/bin/probe-cubin"
"$llvm/bin/clang++" "${flags[@]}" -fopenmp-target-jit "$probe" -o "$root/bin/probe-jit" \
  -Wno-unused-command-line-argument
cp "$root/bin/probe-cubin" "$root/bin/probe-v1header"
python3 "$repo_root/scripts/cubin-header.py" --rewrite-v1 "$root/bin/probe-v1header" >/dev/null
variants=(cubin jit v1header)
if command -v clang++-16 >/dev/null; then
  clang++-16 -std=c++17 -O3 -ffp-contract=off -fopenmp -fopenmp-targets=nvptx64-nvidia-cuda \
    -Xopenmp-target=nvptx64-nvidia-cuda -march=sm_90 "--cuda-path=$cuda" "$probe" \
    -o "$root/bin/probe-clang16"
  variants+=(clang16)
fi

# The runtime: libomp, libomptarget (its CUDA plugin is built in) and libLLVM, which
# libomptarget links, with libLLVM's own libraries; not the C library, libstdc++ or the driver.
cp -L "$llvm/lib/libomp.so.5" "$llvm/lib/libomptarget.so.19.1" "$root/lib/"
skip='^(linux-vdso|ld-linux|libc\.so|libm\.so|libpthread|libdl\.so|librt\.so|libstdc\+\+|libgcc_s|libcuda\.so)'
for file in "$root/bin/probe-cubin" "$root/lib/"*; do
  ldd "$file" | awk '$2 == "=>" && $3 ~ /^\// { print $1, $3 }'
done | sort -u | while read -r soname path; do
  [[ $soname =~ $skip ]] || [ -e "$root/lib/$soname" ] || cp -L "$path" "$root/lib/$soname"
done
chmod u+w "$root/lib/"*
strip --strip-unneeded "$root/lib/"*.so*

{
  echo "compiler : $("$llvm/bin/clang++" --version | head -n 1)"
  echo "cuda     : $("$cuda/bin/ptxas" --version | tail -n 1)"
  echo "commit   : $(git -C "$repo_root" describe --always --dirty --abbrev=12 2>/dev/null || echo unknown)"
  echo "packed   : $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  for variant in "${variants[@]}"; do
    kind=$("$llvm/bin/llvm-objdump" --offloading "$root/bin/probe-$variant" 2>/dev/null |
      awk '$1 == "kind" { $1 = ""; print substr($0, 2); exit }')
    echo "$variant: image kind ${kind:-none}"
    python3 "$repo_root/scripts/cubin-header.py" "$root/bin/probe-$variant" 2>/dev/null |
      sed 's|^.*/|  |' || true
  done
} >"$root/MANIFEST"
carry=$repo_root/.carry/clang19
mkdir -p "$carry"
tar -C "$stage" -cf - clang19 | xz -T0 -9e >"$carry/clang19.tar.xz.partial"
mv "$carry/clang19.tar.xz.partial" "$carry/clang19.tar.xz"
cat "$root/MANIFEST"
echo "omptarget-clang19-build: $carry/clang19.tar.xz ($(du -h "$carry/clang19.tar.xz" | cut -f1);" \
  "$(du -sh "$root" | cut -f1) unpacked)"
