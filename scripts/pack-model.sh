#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Packs a directive model's build for the GPU machine, which has neither compiler:
#   bash scripts/pack-model.sh openacc|omptarget|omptarget-gcc [BUILD_DIR]
# Takes BUILD_DIR (default build-<name>; built by scripts/build-directive.sh where it is missing)
# and writes .carry/directive/<name>.tar.xz: bin/ (stencil_miniapp, stencil_check, the GPU suite,
# the loop-shape suite and the sector test) and lib/ (every shared library they load that is not the C library,
# libstdc++ or the CUDA driver, plus the offload plugins their runtime opens by name: libgomp's
# nvptx plugin, or libomptarget's CUDA plugins). Next to it: run-gpu.sh, which unpacks a model
# and runs a command with its libraries (see there). Carry .carry/ to the GPU machine.
#   bash scripts/pack-model.sh native [BUILD_DIR]
# packs the main build with Kokkos on CUDA (default build-native; built by scripts/build.sh with
# the bootstrapped Kokkos CUDA install where it is missing): stencil_miniapp, stencil_check and the
# GPU suite into .carry/native/native.tar.xz, so the GPU machine runs them without spending its
# time on a build (the directive models' study and checks glob .carry/directive only).
set -euo pipefail

repo_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
name=${1:-}
case $name in
  openacc | omptarget | omptarget-gcc | native) ;;
  *)
    echo "pack-model: name a build: openacc, omptarget, omptarget-gcc or native (not '$name')" >&2
    exit 2
    ;;
esac
model=${name%-gcc}
build_dir=${2:-$repo_root/build-$name}
binaries=(stencil_miniapp stencil_check tests/stencil_gpu_tests)
carry=$repo_root/.carry/directive
if [ "$name" = native ]; then
  carry=$repo_root/.carry/native
  if [ ! -x "$build_dir/stencil_miniapp" ]; then
    kokkos_root=$(bash "$repo_root/scripts/bootstrap-kokkos.sh" --backend cuda | tail -n 1)
    Kokkos_ROOT=$kokkos_root BUILD_DIR=$build_dir bash "$repo_root/scripts/build.sh"
  fi
else
  [ -x "$build_dir/stencil_miniapp" ] ||
    BUILD_DIR=$build_dir bash "$repo_root/scripts/build-directive.sh" "$name"
  binaries+=("tests/directive/stencil_${model}_loop_shape_tests"
    "tests/directive/stencil_${model}_sector_tests")
fi
targets=()
for binary in "${binaries[@]}"; do targets+=("$(basename "$binary")"); done
cmake --build "$build_dir" --parallel "$(nproc)" --target "${targets[@]}" >/dev/null

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$carry" "$stage/$name/bin" "$stage/$name/lib"
for binary in "${binaries[@]}"; do
  cp "$build_dir/$binary" "$stage/$name/bin/"
done

# What the offload runtime opens by name (dlopen), beside what the binaries link.
plugins=()
if [ "$name" = native ]; then
  :  # no runtime opens a library by name
elif [ "$name" = omptarget ]; then
  llvm_lib=$(dirname "$(readlink -f "$(command -v clang++-16)")")/../lib
  plugins=("$llvm_lib"/libomptarget.rtl.cuda*.so.16)
else
  plugins=(/usr/lib/x86_64-linux-gnu/libgomp-plugin-nvptx.so.1)
fi
# Under the names the runtime opens (the links' names, not their targets').
for plugin in "${plugins[@]}"; do cp -L "$plugin" "$stage/$name/lib/"; done

# The libraries of the binaries and plugins; the GPU machine's own C library (with its resolver
# and friends, which must match it), CUDA toolkit libraries (runtime, CUPTI, NCCL; run-gpu.sh
# finds them under /usr/local/cuda), libstdc++ (newer,
# and backward compatible) and CUDA driver are used instead of copies.
skip='^(linux-vdso|ld-linux|libc\.so|libm\.so|libpthread|libdl\.so|librt\.so|libresolv|libutil\.so|libnss|libanl|libstdc\+\+|libgcc_s|libcuda\.so|libcudart|libcupti|libnvperf|libnccl)'
for file in "$stage/$name/bin/"* "${plugins[@]}"; do
  ldd "$file" | awk '$2 == "=>" && $3 ~ /^\// { print $1, $3 }'
done | sort -u | while read -r soname path; do
  [[ $soname =~ $skip ]] && continue
  cp -L "$path" "$stage/$name/lib/$soname"
done
# Symbols and debug sections are no use on the GPU machine; the offload images live in allocated
# sections, which strip keeps.
chmod u+w "$stage/$name/bin/"* "$stage/$name/lib/"*
strip --strip-unneeded "$stage/$name/bin/"* "$stage/$name/lib/"*.so*
# The versioned plugins under the unversioned names libomptarget looks for.
if [ "$name" = omptarget ]; then
  (cd "$stage/$name/lib" && for plugin in libomptarget.rtl.cuda*.so.16; do
    ln -sf "$plugin" "${plugin%.16}"
  done)
fi
{
  echo "model    : $model ($name)"
  echo "commit   : $(git -C "$repo_root" describe --always --dirty --abbrev=12 2>/dev/null || echo unknown)"
  echo "compiler : $(grep -m1 '^CMAKE_CXX_COMPILER:' "$build_dir/CMakeCache.txt" | cut -d= -f2)"
  echo "packed   : $(date -u +%Y-%m-%dT%H:%M:%SZ)"
} >"$stage/$name/MANIFEST"
tar -C "$stage" -cf - "$name" | xz -T0 -9e >"$carry/$name.tar.xz.partial"
mv "$carry/$name.tar.xz.partial" "$carry/$name.tar.xz"
cp "$repo_root/scripts/directive-run-gpu.sh" "$carry/run-gpu.sh"
echo "pack-model: $carry/$name.tar.xz ($(du -h "$carry/$name.tar.xz" | cut -f1);" \
  "$(du -sh "$stage/$name" | cut -f1) unpacked); total $(du -sh "$carry" | cut -f1)"
