// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// naive1d: the 1-D three-point stencil, one output per loop iteration, three reads each.
//   for each i: out[i] = border ? in[i] : three_point(in[i - 1], in[i], in[i + 1])
// One loop shape: a single loop leaves nothing to choose but the vector length, which the
// compiler's default already fills.
#include "openacc/kernels.hpp"
#include "stencil/arithmetic.hpp"

namespace stencil::openacc {

std::vector<std::string_view> naive1d_loop_shapes() {
  return {"gang-vector"};
}

template <class T>
void naive1d_step(const T* __restrict in, T* __restrict out, ArrayExtent extent,
                  const RunConfig& /*config*/, Launch launch) {
  const std::int64_t n = extent.cols;  // 64-bit: a 1-D grid is limited by memory only
  const bool on_device = launch.on_device;
#pragma acc parallel loop gang vector present(in [0:n], out [0:n]) if (on_device) async(kStepQueue)
  for (std::int64_t i = 0; i < n; ++i)
    out[i] = is_border_1d(i, n) ? in[i] : three_point(in[i - 1], in[i], in[i + 1]);
}

STENCIL_ELEMENT_TYPES(STENCIL_DIRECTIVE_INSTANTIATE_STEP, naive1d)

}  // namespace stencil::openacc
