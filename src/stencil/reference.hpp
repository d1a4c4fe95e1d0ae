// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The plain reference loops every variant is checked against, bit for bit.
#pragma once

#include <vector>

#include "stencil/variants.hpp"

namespace stencil {

// One step of the 2-D stencil on an n x n row-major grid.
void reference_step_2d(const float* in, float* out, int n);
// One step of the 2-D stencil on a rows x cols row-major rectangle (its outermost ring copied).
void reference_step_2d(const float* in, float* out, int rows, int cols);
// One step of the 1-D stencil on n cells.
void reference_step_1d(const float* in, float* out, int n);

// `iterations` steps of the variant's stencil (2-D or 1-D), starting from `initial`.
std::vector<float> reference_run(const VariantInfo& variant, int n, int iterations,
                                 std::vector<float> initial);

}  // namespace stencil
