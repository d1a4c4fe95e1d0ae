// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// doublebuf_async (lesson 004, Hopper): the doublebuf contract (stencil/stage_tile.hpp), with the
// next stage copied by cp.async (__pipeline_memcpy_async) straight from global memory into the
// other shared tile, without passing through registers. The copy of stage k+1 is issued before
// the block waits for stage k, so it has a whole stage to land.
#include <cuda_pipeline.h>

#include <climits>
#include <cstdint>

#include "cuda/kernels.hpp"
#include "cuda/runtime/check.hpp"
#include "cuda/runtime/stage_launch.cuh"
#include "stencil/arithmetic.hpp"
#include "stencil/row_chunks.hpp"
#include "stencil/stage_tile.hpp"

namespace stencil::cuda {

// The kernel comes in two index widths. Where the whole array fits 32-bit offsets (2^31 cells,
// N = 46340), every address is 32-bit arithmetic, which keeps the kernel at 32 registers and eight
// blocks per multiprocessor. Larger arrays take 64-bit offsets, and pay registers for them only
// there: per-cell 64-bit offsets take more registers, and forcing those back to eight blocks per
// multiprocessor runs slower than the 32-bit form (docs/design.md).
template <class Index>
__device__ Index tile_source_offset(int t, int x0, int y, int rows, int cols) {
  const Index row = clamp_index(y + t / stage_tile::kColumns - 1, 0, rows - 1);
  return row * cols + clamp_index(x0 + t % stage_tile::kColumns - 1, 0, cols - 1);
}

// This thread's share of one stage tile (stage_tile::source_index's cells), copied asynchronously
// into `tile`, one cell (4 or 8 bytes) per copy.
template <class Index, class T>
__device__ void copy_stage_async(T* tile, const T* __restrict__ in, int thread, int x0, int y,
                                 int rows, int cols) {
  for (int t = thread; t < stage_tile::kCells; t += kStageThreads)
    __pipeline_memcpy_async(&tile[t], &in[tile_source_offset<Index>(t, x0, y, rows, cols)],
                            sizeof(T));
}

template <class T, class Index>
__global__ void __launch_bounds__(kStageThreads)
    doublebuf_async_kernel(const T* __restrict__ in, T* __restrict__ out, int rows, int cols) {
  __shared__ T tiles[2][stage_tile::kCells];
  const int x0 = blockIdx.x * kStageWidth;
  // The chunk comes from the launched grid (row_chunks.hpp), so the chunks cover every row.
  const RowChunk chunk = row_chunk(rows, static_cast<int>(gridDim.y), static_cast<int>(blockIdx.y));
  if (chunk.empty())
    return;  // whole block: trailing chunks can be empty
  const int y0 = chunk.begin;
  const int y_end = chunk.end;
  const int stages = (y_end - y0 + kStageHeight - 1) / kStageHeight;
  const int thread = threadIdx.y * kStageWidth + threadIdx.x;
  const int x = x0 + threadIdx.x;
  const int c = stage_tile::centre_index(threadIdx.x, threadIdx.y);

  copy_stage_async<Index>(tiles[0], in, thread, x0, y0, rows, cols);
  __pipeline_commit();

  for (int k = 0; k < stages; ++k) {
    if (k + 1 < stages)
      copy_stage_async<Index>(tiles[(k + 1) & 1], in, thread, x0, y0 + (k + 1) * kStageHeight, rows,
                              cols);
    // One commit group per stage, empty after the last, so "all but the newest group" is always
    // stage k's: this thread's copies of stage k have landed.
    __pipeline_commit();
    __pipeline_wait_prior(1);
    __syncthreads();  // 1: every thread's copies of stage k have landed; the tile is complete

    const T* current = tiles[k & 1];
    const int y = y0 + k * kStageHeight + threadIdx.y;
    if (x < cols && y < y_end) {
      out[static_cast<Index>(y) * cols + x] = stage_tile::output(current, c, x, y, rows, cols);
    }
    // 2: everyone is done reading tile k & 1: the next stage issues the copy of stage k+2 into it
    // before its own barrier 1, so without this barrier the copy could overwrite cells a slow
    // warp has not read yet.
    __syncthreads();
  }
}

template <class T>
void launch_doublebuf_async(const T* in, T* out, int rows, int cols, int chunks,
                            cudaStream_t queue) {
  const dim3 grid = stage_grid(cols, chunks);
  const dim3 block = stage_block();
  if (static_cast<std::int64_t>(rows) * cols <= INT_MAX)
    doublebuf_async_kernel<T, int><<<grid, block, 0, queue>>>(in, out, rows, cols);
  else
    doublebuf_async_kernel<T, std::int64_t><<<grid, block, 0, queue>>>(in, out, rows, cols);
  check_launch("doublebuf_async_kernel launch");
}

#define STENCIL_INSTANTIATE(unused, T) \
  template void launch_doublebuf_async<T>(const T*, T*, int, int, int, cudaStream_t);
STENCIL_ELEMENT_TYPES(STENCIL_INSTANTIATE, )
#undef STENCIL_INSTANTIATE

}  // namespace stencil::cuda
