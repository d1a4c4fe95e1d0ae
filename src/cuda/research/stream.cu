// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// stream: the mini-app's launch of the single-step kernel (stream_kernel.cuh) with the
// default policy of stream_launch.cuh. Other shapes are experiments: stencil_stream_ab.
#include "cuda/kernels.hpp"
#include "cuda/research/stream_launch.cuh"

namespace stencil::cuda {

template <class T>
void launch_stream(const T* in, T* out, int rows, int cols, int chunks, cudaStream_t queue) {
  // Rows of whole thread runs (cols % kRunCells == 0, so every run is 16-byte aligned: cudaMalloc
  // aligns the base) take 16-byte vectors; others, such as a rank's odd-width tile, one cell at a
  // time.
  if (cols % kRunCells<T> != 0)
    return stream_launch::launch_plain<8, 1, 4, 1>(in, out, rows, cols, chunks, queue);
  // The hybrid, shape 6 of the sweep (docs/stream-and-temporal.md): plain <1, 4, 4, 3> where one
  // wave of blocks already has long chunks (large N), clusters <1, 4, 4, 8> otherwise. In double
  // every slot is one double2 instead of one float4: plain <1, 2, 4, 3>.
  return stream_launch::launch_hybrid<1, 4, 3, 4, 4, 8>(in, out, rows, cols, chunks, queue);
}

#define STENCIL_INSTANTIATE(unused, T) \
  template void launch_stream<T>(const T*, T*, int, int, int, cudaStream_t);
STENCIL_ELEMENT_TYPES(STENCIL_INSTANTIATE, )
#undef STENCIL_INSTANTIATE

}  // namespace stencil::cuda
