// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The value one iteration gives a single cell of a local array, with the same arithmetic and border
// rule as every kernel: what a rank sends its neighbours before its own step runs (the overlap of
// the step with the halo messages: HaloAccess::pack_stepped_regions, memory/halo_access.hpp).
// Host and device.
#pragma once

#include <cstdint>

#include "stencil/arithmetic.hpp"

namespace stencil {

// Cell (y, x) of a rows x cols row-major array after one 2-D iteration.
template <class T>
STENCIL_HOST_DEVICE inline T stepped_cell_2d(const T* in, std::int64_t rows, std::int64_t cols,
                                             std::int64_t y, std::int64_t x) {
  const T* centre = in + y * cols + x;
  if (y == 0 || x == 0 || y == rows - 1 || x == cols - 1)
    return *centre;
  return five_point(*centre, centre[-1], centre[1], centre[-cols], centre[cols]);
}

// Cell i of an n-cell array after one 1-D iteration.
template <class T>
STENCIL_HOST_DEVICE inline T stepped_cell_1d(const T* in, std::int64_t n, std::int64_t i) {
  if (i == 0 || i == n - 1)
    return in[i];
  return three_point(in[i - 1], in[i], in[i + 1]);
}

}  // namespace stencil
