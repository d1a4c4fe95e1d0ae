// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The baseline form of the stream kernel (as at commit bbb47f6, but for the namespace and the
// using-declarations): what perf/stream_ab compares every shape with, bit for bit and in rate
// (docs/stream-and-temporal.md gives the figures).
#pragma once

#include "stencil/arithmetic.hpp"

namespace stencil::perf::baseline_stream {

using stencil::five_point;
using stencil::is_border_2d;

constexpr int kThreads = 256;

// kWidth consecutive floats, loaded and stored as one instruction where kWidth == 4.
template <int kWidth>
struct Slot {
  float v[kWidth];

  __device__ void load(const float* p) {
    if constexpr (kWidth == 4) {
      const float4 t = __ldg(reinterpret_cast<const float4*>(p));
      v[0] = t.x, v[1] = t.y, v[2] = t.z, v[3] = t.w;
    } else {
      v[0] = __ldg(p);
    }
  }
  __device__ void store(float* p) const {
    if constexpr (kWidth == 4) {
      *reinterpret_cast<float4*>(p) = make_float4(v[0], v[1], v[2], v[3]);
    } else {
      p[0] = v[0];
    }
  }
};

// One row of this thread's slots.
template <int kSlots, int kWidth>
struct RowSlots {
  Slot<kWidth> s[kSlots];
};

// kAhead: rows in flight per thread besides the one being computed.
template <int kSlots, int kWidth, int kAhead, int kMinBlocks>
__global__ void __launch_bounds__(kThreads, kMinBlocks)
    stream_kernel(const float* __restrict__ in, float* __restrict__ out, int n) {
  constexpr int kBlockWidth = kThreads * kSlots * kWidth;  // columns a block owns
  __shared__ float row[2][kBlockWidth + 2];                // row y, double-buffered, with halo

  const int base = blockIdx.x * kBlockWidth;
  const int rows = (n + gridDim.y - 1) / gridDim.y;
  const int y0 = blockIdx.y * rows;
  if (y0 >= n)
    return;  // whole block: trailing chunks can be empty
  const int y_end = y0 + rows < n ? y0 + rows : n;
  const int last_row_needed = y_end < n - 1 ? y_end : n - 1;  // "below" of the chunk's last row

  // Column of slot k of this thread, and whether it lies in the grid (N % kWidth == 0, so a slot
  // is wholly inside or wholly outside).
  auto column = [&](int k) { return base + (k * kThreads + threadIdx.x) * kWidth; };
  const bool left_halo_thread = threadIdx.x == 0 && base > 0;
  const bool right_halo_thread = threadIdx.x == kThreads - 1 && base + kBlockWidth < n;

  auto load_row = [&](RowSlots<kSlots, kWidth>& dst, float& halo_left, float& halo_right, int y) {
#pragma unroll
    for (int k = 0; k < kSlots; ++k) {
      if (column(k) < n)
        dst.s[k].load(in + static_cast<long>(y) * n + column(k));
    }
    if (y < y_end) {  // only rows this chunk computes need their x-halo
      if (left_halo_thread)
        halo_left = __ldg(in + static_cast<long>(y) * n + base - 1);
      if (right_halo_thread)
        halo_right = __ldg(in + static_cast<long>(y) * n + base + kBlockWidth);
    }
  };

  RowSlots<kSlots, kWidth> above{}, centre{}, ring[kAhead];
  float centre_left = 0.0f, centre_right = 0.0f, unused_left, unused_right;
  float ring_left[kAhead], ring_right[kAhead];
  if (y0 > 0)
    load_row(above, unused_left, unused_right, y0 - 1);
  load_row(centre, centre_left, centre_right, y0);
#pragma unroll
  for (int r = 0; r < kAhead; ++r) {
    if (y0 + 1 + r <= last_row_needed)
      load_row(ring[r], ring_left[r], ring_right[r], y0 + 1 + r);
  }

  for (int y_block = y0; y_block < y_end; y_block += kAhead) {
#pragma unroll
    for (int r = 0; r < kAhead; ++r) {
      const int y = y_block + r;
      if (y >= y_end)
        break;  // block-uniform: every thread leaves together
      float* published = row[r & 1];

      // Publish row y for the x neighbours that live in other threads.
#pragma unroll
      for (int k = 0; k < kSlots; ++k) {
#pragma unroll
        for (int e = 0; e < kWidth; ++e) {
          published[1 + (k * kThreads + threadIdx.x) * kWidth + e] = centre.s[k].v[e];
        }
      }
      if (threadIdx.x == 0)
        published[0] = centre_left;
      if (threadIdx.x == kThreads - 1)
        published[kBlockWidth + 1] = centre_right;
      __syncthreads();  // row y is visible; buffer r&1 is rewritten only after the next barrier

#pragma unroll
      for (int k = 0; k < kSlots; ++k) {
        const int x0 = column(k);
        if (x0 >= n)
          continue;
        const int s0 = 1 + (k * kThreads + threadIdx.x) * kWidth;  // shared index of element 0
        Slot<kWidth> result;
#pragma unroll
        for (int e = 0; e < kWidth; ++e) {
          const float c = centre.s[k].v[e];
          const float left = e > 0 ? centre.s[k].v[e - 1] : published[s0 - 1];
          const float right = e + 1 < kWidth ? centre.s[k].v[e + 1] : published[s0 + kWidth];
          result.v[e] = is_border_2d(x0 + e, y, n)
                            ? c
                            : five_point(c, left, right, above.s[k].v[e], ring[r].s[k].v[e]);
        }
        result.store(out + static_cast<long>(y) * n + x0);
      }

      // Roll the window down one row, then refill the ring slot just consumed.
      above = centre;
      centre = ring[r];
      centre_left = ring_left[r];
      centre_right = ring_right[r];
      if (y + 1 + kAhead <= last_row_needed) {
        load_row(ring[r], ring_left[r], ring_right[r], y + 1 + kAhead);
      }
    }
  }
}

}  // namespace stencil::perf::baseline_stream
