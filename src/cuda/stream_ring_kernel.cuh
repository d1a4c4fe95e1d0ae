// The shared-ring stream kernel (issue 7): the stream contract (stream_kernel.cuh: one read and one
// write of every cell, 1024-column blocks walking chunks of rows) with the rows in flight held in
// shared memory instead of registers, for rows whose 16-byte alignment allows float4 (N % 4 == 0).
//
// Why: the register-ring kernel keeps kAhead rows in flight per thread, and registers cap kAhead
// at 4 (more spills, fewer blocks fit). Its per-block rate is bound by the bytes it has in flight,
// which is what limits small grids, where the sector budget allows few chunks. Here every row is
// copied by cp.async (__pipeline_memcpy_async) straight into a ring of rows in shared memory:
// a copy in flight holds no register, so a block keeps kBatchesAhead x kBatch rows in flight.
//
// The walk goes in batches of kBatch rows with one barrier per batch instead of one per row:
//  1. wait for this thread's copies of the batch's rows (one commit group per batch), then
//     __syncthreads: every thread's copies are visible, and every thread has finished the last
//     batch, so its ring slots may be refilled;
//  2. issue the copies of batch b + kBatchesAhead into the slots batch b - 1 no longer needs;
//  3. compute the batch's rows: rows y - 1 and y stay in registers, row y + 1 comes from the ring;
//     x neighbours come by warp shuffle, a warp's two edge values from the ring row itself.
// The ring holds rows y0 - 1 ... y0 + B(P + 1) of batch b (B = kBatch, P = kBatchesAhead): the
// batch's rows and their two neighbour rows, plus the P batches in flight; row y lives in slot
// y % kRingRows.
#pragma once

#include <cuda_pipeline.h>

#include "stencil/arithmetic.hpp"

