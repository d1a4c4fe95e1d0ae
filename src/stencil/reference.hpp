// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The plain reference loops every variant is checked against, bit for bit.
#pragma once

#include <cstdint>
#include <vector>

#include "stencil/cells.hpp"
#include "stencil/variants.hpp"

namespace stencil {

// The loops are defined for float and double (reference.cpp instantiates both): each precision's
// arithmetic is stencil/arithmetic.hpp's in that type.

// One step of the 2-D stencil on an n x n row-major grid.
template <class T>
void reference_step_2d(const T* in, T* out, int n);
// One step of the 2-D stencil on a rows x cols row-major rectangle (its outermost ring copied).
template <class T>
void reference_step_2d(const T* in, T* out, int rows, int cols);
// One step of the 1-D stencil on n cells (64-bit: a 1-D grid is limited by memory only).
template <class T>
void reference_step_1d(const T* in, T* out, std::int64_t n);

// `iterations` steps of the variant's stencil (2-D or 1-D), starting from `initial`; a 2-D n is at
// most kMaxN2d.
template <class T>
std::vector<T> reference_run(const VariantInfo& variant, std::int64_t n, int iterations,
                             std::vector<T> initial);

// The same on cells of either precision, in that precision.
Cells reference_run(const VariantInfo& variant, std::int64_t n, int iterations, Cells initial);

}  // namespace stencil
