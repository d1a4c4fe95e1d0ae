// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// naive1d (lesson 002 starter): one output per thread, three global reads.
#include "cuda/kernels.hpp"
#include "cuda/runtime/check.hpp"
#include "stencil/arithmetic.hpp"

namespace stencil::cuda {

template <class T>
__global__ void naive1d_kernel(const T* __restrict__ in, T* __restrict__ out, int n) {
  // Unsigned: near n = INT_MAX the last block's threads past the end would overflow an int.
  const unsigned thread = blockIdx.x * blockDim.x + threadIdx.x;
  if (thread >= static_cast<unsigned>(n))
    return;
  const int i = static_cast<int>(thread);
  out[i] = is_border_1d(i, n) ? in[i] : three_point(in[i - 1], in[i], in[i + 1]);
}

// One row of n cells: rows is 1.
template <class T>
void launch_naive1d(const T* in, T* out, int /*rows*/, int n, int /*chunks*/, cudaStream_t queue) {
  constexpr int kBlock = 256;
  const int blocks = n / kBlock + (n % kBlock != 0);  // n + kBlock - 1 may overflow
  naive1d_kernel<<<blocks, kBlock, 0, queue>>>(in, out, n);
  check_launch("naive1d_kernel launch");
}

#define STENCIL_INSTANTIATE(unused, T) \
  template void launch_naive1d<T>(const T*, T*, int, int, int, cudaStream_t);
STENCIL_ELEMENT_TYPES(STENCIL_INSTANTIATE, )
#undef STENCIL_INSTANTIATE

}  // namespace stencil::cuda
