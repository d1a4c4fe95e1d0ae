// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// One step of each variant the openacc row of STENCIL_MODELS names, each defined in the file of
// the same name (as in src/cuda/ and src/openmp/), with the directive models' kernel interface
// (directive/kernel_interface.hpp). `in` and `out` are host arrays the stepper has
// mapped to the device for its whole lifetime (acc enter data), so every kernel names them
// `present`: no step moves grid data between host and device. Each step returns when its output
// is written (no `async` clause). `in` and `out` must not alias.
#pragma once

#include "directive/kernel_interface.hpp"
#include "stencil/variants.hpp"

namespace stencil::openacc {

STENCIL_DIRECTIVE_DECLARE_STEPS()

}  // namespace stencil::openacc
