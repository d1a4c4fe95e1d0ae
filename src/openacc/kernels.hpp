// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// One step of each variant the openacc row of STENCIL_MODELS names, each defined in the file of
// the same name (as in src/cuda/ and src/openmp/), with the directive models' kernel interface
// (directive/kernel_interface.hpp). `in` and `out` are host arrays the stepper has
// mapped to the device for its whole lifetime (acc enter data), so every kernel names them
// `present`: no step moves grid data between host and device. Every kernel is queued on the
// async queue kStepQueue and a step returns once it is queued, so that the host does not wait for
// one launch before it issues the next; the stepper waits for the queue where the host needs the
// results (fence, download, upload). `in` and `out` must not alias.
#pragma once

#include "directive/kernel_interface.hpp"
#include "stencil/variants.hpp"

namespace stencil::openacc {

// The async queue of every kernel and of the output poison, in issue order. On the host (`if`
// false) a region runs at once, as if synchronous.
inline constexpr int kStepQueue = 1;

STENCIL_DIRECTIVE_DECLARE_STEPS()

}  // namespace stencil::openacc
