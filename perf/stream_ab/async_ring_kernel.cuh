// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The stream kernel with its rows in flight in shared memory: each thread copies its 16 bytes of
// a row into a ring of kDepth row buffers with cp.async, so the rows requested ahead cost no
// registers, and the ring can be deeper than the register ring of stream_kernel.cuh (4 rows, where
// the stall samples put a quarter of the time on the first use of a row that has not arrived).
//
// A block owns 1024 columns (256 threads, four consecutive columns each; a warp's copy covers 512
// contiguous bytes) and walks a chunk of rows [y0, y_end) downwards, reading rows y0 - 1 ... y_end
// (clipped to the array) once each. Row r sits in buffer r mod kDepth with its two x-halo values
// beside it, so every x neighbour is read from the buffer and nothing is published. At row r:
//  1. wait for this thread's copy of row r (kDepth - 3 newer rows may still be in flight), then one
//     barrier: row r has landed for every thread, and every thread is done with row r - 2;
//  2. request row r + kDepth - 2 into row r - 2's buffer;
//  3. compute row r - 1 from rows r - 2 and r - 1 (registers) and row r (its buffer).
// Only 16-byte rows (cols % 4 == 0) take this kernel (stream_shapes.cuh sends the others to the
// one-float kernel). An experiment: it measured 0.82-0.85 of the copy at N = 16384 against 0.925
// for the register ring (docs/stream-and-temporal.md), so the mini-app does not run it.
#pragma once

#include <cuda_pipeline.h>

#include "cuda/runtime/check.hpp"
#include "cuda/runtime/device_info.hpp"
#include "stencil/arithmetic.hpp"
#include "stencil/row_chunks.hpp"

