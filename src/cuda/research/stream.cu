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
  // a thread's plain window is two double2 slots (4 cells, as fp32's one float4) with 3 rows
  // ahead at 2 blocks per SM, the fastest of twelve plain shapes at N = 16384 (0.90 of the copy,
  // against 0.87 for one slot, 4 rows ahead, at 3 blocks per SM, which spills; H200,
  // perf/results/h200-2026-12-05/fp64-ab/); its clusters keep one double2 slot, 0.88 at 4096.
  if constexpr (sizeof(T) == 8)
    return stream_launch::launch_hybrid<2, 3, 2, 1, 4, 4, 8>(in, out, rows, cols, chunks, queue);
  else
    return stream_launch::launch_hybrid<1, 4, 3, 1, 4, 4, 8>(in, out, rows, cols, chunks, queue);
}

#define STENCIL_INSTANTIATE(unused, T) \
  template void launch_stream<T>(const T*, T*, int, int, int, cudaStream_t);
STENCIL_ELEMENT_TYPES(STENCIL_INSTANTIATE, )
#undef STENCIL_INSTANTIATE

}  // namespace stencil::cuda
