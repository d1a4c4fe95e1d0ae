#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
set -uo pipefail
export PATH=/usr/local/cuda/bin:$PATH
out=${OUT:-/tmp/ncu-out}; mkdir -p "$out"
root=$(bash scripts/bootstrap-kokkos.sh --backend cuda 2>"$out/bootstrap.log" | tail -n 1)
Kokkos_ROOT=$root BUILD_DIR=build-gpu bash scripts/build.sh -DSTENCIL_BUILD_BENCHMARKS=OFF -DSTENCIL_BUILD_TESTS=OFF > /tmp/build.log 2>&1 || { tail -30 /tmp/build.log; exit 1; }
echo "built at ${SECONDS}s"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
NCU_PRECISION=fp64 bash scripts/ncu-kokkos-vs-native.sh build-gpu /tmp/kvn64 doublebuf rolling strip tiled regblock > /dev/null 2>&1
cp /tmp/kvn64/kokkos-vs-native.txt "$out/kokkos-vs-native-fp64.txt"
NCU_PRECISION=fp32 bash scripts/ncu-kokkos-vs-native.sh build-gpu /tmp/kvn32 doublebuf > /dev/null 2>&1
cp /tmp/kvn32/kokkos-vs-native.txt "$out/kokkos-vs-native-fp32.txt"
cat "$out"/kokkos-vs-native-*.txt; echo "done at ${SECONDS}s"
