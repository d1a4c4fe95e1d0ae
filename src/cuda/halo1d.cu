// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// halo1d (lesson 002 solution): each thread loads its centre once into a dynamic shared tile of
// blockDim + 2 cells, the edge threads add the halo, and the three taps come from the tile.
#include "cuda/kernels.hpp"
#include "cuda/runtime/check.hpp"
#include "cuda/runtime/dynamic_shared.cuh"
#include "stencil/arithmetic.hpp"
#include "stencil/variants.hpp"

namespace stencil::cuda {

template <class T>
__global__ void halo1d_kernel(const T* __restrict__ in, T* __restrict__ out, int n) {
  T* tile = dynamic_shared<T>();             // blockDim.x + 2 cells
  const int base = blockIdx.x * blockDim.x;  // < n
  // Past the end, i is n (clamped below): near n = INT_MAX, base + threadIdx.x would overflow.
  const int i = n - base > static_cast<int>(threadIdx.x) ? base + static_cast<int>(threadIdx.x) : n;
  const int right =
      n - base > static_cast<int>(blockDim.x) ? base + static_cast<int>(blockDim.x) : n - 1;
  const int s = threadIdx.x + 1;
  tile[s] = in[clamp_index(i, 0, n - 1)];
  if (threadIdx.x == 0)
    tile[0] = in[clamp_index(base - 1, 0, n - 1)];
  if (threadIdx.x == blockDim.x - 1)
    tile[blockDim.x + 1] = in[right];
  __syncthreads();  // the tile is complete before anyone reads a neighbour
  if (i < n) {
    out[i] = is_border_1d(i, n) ? tile[s] : three_point(tile[s - 1], tile[s], tile[s + 1]);
  }
}

// One row of n cells: rows is 1.
template <class T>
void launch_halo1d(const T* in, T* out, int /*rows*/, int n, int /*chunks*/, cudaStream_t queue) {
  const int blocks = n / kHaloBlock1D + (n % kHaloBlock1D != 0);  // n + 255 may overflow
  const size_t shared_bytes = (kHaloBlock1D + 2) * sizeof(T);     // 1,032 or 2,064 bytes
  halo1d_kernel<<<blocks, kHaloBlock1D, shared_bytes, queue>>>(in, out, n);
  check_launch("halo1d_kernel launch");
}

#define STENCIL_INSTANTIATE(unused, T) \
  template void launch_halo1d<T>(const T*, T*, int, int, int, cudaStream_t);
STENCIL_ELEMENT_TYPES(STENCIL_INSTANTIATE, )
#undef STENCIL_INSTANTIATE

}  // namespace stencil::cuda
