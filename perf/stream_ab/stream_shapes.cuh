// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The stream kernel's compiled shapes for experiments (scripts/stream-shapes.sh), numbered as in
// its stream-shapes.csv and the shape table of docs/stream-and-temporal.md: <float4 slots per
// thread, rows in flight, blocks per SM[, cluster[, streaming cache hints]]>. Shape 6 is the
// mini-app's default (src/cuda/research/stream.cu); the others live here so the product holds only
// what it runs.
#pragma once

#include "async_ring_kernel.cuh"
#include "cuda/research/stream_launch.cuh"

namespace stencil::perf::stream_shapes {

inline constexpr int kDefaultShape = 6;  // hybrid: shape 2 at large N, shape 10 at small N
inline constexpr int kShapeCount = 17;

// Launches shape `shape` on a rows x cols array with the mini-app's chunking (chunks <= 0: one
// wave, as it chooses).
inline void launch(int shape, const float* in, float* out, int rows, int cols, int chunks,
                   cudaStream_t queue) {
  using namespace stencil::cuda::stream_launch;
  if (cols % 4 != 0)  // 16-byte rows take float4; others one float at a time (as stream.cu)
    return launch_plain<8, 1, 4, 1>(in, out, rows, cols, chunks, queue);
  switch (shape) {
    case 0:
      return launch_plain<2, 4, 2, 2>(in, out, rows, cols, chunks, queue);
    case 1:
      return launch_plain<1, 4, 8, 2>(in, out, rows, cols, chunks, queue);
    case 2:
      return launch_plain<1, 4, 4, 3>(in, out, rows, cols, chunks, queue);
    case 3:
      return launch_plain<2, 4, 3, 2>(in, out, rows, cols, chunks, queue);
    case 4:
      return launch_plain<1, 4, 6, 2>(in, out, rows, cols, chunks, queue);
    case 5:
      return launch_plain<1, 4, 3, 3>(in, out, rows, cols, chunks, queue);
    case 7:
      return launch_clustered<1, 3, 3, 8>(in, out, rows, cols, chunks, queue);
    case 8:
      return launch_clustered<1, 4, 3, 8>(in, out, rows, cols, chunks, queue);
    case 9:
      return launch_plain<1, 4, 4, 3, true>(in, out, rows, cols, chunks, queue);
    case 10:
      return launch_clustered<1, 4, 4, 8>(in, out, rows, cols, chunks, queue);
    // The cp.async ring (async_ring_kernel.cuh): <ring depth, blocks per SM, rows per chunk>.
    case 11:
      return async_ring::launch<8, 3, 128>(in, out, rows, cols, chunks, queue);
    case 12:
      return async_ring::launch<8, 4, 64>(in, out, rows, cols, chunks, queue);
    case 13:
      return async_ring::launch<16, 2, 128>(in, out, rows, cols, chunks, queue);
    case 14:
      return async_ring::launch<16, 3, 64>(in, out, rows, cols, chunks, queue);
    case 15:
      return async_ring::launch<16, 3, 128>(in, out, rows, cols, chunks, queue);
    case 16:
      return async_ring::launch<32, 1, 64>(in, out, rows, cols, chunks, queue);
    default:  // 6, the mini-app's launch_stream
      return launch_hybrid<1, 4, 3, 1, 4, 4, 8>(in, out, rows, cols, chunks, queue);
  }
}

}  // namespace stencil::perf::stream_shapes
