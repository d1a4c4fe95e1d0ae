// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// tiled (lesson 004): a 32x8 block stages its 34x10 input tile, halo included, in static shared
// memory, then computes its outputs from the tile.
//
// The tile is stored transposed, tile[sx][sy]: shared row sx holds tile column sx (10 values) and
// rows are kPitch cells apart. A warp (32 consecutive x at one y) therefore reads down a column of
// the shared array, and the pitch alone decides its bank conflicts (32 banks of 4-byte words):
//  * float: the 32 addresses are kPitch words apart, so they fall in 32 / gcd(kPitch, 32) banks --
//    pitch 32: one bank, a 32-way conflict; 34: 16 banks, 2-way; 33: 32 banks, none;
//  * double: a warp's 8-byte reads are served as two half-warps of 16 threads, each thread taking
//    a pair of banks; the 16 pairs are 2 kPitch words apart, so they fall on 16 / gcd(kPitch, 16)
//    distinct pairs -- pitch 32: one pair, 16-way; 34: 8 pairs, 2-way; 33: 16 pairs, all 32
//    banks, none. The same pitches rank the same way: 32 wavefronts, 4 and 2 (the least an 8-byte
//    warp read takes) against float's 32, 2 and 1 (docs/lesson004.md).
// The lesson's row-major form, tile[sy][sx] with pitch 34, has warps reading along a row and no
// pitch to vary.
#include "cuda/kernels.hpp"
#include "cuda/runtime/check.hpp"
#include "stencil/arithmetic.hpp"
#include "stencil/cell_offset.hpp"
#include "stencil/variants.hpp"

namespace stencil::cuda {

template <class T, int kPitch, class Index>  // Index: the offset type (cell_offset.hpp)
__global__ void __launch_bounds__(kTileWidth* kTileHeight)
    tiled_kernel(const T* __restrict__ in, T* __restrict__ out, int rows, int cols) {
  constexpr int kColumns = kTileWidth + 2;  // tile columns = shared rows
  constexpr int kRows = kTileHeight + 2;    // tile rows = used cells of a shared row
  constexpr int kLoadCells = kColumns * kRows;
  static_assert(kPitch >= kRows, "a shared row must hold a whole tile column");
  __shared__ T tile[kColumns][kPitch];
  const int ox = blockIdx.x * kTileWidth;
  const int oy = blockIdx.y * kTileHeight;

  // Flat load in image order: consecutive threads take consecutive cells of a tile row, which are
  // consecutive in global memory. Clamped, so the halo past the edge still holds a value; the
  // load is never skipped, because every thread must reach the barrier.
  for (int t = threadIdx.y * kTileWidth + threadIdx.x; t < kLoadCells;
       t += kTileWidth * kTileHeight) {
    const int sx = t % kColumns;
    const int sy = t / kColumns;
    tile[sx][sy] = in[cell_offset<Index>(clamp_index(oy + sy - 1, 0, rows - 1),
                                         clamp_index(ox + sx - 1, 0, cols - 1), cols)];
  }
  __syncthreads();  // the whole tile is loaded before anyone reads a neighbour

  const int x = ox + threadIdx.x;
  const int y = oy + threadIdx.y;
  if (x < cols && y < rows) {
    const int tx = threadIdx.x + 1;  // the halo shifts the interior by one in both axes
    const int ty = threadIdx.y + 1;
    out[cell_offset<Index>(y, x, cols)] =
        is_border_2d(x, y, cols, rows)
            ? tile[tx][ty]
            : five_point(tile[tx][ty], tile[tx - 1][ty], tile[tx + 1][ty], tile[tx][ty - 1],
                         tile[tx][ty + 1]);
  }
}

template <class T, int kPitch>
void launch_tiled(const T* in, T* out, int rows, int cols, int /*chunks*/, cudaStream_t queue) {
  const dim3 block(kTileWidth, kTileHeight);
  const dim3 grid((cols + kTileWidth - 1) / kTileWidth, (rows + kTileHeight - 1) / kTileHeight);
  if (offsets_fit_int(rows, cols))
    tiled_kernel<T, kPitch, int><<<grid, block, 0, queue>>>(in, out, rows, cols);
  else
    tiled_kernel<T, kPitch, std::int64_t><<<grid, block, 0, queue>>>(in, out, rows, cols);
  check_launch("tiled_kernel launch");
}

#define STENCIL_INSTANTIATE_PITCH(T, Pitch) \
  template void launch_tiled<T, Pitch>(const T*, T*, int, int, int, cudaStream_t);
#define STENCIL_INSTANTIATE(unused, T) STENCIL_TILED_PITCHES(STENCIL_INSTANTIATE_PITCH, T)
STENCIL_ELEMENT_TYPES(STENCIL_INSTANTIATE, )
#undef STENCIL_INSTANTIATE
#undef STENCIL_INSTANTIATE_PITCH

}  // namespace stencil::cuda