namespace stencil::perf::async_ring {

using stencil::cuda::check;
using stencil::cuda::check_launch;
using stencil::cuda::multiprocessor_count;

constexpr int kThreads = 256;
constexpr int kBlockWidth = 4 * kThreads;
// One row buffer: three pads, the left halo at [3], the block's row at [4, 4 + kBlockWidth)
// (16-byte aligned), the right halo after it, and pads to keep the next buffer aligned.
constexpr int kLeftHalo = 3;
constexpr int kRowStart = 4;
constexpr int kRightHalo = kRowStart + kBlockWidth;
constexpr int kBufferFloats = kBlockWidth + 8;

template <int kDepth>
constexpr int kSharedBytes = kDepth* kBufferFloats* static_cast<int>(sizeof(float));

template <int kDepth, int kMinBlocks>
__global__ void __launch_bounds__(kThreads, kMinBlocks)
    stream_async_kernel(const float* __restrict__ in, float* __restrict__ out, int rows, int cols) {
  static_assert(kDepth >= 4 && (kDepth & (kDepth - 1)) == 0, "a power of two, 4 or more");
  extern __shared__ float4 ring_storage[];
  float* const ring = reinterpret_cast<float*>(ring_storage);

  const int y0 = static_cast<int>(static_cast<long>(blockIdx.y) * rows / gridDim.y);
  const int y_end = static_cast<int>(static_cast<long>(blockIdx.y + 1) * rows / gridDim.y);
  if (y0 == y_end)
    return;  // whole block
  const int me = static_cast<int>(threadIdx.x);
  const int base = static_cast<int>(blockIdx.x) * kBlockWidth;
  const int x = base + 4 * me;
  const bool in_grid = x < cols;  // cols % 4 == 0: the four columns are wholly in or out
  const bool left_halo = me == 0 && base > 0;
  const bool right_halo = me == kThreads - 1 && base + kBlockWidth < cols;
  const int first_read = y0 > 0 ? y0 - 1 : 0;
  const int last_read = y_end < rows ? y_end : rows - 1;

  // Buffer of row y, for y >= first_read - 2.
  auto buffer = [&](int y) {
    return ring + ((y - first_read + kDepth) & (kDepth - 1)) * kBufferFloats;
  };
  // One cp.async group per call, empty past the last row, so that "kDepth - 3 groups may pend"
  // always means the oldest row has landed.
  auto request = [&](int y) {
    if (y <= last_read) {
      float* b = buffer(y);
      const float* row = in + static_cast<long>(y) * cols;
      if (in_grid)
        __pipeline_memcpy_async(b + kRowStart + 4 * me, row + x, 16);
      if (left_halo)
        __pipeline_memcpy_async(b + kLeftHalo, row + base - 1, sizeof(float));
      if (right_halo)
        __pipeline_memcpy_async(b + kRightHalo, row + base + kBlockWidth, sizeof(float));
    }
    __pipeline_commit();
  };
  auto own = [&](int y) {
    return *reinterpret_cast<const float4*>(buffer(y) + kRowStart + 4 * me);
  };
  // Row y from `above`, `centre` (row y's own four values) and `below`; its x neighbours from
  // row y's buffer.
  auto compute = [&](int y, const float4& above, const float4& centre, const float4& below) {
    if (!in_grid)
      return;
    const float* b = buffer(y);
    const float before = b[kRowStart + 4 * me - 1];
    const float after = b[kRowStart + 4 * me + 4];
    const float c[4] = {centre.x, centre.y, centre.z, centre.w};
    const float up[4] = {above.x, above.y, above.z, above.w};
    const float down[4] = {below.x, below.y, below.z, below.w};
    float result[4];
#pragma unroll
    for (int e = 0; e < 4; ++e) {
      const float left = e > 0 ? c[e - 1] : before;
      const float right = e < 3 ? c[e + 1] : after;
      result[e] =
          is_border_2d(x + e, y, cols, rows) ? c[e] : five_point(c[e], left, right, up[e], down[e]);
    }
    *reinterpret_cast<float4*>(out + static_cast<long>(y) * cols + x) =
        make_float4(result[0], result[1], result[2], result[3]);
  };

  for (int r = 0; r < kDepth - 2; ++r)
    request(first_read + r);
  float4 above = make_float4(0.0f, 0.0f, 0.0f, 0.0f), centre = above;
  for (int r = first_read; r <= last_read; ++r) {
    __pipeline_wait_prior(kDepth - 3);  // row r's copy, this thread's part
    __syncthreads();                    // everyone's part; row r - 2's buffer is free
    request(r + kDepth - 2);
    const float4 below = in_grid ? own(r) : centre;
    if (r - 1 >= y0)
      compute(r - 1, above, centre, below);
    above = centre;
    centre = below;
  }
  if (last_read == y_end - 1)  // the array's last row: a border row, its centre copied
    compute(y_end - 1, above, centre, centre);
}

// One wave of blocks, or whole waves where one fills the GPU poorly; chunks of at least kMinRows.
template <int kDepth, int kMinBlocks, int kMinRows>
void launch(const float* in, float* out, int rows, int cols, int chunks, cudaStream_t queue) {
  auto* kernel = &stream_async_kernel<kDepth, kMinBlocks>;
  // Blocks resident at once; the shared-memory opt-in is set once, on the first launch.
  static const int wave = [&] {
    check(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                               kSharedBytes<kDepth>),
          "cudaFuncSetAttribute(stream_async_kernel)");
    int per_sm = 0;
    check(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, kThreads,
                                                        kSharedBytes<kDepth>),
          "cudaOccupancyMaxActiveBlocksPerMultiprocessor(stream_async_kernel)");
    return (per_sm > 0 ? per_sm : 1) * multiprocessor_count();
  }();
  const int column_blocks = (cols + kBlockWidth - 1) / kBlockWidth;
  if (chunks <= 0)
    chunks = wave_filling_chunks(wave, column_blocks, rows, kMinRows);
  kernel<<<dim3(column_blocks, chunks), kThreads, kSharedBytes<kDepth>, queue>>>(in, out, rows,
                                                                                 cols);
  check_launch("stream_async_kernel launch");
}

}  // namespace stencil::perf::async_ring
