// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// halo1d (lesson 002 solution): each thread loads its centre once into a dynamic shared tile of
// blockDim + 2 floats, the edge threads add the halo, and the three taps come from the tile.
#include "cuda/kernels.hpp"
#include "cuda/runtime/check.hpp"
#include "stencil/arithmetic.hpp"
#include "stencil/variants.hpp"

namespace stencil::cuda {

__global__ void halo1d_kernel(const Element* __restrict__ in, Element* __restrict__ out, int n) {
  extern __shared__ Element tile[];          // blockDim.x + 2 floats
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
void launch_halo1d(const Element* in, Element* out, int /*rows*/, int n, int /*chunks*/,
                   cudaStream_t queue) {
  const int blocks = n / kHaloBlock1D + (n % kHaloBlock1D != 0);     // n + 255 may overflow
  const size_t shared_bytes = (kHaloBlock1D + 2) * sizeof(Element);  // 1,032 bytes
  halo1d_kernel<<<blocks, kHaloBlock1D, shared_bytes, queue>>>(in, out, n);
  check_launch("halo1d_kernel launch");
}

}  // namespace stencil::cuda
