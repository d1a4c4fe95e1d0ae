// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// naive1d: one output per index of the n cells, three reads of the input each.
//   for each i: out[i] = border ? in[i] : three_point(in[i-1], in[i], in[i+1])
#include <algorithm>
#include <execution>

#include "stdpar/kernels.hpp"
#include "stdpar/runtime/index_range.hpp"
#include "stencil/arithmetic.hpp"

namespace stencil::stdpar {

template <class T>
void naive1d_step(const T* in, T* out, ArrayExtent extent, const RunConfig& /*config*/) {
  const std::int64_t n = extent.cols;
  const IndexRange cells{n};
  std::for_each(std::execution::par_unseq, cells.begin(), cells.end(), [=](std::int64_t i) {
    out[i] = i == 0 || i == n - 1 ? in[i] : three_point(in[i - 1], in[i], in[i + 1]);
  });
}

STENCIL_ELEMENT_TYPES(STENCIL_STDPAR_INSTANTIATE_STEP, naive1d)

}  // namespace stencil::stdpar
