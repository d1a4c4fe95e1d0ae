// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// halo1d (lesson 002 solution): each thread loads its centre once into a dynamic shared tile of
// blockDim + 2 cells, the edge threads add the halo, and the three taps come from the tile.
#include "cuda/kernels.hpp"
#include "cuda/runtime/check.hpp"
#include "cuda/runtime/dynamic_shared.cuh"
#include "stencil/arithmetic.hpp"
#include "stencil/variants.hpp"

namespace stencil::cuda {

// 64-bit cell indices: a 1-D grid is limited by memory only.
template <class T>
__global__ void halo1d_kernel(const T* __restrict__ in, T* __restrict__ out, std::int64_t n) {
  T* tile = dynamic_shared<T>();                                    // blockDim.x + 2 cells
  const std::int64_t base = std::int64_t{blockIdx.x} * blockDim.x;  // < n
  const std::int64_t i = base + threadIdx.x;
  const std::int64_t right = base + blockDim.x < n ? base + blockDim.x : n - 1;
  const int s = threadIdx.x + 1;
  tile[s] = in[i < n ? i : n - 1];  // past the end: any cell, never used
  if (threadIdx.x == 0)
    tile[0] = in[base > 0 ? base - 1 : 0];
  if (threadIdx.x == blockDim.x - 1)
    tile[blockDim.x + 1] = in[right];
  __syncthreads();  // the tile is complete before anyone reads a neighbour
  if (i < n) {
    out[i] = is_border_1d(i, n) ? tile[s] : three_point(tile[s - 1], tile[s], tile[s + 1]);
  }
}

// One row of n cells: rows is 1. The block count fits grid.x: the stepper refuses a grid past
// kMaxDeviceCells1D.
template <class T>
void launch_halo1d(const T* in, T* out, int /*rows*/, std::int64_t n, int /*chunks*/,
                   cudaStream_t queue) {
  const auto blocks = static_cast<unsigned>(n / kHaloBlock1D + (n % kHaloBlock1D != 0));
  const size_t shared_bytes = (kHaloBlock1D + 2) * sizeof(T);  // 1,032 or 2,064 bytes
  halo1d_kernel<<<blocks, kHaloBlock1D, shared_bytes, queue>>>(in, out, n);
  check_launch("halo1d_kernel launch");
}

#define STENCIL_INSTANTIATE(unused, T) \
  template void launch_halo1d<T>(const T*, T*, int, std::int64_t, int, cudaStream_t);
STENCIL_ELEMENT_TYPES(STENCIL_INSTANTIATE, )
#undef STENCIL_INSTANTIATE

}  // namespace stencil::cuda
