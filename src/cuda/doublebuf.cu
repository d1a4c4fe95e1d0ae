// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// doublebuf (lesson 004): a 32x8 block owns a 32-column strip of one row chunk and walks it down in
// stages of 32x8 outputs, each computed from a 34x10 tile (stencil/stage_tile.hpp). Two static
// shared tiles alternate: while the block computes stage k from one, the global loads of stage k+1
// are already in flight into registers, and they are stored into the other tile after the compute
// (register-staged prefetch), so one stage's load latency overlaps the previous stage's compute
// inside the block. The chunk height comes from the launch, ceil(N / gridDim.y), as for strip.
#include "cuda/kernels.hpp"
#include "cuda/runtime/check.hpp"
#include "cuda/runtime/stage_launch.cuh"
#include "stencil/arithmetic.hpp"
#include "stencil/cell_offset.hpp"
#include "stencil/row_chunks.hpp"
#include "stencil/stage_tile.hpp"

namespace stencil::cuda {

// Barrier 2 of a stage is not needed by this register-staged copy (its write comes after the next
// stage's barrier 1 anyway); it keeps the lesson's two-barrier stage, which doublebuf_async needs,
// so the two variants differ only in how the copy is made (docs/lesson004.md).
template <class T, class Index>  // Index: the offset type (cell_offset.hpp)
__global__ void __launch_bounds__(kStageThreads)
    doublebuf_kernel(const T* __restrict__ in, T* __restrict__ out, int rows, int cols) {
  using stage_tile::kCells;
  constexpr int kSlots = (kCells + kStageThreads - 1) / kStageThreads;  // 2 per thread
  __shared__ T tiles[2][kCells];
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

  // Prologue: stage 0 goes straight into tile 0.
#pragma unroll
  for (int s = 0; s < kSlots; ++s) {
    const int t = thread + s * kStageThreads;
    if (t < kCells)
      tiles[0][t] = in[stage_tile::source_index<Index>(t, x0, y0, rows, cols)];
  }

  T staged[kSlots];
  for (int k = 0; k < stages; ++k) {
    const T* current = tiles[k & 1];
    const bool prefetch = k + 1 < stages;
    if (prefetch) {  // issued now, consumed only after the compute below
#pragma unroll
      for (int s = 0; s < kSlots; ++s) {
        const int t = thread + s * kStageThreads;
        if (t < kCells)
          staged[s] =
              in[stage_tile::source_index<Index>(t, x0, y0 + (k + 1) * kStageHeight, rows, cols)];
      }
    }
    __syncthreads();  // 1: stage k's tile is complete before anyone reads a neighbour

    const int y = y0 + k * kStageHeight + threadIdx.y;
    if (x < cols && y < y_end) {
      out[cell_offset<Index>(y, x, cols)] = stage_tile::output(current, c, x, y, rows, cols);
    }

    if (prefetch) {  // the other tile was last read in stage k-1, before barrier 1
#pragma unroll
      for (int s = 0; s < kSlots; ++s) {
        const int t = thread + s * kStageThreads;
        if (t < kCells)
          tiles[(k + 1) & 1][t] = staged[s];
      }
    }
    __syncthreads();  // 2: everyone is done reading tile k & 1 before it is rewritten
  }
}

template <class T>
void launch_doublebuf(const T* in, T* out, int rows, int cols, int chunks, cudaStream_t queue) {
  const dim3 grid = stage_grid(cols, chunks);
  if (offsets_fit_int(rows, cols))
    doublebuf_kernel<T, int><<<grid, stage_block(), 0, queue>>>(in, out, rows, cols);
  else
    doublebuf_kernel<T, std::int64_t><<<grid, stage_block(), 0, queue>>>(in, out, rows, cols);
  check_launch("doublebuf_kernel launch");
}

#define STENCIL_INSTANTIATE(unused, T) \
  template void launch_doublebuf<T>(const T*, T*, int, int, int, cudaStream_t);
STENCIL_ELEMENT_TYPES(STENCIL_INSTANTIATE, )
#undef STENCIL_INSTANTIATE

}  // namespace stencil::cuda
