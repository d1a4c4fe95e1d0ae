#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Device A/B, run from the repository root: the packed omptarget (barrier flag on every kernel) vs
# .carry/ab/stencil_miniapp (the flag on naive1d.cpp and stepper.cpp only)
set -uo pipefail
run="bash .carry/directive/run-gpu.sh omptarget"
A=stencil_miniapp B=$PWD/.carry/ab/stencil_miniapp
r() { timeout 60 $run "$@" -csv -no-progress 2>&1 | tail -1 | awk -F, '{print $2, $6, $7, $10, $13, $16}'; }
echo "== B verify"
for v in naive1d; do r $B -impl omptarget -space gpu -variant $v -n 16777216 -iters 100 -verify; done
for v in naive tiled temporal; do r $B -impl omptarget -space gpu -variant $v -n 4096 -iters 100 -verify; done
for round in 1 2; do
  for bin in A B; do
    b=${!bin}
    for v in naive tiled temporal; do for n in 4096 16384; do
      echo "$round $bin $(r $b -impl omptarget -space gpu -variant $v -n $n -iters 400)"
    done; done
    for n in 16777216 268435456; do echo "$round $bin $(r $b -impl omptarget -space gpu -variant naive1d -n $n -iters 400)"; done
  done
done
