// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// naive: one output per index of the rows x cols grid, five reads of the input each.
//   for each (x, y): out[y][x] = border ? in[y][x] : five_point(in[y][x], left, right, up, down)
#include <algorithm>
#include <execution>

#include "stdpar/kernels.hpp"
#include "stdpar/runtime/index_range.hpp"
#include "stencil/arithmetic.hpp"

namespace stencil::stdpar {

template <class T>
void naive_step(const T* in, T* out, ArrayExtent extent, const RunConfig& /*config*/) {
  const std::int64_t rows = extent.rows;
  const std::int64_t cols = extent.cols;
  std::for_each(std::execution::par_unseq, IndexRange{rows * cols}.begin(),
                IndexRange{rows * cols}.end(), [=](std::int64_t i) {
                  const std::int64_t y = i / cols;
                  const std::int64_t x = i - y * cols;
                  out[i] =
                      y == 0 || x == 0 || y == rows - 1 || x == cols - 1
                          ? in[i]
                          : five_point(in[i], in[i - 1], in[i + 1], in[i - cols], in[i + cols]);
                });
}

STENCIL_ELEMENT_TYPES(STENCIL_STDPAR_INSTANTIATE_STEP, naive)

}  // namespace stencil::stdpar
