#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The variants a model's registry row names, from a build's -list-models:
#   bash scripts/model-variants.sh BINARY MODEL    prints e.g. "naive tiled ... temporal " (empty
#                                                  where the build has no such model)
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: model-variants.sh BINARY MODEL" >&2; exit 2; }
# -list-models columns: backend, model, space, memory, variants...
"$1" -list-models | awk -v m="$2" '$2 == m { for (i = 5; i <= NF; i++) printf "%s ", $i; exit }'
