// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// One step of each variant the omptarget row of STENCIL_MODELS names, each defined in the file of
// the same name (as in src/cuda/ and src/openmp/), with the directive models' kernel interface
// (directive/kernel_interface.hpp). `in` and `out` are host arrays the stepper has
// mapped to the device for its whole lifetime (target enter data), so the kernels' map(alloc:)
// clauses find them present and move no grid data between host and device. Each step returns
// when its output is written (no `nowait`). `in` and `out` must not alias.
#pragma once

#include "directive/kernel_interface.hpp"
#include "stencil/variants.hpp"

namespace stencil::omptarget {

STENCIL_DIRECTIVE_DECLARE_STEPS()

}  // namespace stencil::omptarget
