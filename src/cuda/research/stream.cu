// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// stream: the mini-app's launch of the single-step kernel (stream_kernel.cuh) with the
// default policy of stream_launch.cuh. Other shapes are experiments: stencil_stream_ab.
#include "cuda/kernels.hpp"
#include "cuda/research/stream_launch.cuh"

namespace stencil::cuda {

void launch_stream(const float* in, float* out, int rows, int cols, int chunks,
                   cudaStream_t queue) {
  // 16-byte rows (cols % 4 == 0; cudaMalloc aligns the base) take float4; others, such as a rank's
  // odd-width tile, one float at a time.
  if (cols % 4 != 0)
    return stream_launch::launch_plain<8, 1, 4, 1>(in, out, rows, cols, chunks, queue);
  // The hybrid, shape 6 of the sweep (docs/stream-and-temporal.md): plain <1, 4, 4, 3> where one
  // wave of blocks already has long chunks (large N), clusters <1, 4, 4, 8> otherwise.
  return stream_launch::launch_hybrid<1, 4, 3, 4, 4, 8>(in, out, rows, cols, chunks, queue);
}

}  // namespace stencil::cuda
