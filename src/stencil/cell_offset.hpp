// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Cell offsets in a row-major array, shared by the reference, the host kernels and the device
// kernels. A grid may hold more than 2^31 cells, so the offset of a row's first cell (y * cols) is
// 64-bit by default. An offset inside one row stays 32-bit (x < cols <= INT_MAX): a kernel
// computes its row's base pointer once and then indexes the row with 32-bit arithmetic.
//
// Kernels whose address arithmetic is on their critical path (strip, tiled, rolling) are compiled
// twice instead, over an offset type `Index`: `int` for a grid of at most INT_MAX cells, where
// every offset fits and the kernel keeps the 32-bit arithmetic it was tuned with, and
// `std::int64_t` past that. `offsets_fit_int` picks one at launch.
#pragma once

#include <climits>
#include <cstdint>

#include "stencil/arithmetic.hpp"

namespace stencil {

// Offset of row y's first cell in an array `cols` cells wide.
template <class Index = std::int64_t>
STENCIL_HOST_DEVICE inline Index row_offset(int y, int cols) {
  return static_cast<Index>(y) * cols;
}

// Offset of cell (y, x).
template <class Index = std::int64_t>
STENCIL_HOST_DEVICE inline Index cell_offset(int y, int x, int cols) {
  return row_offset<Index>(y, cols) + x;
}

// True where every cell offset of a rows x cols grid fits an int, so the `int` instantiation of a
// kernel is exact.
inline bool offsets_fit_int(int rows, int cols) {
  return static_cast<std::int64_t>(rows) * cols <= INT_MAX;
}

}  // namespace stencil
