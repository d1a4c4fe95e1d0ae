// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// naive: five reads of the input per output, no reuse staged; one index per row of the rows x cols
// grid, its columns one vector loop (row_update.hpp), as the native twin's rows (src/openmp/).
//   for each (x, y): out[y][x] = border ? in[y][x] : five_point(in[y][x], left, right, up, down)
#include <algorithm>
#include <execution>

#include "stdpar/kernels.hpp"
#include "stdpar/row_update.hpp"
#include "stdpar/runtime/index_range.hpp"

namespace stencil::stdpar {

template <class T>
void naive_step(const T* in, T* out, ArrayExtent extent, const RunConfig& /*config*/) {
  const std::int64_t rows = extent.rows;
  const std::int64_t cols = extent.cols;
  const IndexRange row_indices{rows};
  std::for_each(std::execution::par_unseq, row_indices.begin(), row_indices.end(),
                [=](std::int64_t y) { update_row_2d(in, out, y, rows, cols, 0, cols); });
}

STENCIL_ELEMENT_TYPES(STENCIL_STDPAR_INSTANTIATE_STEP, naive)

}  // namespace stencil::stdpar
