// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The row loops the OpenMP kernels share, for cells of type T (float or double). The arithmetic
// itself is stencil/arithmetic.hpp's, so every variant agrees with the reference bit for bit in
// each precision; these only lay it out as SIMD loops (no fixed width: a vector holds as many
// lanes of T as the target's registers do).
//
// `#pragma omp simd` asserts that the iterations are independent (out never aliases the
// inputs); it does not license reassociation, and the build's -ffp-contract=off keeps each
// multiply and add separately rounded, as in the reference loop.
#pragma once

#include <cstdint>

#include "stencil/arithmetic.hpp"

namespace stencil::openmp {

// The first column of row y of a rows x cols grid, and of its neighbours (the row itself where
// the neighbour is outside the grid: border rows never read it).
template <class T>
inline const T* grid_row(const T* grid, int y, int cols) {
  return grid + static_cast<long>(y) * cols;
}
template <class T>
inline const T* row_above(const T* grid, int y, int cols) {
  return grid_row(grid, y > 0 ? y - 1 : y, cols);
}
template <class T>
inline const T* row_below(const T* grid, int y, int rows, int cols) {
  return grid_row(grid, y < rows - 1 ? y + 1 : y, cols);
}

// Columns [begin, end) of row y of the 2-D stencil on a rows x cols grid (the border rule of
// is_border_2d(x, y, cols, rows)). up, centre and down point at the first column of rows y-1, y
// and y+1; a border row reads only centre (pass it for the missing rows).
template <class T>
inline void update_row_2d(const T* __restrict up, const T* __restrict centre,
                          const T* __restrict down, T* __restrict out, int y, int rows, int cols,
                          int begin, int end) {
  if (y == 0 || y == rows - 1) {  // border row: copied through
#pragma omp simd
    for (int x = begin; x < end; ++x)
      out[x] = centre[x];
    return;
  }
  if (begin == 0)
    out[0] = centre[0];
  const int first = begin > 1 ? begin : 1;
  const int last = end < cols - 1 ? end : cols - 1;
#pragma omp simd
  for (int x = first; x < last; ++x)
    out[x] = five_point(centre[x], centre[x - 1], centre[x + 1], up[x], down[x]);
  if (end == cols && cols > 1)
    out[cols - 1] = centre[cols - 1];
}

// Cells [begin, end) of the 1-D stencil (64-bit: a 1-D grid is limited by memory only).
template <class T>
inline void update_cells_1d(const T* __restrict in, T* __restrict out, std::int64_t n,
                            std::int64_t begin, std::int64_t end) {
  if (begin == 0)
    out[0] = in[0];
  const std::int64_t first = begin > 1 ? begin : 1;
  const std::int64_t last = end < n - 1 ? end : n - 1;
#pragma omp simd
  for (std::int64_t i = first; i < last; ++i)
    out[i] = three_point(in[i - 1], in[i], in[i + 1]);
  if (end == n && n > 1)
    out[n - 1] = in[n - 1];
}

// One step of the 1-D stencil on n cells, the CPU form of both 1-D variants: the threads split
// the cells statically in blocks of kCellBlock (the schedule grid_buffer.cpp's first touch uses),
// one SIMD loop per block. A block's neighbours are in L1 when the loop reads them, so the cache
// does the staging halo1d's GPU tile does by hand (docs/design.md, "Host forms").
inline constexpr std::int64_t kCellBlock = 4096;  // the end-cell tests once per block
template <class T>
inline void step_cells_1d(const T* in, T* out, std::int64_t n) {
  const std::int64_t blocks = (n + kCellBlock - 1) / kCellBlock;
#pragma omp parallel for schedule(static)
  for (std::int64_t b = 0; b < blocks; ++b) {
    const std::int64_t begin = b * kCellBlock;
    update_cells_1d(in, out, n, begin, n - begin > kCellBlock ? begin + kCellBlock : n);
  }
}

}  // namespace stencil::openmp
