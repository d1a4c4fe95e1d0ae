// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// naive1d: the 1-D three-point stencil, one output per loop iteration, three reads each.
//   for each i: out[i] = border ? in[i] : three_point(in[i - 1], in[i], in[i + 1])
// One loop shape: a single loop spread over teams and their threads.
#include "omptarget/kernels.hpp"
#include "stencil/arithmetic.hpp"

namespace stencil::omptarget {

std::vector<std::string_view> naive1d_loop_shapes() {
  return {"teams-threads"};
}

template <class T>
void naive1d_step(const T* __restrict in, T* __restrict out, ArrayExtent extent,
                  const RunConfig& /*config*/, Launch launch) {
  const std::int64_t n = extent.cols;  // 64-bit: a 1-D grid is limited by memory only
  const bool on_device = launch.on_device;
#pragma omp target teams distribute parallel for map(alloc                             \
                                                     : in [0:n], out [0:n]) if (target \
                                                                                : on_device)
  for (std::int64_t i = 0; i < n; ++i)
    out[i] = is_border_1d(i, n) ? in[i] : three_point(in[i - 1], in[i], in[i + 1]);
}

STENCIL_ELEMENT_TYPES(STENCIL_DIRECTIVE_INSTANTIATE_STEP, naive1d)

}  // namespace stencil::omptarget
