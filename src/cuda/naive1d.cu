// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// naive1d (lesson 002 starter): one output per thread, three global reads.
#include "cuda/kernels.hpp"
#include "cuda/runtime/check.hpp"
#include "stencil/arithmetic.hpp"

namespace stencil::cuda {

// 64-bit cell index: a 1-D grid is limited by memory only.
template <class T>
__global__ void naive1d_kernel(const T* __restrict__ in, T* __restrict__ out, std::int64_t n) {
  const std::int64_t i = std::int64_t{blockIdx.x} * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  out[i] = is_border_1d(i, n) ? in[i] : three_point(in[i - 1], in[i], in[i + 1]);
}

// One row of n cells: rows is 1. The block count fits grid.x: the stepper refuses a grid past
// kMaxDeviceCells1D.
template <class T>
void launch_naive1d(const T* in, T* out, int /*rows*/, std::int64_t n, int /*chunks*/,
                    cudaStream_t queue) {
  constexpr int kBlock = 256;
  const auto blocks = static_cast<unsigned>(n / kBlock + (n % kBlock != 0));
  naive1d_kernel<<<blocks, kBlock, 0, queue>>>(in, out, n);
  check_launch("naive1d_kernel launch");
}

#define STENCIL_INSTANTIATE(unused, T) \
  template void launch_naive1d<T>(const T*, T*, int, std::int64_t, int, cudaStream_t);
STENCIL_ELEMENT_TYPES(STENCIL_INSTANTIATE, )
#undef STENCIL_INSTANTIATE

}  // namespace stencil::cuda
