#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Each PROGRAM built with clang's OpenMP offload must register its device image with libomptarget
# (import __tgt_register_lib): one that does not runs every target region on the host and reports
# no device, on a GPU machine too. Usage: check_image_registered.sh PROGRAM...
status=0
for program in "$@"; do
  if nm -D "$program" | grep -q ' U __tgt_register_lib'; then
    echo "registers its device image: $program"
  else
    echo "registers no device image (no __tgt_register_lib): $program" >&2
    status=1
  fi
done
exit $status