namespace stencil::cuda::stream_ring_detail {

constexpr int kThreads = 256;
constexpr int kBlockWidth = kThreads * 4;  // columns a block owns: one float4 per thread
// A ring row: the left halo at kHaloLeft, the block's columns from kDataOffset (16-byte aligned),
// the right halo after them.
constexpr int kDataOffset = 4;
constexpr int kHaloLeft = kDataOffset - 1;
constexpr int kHaloRight = kDataOffset + kBlockWidth;
constexpr int kRowStride = kBlockWidth + 2 * kDataOffset;

template <int kBatch, int kBatchesAhead>
constexpr int ring_rows() {
  return kBatch * (kBatchesAhead + 1) + 2;
}
template <int kBatch, int kBatchesAhead>
constexpr int ring_bytes() {
  return ring_rows<kBatch, kBatchesAhead>() * kRowStride * static_cast<int>(sizeof(float));
}

template <int kBatch, int kBatchesAhead, int kMinBlocks>
__global__ void __launch_bounds__(kThreads, kMinBlocks)
    stream_ring_kernel(const float* __restrict__ in, float* __restrict__ out, int n) {
  constexpr int kRingRows = ring_rows<kBatch, kBatchesAhead>();
  extern __shared__ __align__(16) float ring[];

  const int base = blockIdx.x * kBlockWidth;
  const int y0 = static_cast<int>(static_cast<long>(blockIdx.y) * n / gridDim.y);
  const int y_end = static_cast<int>(static_cast<long>(blockIdx.y + 1) * n / gridDim.y);
  if (y0 == y_end)
    return;  // whole block: more chunks than rows
  const int first_row = y0 > 0 ? y0 - 1 : 0;        // the rows this chunk reads
  const int last_row = y_end < n ? y_end : n - 1;
  const int x = base + threadIdx.x * 4;              // this thread's first column
  const bool in_grid = x < n;                        // N % 4 == 0: all four columns or none
  const bool left_halo_thread = threadIdx.x == 0 && base > 0;
  const bool right_halo_thread = threadIdx.x == kThreads - 1 && base + kBlockWidth < n;
  auto slot = [&](int y) { return ring + (y % kRingRows) * kRowStride; };

  // Copies rows [from, to] (clipped to the chunk's rows) into the ring, as one commit group, empty
  // when nothing is left, so that "all but the newest kBatchesAhead - 1 groups" always means the
  // batch about to be computed.
  auto copy_rows = [&](int from, int to) {
    if (from < first_row)
      from = first_row;
    if (to > last_row)
      to = last_row;
    for (int y = from; y <= to; ++y) {
      float* row = slot(y);
      const float* source = in + static_cast<long>(y) * n;
      if (in_grid)
        __pipeline_memcpy_async(row + kDataOffset + threadIdx.x * 4, source + x, sizeof(float4));
      if (left_halo_thread)
        __pipeline_memcpy_async(row + kHaloLeft, source + base - 1, sizeof(float));
      if (right_halo_thread)
        __pipeline_memcpy_async(row + kHaloRight, source + base + kBlockWidth, sizeof(float));
    }
    __pipeline_commit();
  };
  // Batch b computes rows y0 + bB ... y0 + bB + B - 1 and needs, besides the rows before it,
  // rows up to y0 + bB + B: batch 0's group also holds rows y0 - 1 ... y0.
  auto copy_batch = [&](int b) {
    const int first = y0 + b * kBatch;
    copy_rows(b == 0 ? first - 1 : first + 1, first + kBatch);
  };

  const int lane = threadIdx.x % 32;
  const int warp_left = kDataOffset + (threadIdx.x / 32) * 128 - 1;   // ring index before warp
  const int warp_right = kDataOffset + (threadIdx.x / 32) * 128 + 128;  // ring index after warp
  auto read_ring = [&](int y) {
    return *reinterpret_cast<const float4*>(slot(y) + kDataOffset + threadIdx.x * 4);
  };

#pragma unroll
  for (int b = 0; b < kBatchesAhead; ++b)
    copy_batch(b);

  float4 above = make_float4(0.0f, 0.0f, 0.0f, 0.0f), centre = above;
  const int batches = (y_end - y0 + kBatch - 1) / kBatch;
  for (int b = 0; b < batches; ++b) {
    __pipeline_wait_prior(kBatchesAhead - 1);
    __syncthreads();
    copy_batch(b + kBatchesAhead);
    if (b == 0) {
      if (y0 > 0)
        above = read_ring(y0 - 1);
      centre = read_ring(y0);
    }
#pragma unroll
    for (int r = 0; r < kBatch; ++r) {
      const int y = y0 + b * kBatch + r;
      if (y >= y_end)
        break;  // block-uniform
      const float4 below = y + 1 <= last_row ? read_ring(y + 1) : centre;
      // x neighbours: within the warp by shuffle (all lanes, before any leaves), at the warp's
      // edges from the ring row (the previous or next warp's value, or the block's halo).
      float before = __shfl_up_sync(0xffffffffu, centre.w, 1);
      float after = __shfl_down_sync(0xffffffffu, centre.x, 1);
      if (lane == 0)
        before = slot(y)[warp_left];
      if (lane == 31)
        after = slot(y)[warp_right];
      if (in_grid) {
        const float c[4] = {centre.x, centre.y, centre.z, centre.w};
        const float up[4] = {above.x, above.y, above.z, above.w};
        const float down[4] = {below.x, below.y, below.z, below.w};
        float result[4];
#pragma unroll
        for (int e = 0; e < 4; ++e) {
          const float left = e > 0 ? c[e - 1] : before;
          const float right = e < 3 ? c[e + 1] : after;
          result[e] =
              is_border_2d(x + e, y, n) ? c[e] : five_point(c[e], left, right, up[e], down[e]);
        }
        *reinterpret_cast<float4*>(out + static_cast<long>(y) * n + x) =
            make_float4(result[0], result[1], result[2], result[3]);
      }
      above = centre;
      centre = below;
    }
  }
}

}  // namespace stencil::cuda::stream_ring_detail
