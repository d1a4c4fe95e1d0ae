// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// temporal: k iterations fused into one pass over the grid (temporal_kernel.cuh), with the
// input rows requested ahead in registers.
#include "cuda/kernels.hpp"
#include "cuda/research/temporal_kernel.cuh"

namespace stencil::cuda {

template <int kFuse>
void launch_temporal(const float* in, float* out, int rows, int cols, int chunks,
                     cudaStream_t queue) {
  temporal_detail::launch<kFuse, 0>(in, out, rows, cols, chunks, queue);
}

#define INSTANTIATE(unused, Fuse) \
  template void launch_temporal<Fuse>(const float*, float*, int, int, int, cudaStream_t);
STENCIL_FUSE_DEPTHS(INSTANTIATE, )
#undef INSTANTIATE

}  // namespace stencil::cuda
