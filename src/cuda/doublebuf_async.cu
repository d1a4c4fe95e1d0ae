// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// doublebuf_async (lesson 004, Hopper): the doublebuf contract (stencil/stage_tile.hpp), with the
// next stage copied by cp.async (__pipeline_memcpy_async) straight from global memory into the
// other shared tile, without passing through registers. The copy of stage k+1 is issued before
// the block waits for stage k, so it has a whole stage to land.
#include <cuda_pipeline.h>

#include "cuda/check.hpp"
#include "cuda/kernels.hpp"
#include "stencil/arithmetic.hpp"
#include "stencil/cell_offset.hpp"
#include "stencil/row_chunks.hpp"
#include "stencil/stage_tile.hpp"

namespace stencil::cuda {

constexpr int kDoubleBufAsyncThreads = kStageWidth * kStageHeight;

// This thread's share of one stage tile, copied asynchronously into `tile` (4 bytes per cell):
// stage_tile::source_index's cells, addressed from the stage's first tile row (y - 1), whose
// 64-bit offset is formed once; each cell lies at most kStageHeight + 2 rows from it, a 32-bit
// offset while cols <= kMaxDoubleBufAsyncColumns (kernels.hpp; the stepper checks). With a 64-bit
// offset per cell the kernel took 40 registers, and 6 instead of 8 blocks per multiprocessor.
__device__ void copy_stage_async(float* tile, const float* __restrict__ in, int lane, int x0, int y,
                                 int rows, int cols) {
  const float* stage = in + row_offset(y - 1, cols);
  for (int t = lane; t < stage_tile::kCells; t += kDoubleBufAsyncThreads) {
    const int row = clamp_index(y + t / stage_tile::kColumns - 1, 0, rows - 1) - (y - 1);
    const int col = clamp_index(x0 + t % stage_tile::kColumns - 1, 0, cols - 1);
    __pipeline_memcpy_async(&tile[t], stage + (row * cols + col), sizeof(float));
  }
}

// Eight blocks per multiprocessor (2048 threads, 32 registers each): the occupancy of the 32-bit
// form, which the 64-bit stage offsets would otherwise cost.
__global__ void __launch_bounds__(kDoubleBufAsyncThreads, 8)
    doublebuf_async_kernel(const float* __restrict__ in, float* __restrict__ out, int rows,
                           int cols) {
  __shared__ float tiles[2][stage_tile::kCells];
  const int x0 = blockIdx.x * kStageWidth;
  // The chunk comes from the launched grid (row_chunks.hpp), so the chunks cover every row.
  const RowChunk chunk = row_chunk(rows, static_cast<int>(gridDim.y), static_cast<int>(blockIdx.y));
  if (chunk.empty())
    return;  // whole block: trailing chunks can be empty
  const int y0 = chunk.begin;
  const int y_end = chunk.end;
  const int stages = (y_end - y0 + kStageHeight - 1) / kStageHeight;
  const int lane = threadIdx.y * kStageWidth + threadIdx.x;
  const int x = x0 + threadIdx.x;
  const int c = stage_tile::centre_index(threadIdx.x, threadIdx.y);

  copy_stage_async(tiles[0], in, lane, x0, y0, rows, cols);
  __pipeline_commit();

  for (int k = 0; k < stages; ++k) {
    if (k + 1 < stages)
      copy_stage_async(tiles[(k + 1) & 1], in, lane, x0, y0 + (k + 1) * kStageHeight, rows, cols);
    // One commit group per stage, empty after the last, so "all but the newest group" is always
    // stage k's: this thread's copies of stage k have landed.
    __pipeline_commit();
    __pipeline_wait_prior(1);
    __syncthreads();  // 1: every thread's copies of stage k have landed; the tile is complete

    const float* current = tiles[k & 1];
    const int y = y0 + k * kStageHeight + threadIdx.y;
    if (x < cols && y < y_end) {
      out[row_offset(y, cols) + x] = stage_tile::output(current, c, x, y, rows, cols);
    }
    // 2: everyone is done reading tile k & 1: the next stage issues the copy of stage k+2 into it
    // before its own barrier 1, so without this barrier the copy could overwrite cells a slow
    // warp has not read yet.
    __syncthreads();
  }
}

void launch_doublebuf_async(const float* in, float* out, int rows, int cols, int chunks,
                            cudaStream_t queue) {
  const dim3 block(kStageWidth, kStageHeight);
  const dim3 grid((cols + kStageWidth - 1) / kStageWidth, chunks);
  doublebuf_async_kernel<<<grid, block, 0, queue>>>(in, out, rows, cols);
  check_launch("doublebuf_async_kernel launch");
}

}  // namespace stencil::cuda
