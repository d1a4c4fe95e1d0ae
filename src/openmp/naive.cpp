// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// naive: every output from five reads of the input grid, one row per loop iteration; the
// threads split the rows statically (the schedule grid_buffer.cpp's first touch uses).
//   for each (x, y): out[y][x] = border ? in[y][x] : five_point(in[y][x], left, right, up, down)
#include "openmp/kernels.hpp"
#include "openmp/row_update.hpp"

namespace stencil::openmp {

template <class T>
void naive_step(const T* in, T* out, ArrayExtent extent, const RunConfig& /*config*/) {
  const int rows = extent.rows;
  const int cols = extent.cols;
#pragma omp parallel for schedule(static)
  for (int y = 0; y < rows; ++y) {
    update_row_2d(row_above(in, y, cols), grid_row(in, y, cols), row_below(in, y, rows, cols),
                  out + static_cast<long>(y) * cols, y, rows, cols, 0, cols);
  }
}

STENCIL_ELEMENT_TYPES(STENCIL_OPENMP_INSTANTIATE_STEP, naive)

}  // namespace stencil::openmp
