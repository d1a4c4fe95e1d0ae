// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A probe of the stream kernel's access pattern without its stencil: every thread walks its
// 16-byte column of a chunk of rows downwards, keeping kAhead rows of loads in flight in a
// register ring as stream_kernel.cuh does, and writes each row back unchanged; with kBarrier, the
// block meets at one barrier per row, as the stencil's x neighbours make it. Its rate against the
// copy is the ceiling of the walk itself, with and without the barrier: what is left to the
// stencil's arithmetic and shared-memory exchange (stencil_stream_ab --probe).
#pragma once

namespace stencil::perf::walk_probe {

template <int kAhead, int kMinBlocks, bool kBarrier>
__global__ void __launch_bounds__(256, kMinBlocks)
    walk_kernel(const float* __restrict__ in, float* __restrict__ out, int rows, int cols) {
  const int y0 = static_cast<int>(static_cast<long>(blockIdx.y) * rows / gridDim.y);
  const int y_end = static_cast<int>(static_cast<long>(blockIdx.y + 1) * rows / gridDim.y);
  const int x = (static_cast<int>(blockIdx.x) * 256 + static_cast<int>(threadIdx.x)) * 4;
  if (y0 == y_end || x >= cols)
    return;  // (whole warps: cols % 1024 == 0 in the probe, so no barrier is left waiting)
  auto at = [&](int y) { return static_cast<long>(y) * cols + x; };
  float4 ring[kAhead];
#pragma unroll
  for (int r = 0; r < kAhead; ++r)
    ring[r] = y0 + r < y_end ? __ldg(reinterpret_cast<const float4*>(in + at(y0 + r))) : float4{};
  for (int y_block = y0; y_block < y_end; y_block += kAhead) {
#pragma unroll
    for (int r = 0; r < kAhead; ++r) {
      const int y = y_block + r;
      if (y >= y_end)
        break;
      const float4 row = ring[r];
      if (y + kAhead < y_end)
        ring[r] = __ldg(reinterpret_cast<const float4*>(in + at(y + kAhead)));
      if constexpr (kBarrier)
        __syncthreads();
      *reinterpret_cast<float4*>(out + at(y)) = row;
    }
  }
}

}  // namespace stencil::perf::walk_probe
