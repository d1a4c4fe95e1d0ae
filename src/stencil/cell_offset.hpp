// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Cell offsets in a row-major array, shared by the reference, the host kernels and the device
// kernels. A grid may hold more than 2^31 cells, so the offset of a row's first cell (y * cols) is
// 64-bit. An offset inside one row stays 32-bit (x < cols <= INT_MAX): a kernel computes its row's
// base pointer once and then indexes the row with 32-bit arithmetic, which keeps the inner
// address arithmetic as cheap as on a small grid.
#pragma once

#include <cstdint>

#include "stencil/arithmetic.hpp"

namespace stencil {

// Offset of row y's first cell in an array `cols` cells wide.
STENCIL_HOST_DEVICE inline std::int64_t row_offset(int y, int cols) {
  return static_cast<std::int64_t>(y) * cols;
}

// Offset of cell (y, x).
STENCIL_HOST_DEVICE inline std::int64_t cell_offset(int y, int x, int cols) {
  return row_offset(y, cols) + x;
}

}  // namespace stencil
