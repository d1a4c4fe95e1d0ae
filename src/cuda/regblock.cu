// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// regblock (lesson 004): register blocking on top of the shared tile. Each thread of a 32x8 block
// computes a p x p patch of outputs from the (p+2) x (p+2) neighbourhood it copies from shared
// memory into registers once; neighbouring outputs of the patch then share their taps in registers
// instead of re-reading shared memory. The block covers 32p x 8p outputs from a static
// (8p+2) x (32p+2) tile: 34x130 cells at p = 4 (17,680 bytes in float, 35,360 in double), whose
// flat load takes 18 passes.
//   tiled, per output: out = five_point(t[y][x], t[y][x-1], t[y][x+1], t[y-1][x], t[y+1][x])
// Shared reads per output: tiled 5; here (p+2)^2 - 4 per p^2 outputs (the neighbourhood's four
// corners are no tap of the five-point stencil and are not read): 2.0 at p = 4, 3.0 at p = 2.
// The threads of a warp share a row and read p cells apart, so each read is a p-way bank conflict
// (in double within each half-warp: a warp's 8-byte read is served as two half-warps of 16).
#include "cuda/kernels.hpp"
#include "cuda/runtime/check.hpp"
#include "stencil/arithmetic.hpp"
#include "stencil/cell_offset.hpp"
#include "stencil/variants.hpp"

namespace stencil::cuda {

template <class T, int kPatch>
__global__ void __launch_bounds__(kRegBlockLanesX* kRegBlockLanesY)
    regblock_kernel(const T* __restrict__ in, T* __restrict__ out, int rows, int cols) {
  constexpr int kBlockThreads = kRegBlockLanesX * kRegBlockLanesY;
  constexpr int kOutWidth = kRegBlockLanesX * kPatch;
  constexpr int kOutHeight = kRegBlockLanesY * kPatch;
  constexpr int kPitch = kOutWidth + 2;
  constexpr int kTileCells = kPitch * (kOutHeight + 2);
  constexpr int kSide = kPatch + 2;  // the neighbourhood held in registers is kSide x kSide
  __shared__ T tile[kOutHeight + 2][kPitch];
  const int ox = blockIdx.x * kOutWidth;
  const int oy = blockIdx.y * kOutHeight;

  // Flat, clamped load as in tiled, now several passes per thread; never skipped, because every
  // thread must reach the barrier.
  for (int t = threadIdx.y * kRegBlockLanesX + threadIdx.x; t < kTileCells; t += kBlockThreads) {
    const int sx = t % kPitch;
    const int sy = t / kPitch;
    tile[sy][sx] = in[row_offset(clamp_index(oy + sy - 1, 0, rows - 1), cols) +
                      clamp_index(ox + sx - 1, 0, cols - 1)];
  }
  __syncthreads();  // the whole tile is loaded before anyone reads a neighbour

  // Tile coordinates of this thread's neighbourhood (its top-left is halo or a neighbour's output).
  const int px = threadIdx.x * kPatch;
  const int py = threadIdx.y * kPatch;

  // Fully unrolled, so every index of v is a compile-time constant and v stays in registers.
  T v[kSide][kSide];
#pragma unroll
  for (int j = 0; j < kSide; ++j) {
#pragma unroll
    for (int i = 0; i < kSide; ++i) {
      const bool corner = (j == 0 || j == kSide - 1) && (i == 0 || i == kSide - 1);
      if (!corner)
        v[j][i] = tile[py + j][px + i];
    }
  }

  // The patch's first row in 64 bits, once; each next row is cols further on, and the patch's
  // columns are 32-bit offsets from the row.
  T* out_row = out + row_offset(oy + py, cols);
#pragma unroll
  for (int j = 0; j < kPatch; ++j, out_row += cols) {
    const int y = oy + py + j;
#pragma unroll
    for (int i = 0; i < kPatch; ++i) {
      const int x = ox + px + i;
      if (x < cols && y < rows) {
        out_row[x] = is_border_2d(x, y, cols, rows)
                         ? v[j + 1][i + 1]
                         : five_point(v[j + 1][i + 1], v[j + 1][i], v[j + 1][i + 2], v[j][i + 1],
                                      v[j + 2][i + 1]);
      }
    }
  }
}

template <class T, int kPatch>
void launch_regblock(const T* in, T* out, int rows, int cols, int /*chunks*/, cudaStream_t queue) {
  constexpr int kOutWidth = kRegBlockLanesX * kPatch;
  constexpr int kOutHeight = kRegBlockLanesY * kPatch;
  const dim3 block(kRegBlockLanesX, kRegBlockLanesY);
  const dim3 grid((cols + kOutWidth - 1) / kOutWidth, (rows + kOutHeight - 1) / kOutHeight);
  regblock_kernel<T, kPatch><<<grid, block, 0, queue>>>(in, out, rows, cols);
  check_launch("regblock_kernel launch");
}

#define STENCIL_INSTANTIATE_PATCH(T, Patch) \
  template void launch_regblock<T, Patch>(const T*, T*, int, int, int, cudaStream_t);
#define STENCIL_INSTANTIATE(unused, T) STENCIL_PATCH_SIZES(STENCIL_INSTANTIATE_PATCH, T)
STENCIL_ELEMENT_TYPES(STENCIL_INSTANTIATE, )
#undef STENCIL_INSTANTIATE
#undef STENCIL_INSTANTIATE_PATCH

}  // namespace stencil::cuda
