#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The models of a build whose grids live in CUDA device memory, from its registry:
#   bash scripts/gpu-models.sh BINARY      prints "kokkos cuda " (one name per model, in the
#                                          registry's order), the GPU scripts' default model list
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: gpu-models.sh BINARY" >&2; exit 2; }
# -list-models columns: backend, model, space, memory, variants...
"$1" -list-models | awk '$4 == "cuda" && !seen[$2]++ { printf "%s ", $2 }'
