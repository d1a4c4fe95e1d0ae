// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// naive: one output per thread, all five taps read from global memory.
#include "cuda/kernels.hpp"
#include "cuda/runtime/check.hpp"
#include "stencil/arithmetic.hpp"
#include "stencil/cell_offset.hpp"

namespace stencil::cuda {

template <class T>
__global__ void naive_kernel(const T* __restrict__ in, T* __restrict__ out, int rows, int cols) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= cols || y >= rows)
    return;
  // The row's base once in 64 bits; the taps are 32-bit offsets from it (cell_offset.hpp).
  const std::int64_t row = row_offset(y, cols);
  const T* centre = in + row + x;
  out[row + x] = is_border_2d(x, y, cols, rows)
                     ? centre[0]
                     : five_point(centre[0], centre[-1], centre[1], centre[-cols], centre[cols]);
}

template <class T>
void launch_naive(const T* in, T* out, int rows, int cols, int /*chunks*/, cudaStream_t queue) {
  const dim3 block(32, 8);
  const dim3 grid((cols + block.x - 1) / block.x, (rows + block.y - 1) / block.y);
  naive_kernel<<<grid, block, 0, queue>>>(in, out, rows, cols);
  check_launch("naive_kernel launch");
}

#define STENCIL_INSTANTIATE(unused, T) \
  template void launch_naive<T>(const T*, T*, int, int, int, cudaStream_t);
STENCIL_ELEMENT_TYPES(STENCIL_INSTANTIATE, )
#undef STENCIL_INSTANTIATE

}  // namespace stencil::cuda
