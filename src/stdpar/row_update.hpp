// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The loops the stdpar kernels share: columns [begin, end) of one output row of the 2-D stencil,
// and a block of cells of the 1-D one, for cells of type T (float or double). The arithmetic is
// stencil/arithmetic.hpp's, so every cell matches the reference bit for bit. The grid's first and
// last columns are copied outside the loop, so the loop has neither a branch nor a select and the
// compiler vectorises it (the build's -march; see CMakeLists.txt). An index of the parallel
// algorithm is a row, a tile or a block of cells, never a single cell: a cell's (x, y) from its
// flat index costs a 64-bit division, which no SIMD unit does, and kept the loop scalar; a 1-D cell
// per index tested for the grid's ends in the loop.
#pragma once

#include <algorithm>
#include <cstdint>

#include "stencil/arithmetic.hpp"

namespace stencil::stdpar {

// Interior columns [first, last) of a row from its three input rows; `out` aliases none of them.
template <class T>
inline void five_point_columns(const T* __restrict up, const T* __restrict centre,
                               const T* __restrict down, T* __restrict out, std::int64_t first,
                               std::int64_t last) {
  for (std::int64_t x = first; x < last; ++x)
    out[x] = five_point(centre[x], centre[x - 1], centre[x + 1], up[x], down[x]);
}

// Columns [begin, end) of row y of the rows x cols stencil: border rows and columns are copied
// through (is_border_2d), the rest read their four neighbours.
template <class T>
inline void update_row_2d(const T* in, T* out, std::int64_t y, std::int64_t rows, std::int64_t cols,
                          std::int64_t begin, std::int64_t end) {
  const T* centre = in + y * cols;
  T* row = out + y * cols;
  if (y == 0 || y == rows - 1) {
    std::copy(centre + begin, centre + end, row + begin);
    return;
  }
  if (begin == 0)
    row[0] = centre[0];
  five_point_columns(centre - cols, centre, centre + cols, row, std::max<std::int64_t>(begin, 1),
                     std::min(end, cols - 1));
  if (end == cols && cols > 1)
    row[cols - 1] = centre[cols - 1];
}

// Cells [begin, end) of the n-cell 1-D stencil: the grid's two end cells are copied through, the
// rest read their two neighbours, in one loop without a branch.
template <class T>
inline void update_cells_1d(const T* __restrict in, T* __restrict out, std::int64_t n,
                            std::int64_t begin, std::int64_t end) {
  if (begin == 0)
    out[0] = in[0];
  const std::int64_t last = std::min(end, n - 1);
  for (std::int64_t i = std::max<std::int64_t>(begin, 1); i < last; ++i)
    out[i] = three_point(in[i - 1], in[i], in[i + 1]);
  if (end == n && n > 1)
    out[n - 1] = in[n - 1];
}

}  // namespace stencil::stdpar
