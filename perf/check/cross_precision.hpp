// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// How stencil_check --cross-precision compares a float64 state with a float32 one: in the coarser
// type. Each float64 value is rounded once to the nearest float32 (ties to even, IEEE's default:
// a value past float32's range becomes Inf, NaN stays NaN), and the two float32 states are then
// compared as any two float32 states are: bits, ULP of float32, |A - B| on the rounded values.
#pragma once

#include "stencil/cells.hpp"

namespace stencil::check {

// `cells` (float64) rounded once to float32, cell by cell.
Cells rounded_to_float32(const Cells& cells);

}  // namespace stencil::check
