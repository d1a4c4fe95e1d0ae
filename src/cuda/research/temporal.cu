// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// temporal: k iterations fused into one pass over the grid (temporal_kernel.cuh), with the
// input rows requested ahead in registers.
#include "cuda/kernels.hpp"
#include "cuda/research/temporal_kernel.cuh"

namespace stencil::cuda {

template <class T, int kFuse>
void launch_temporal(const T* in, T* out, int rows, int cols, int chunks, cudaStream_t queue) {
  temporal_detail::launch<kFuse, 0>(in, out, rows, cols, chunks, queue);
}

#define STENCIL_INSTANTIATE_FUSE(T, Fuse) \
  template void launch_temporal<T, Fuse>(const T*, T*, int, int, int, cudaStream_t);
#define STENCIL_INSTANTIATE(unused, T) STENCIL_FUSE_DEPTHS(STENCIL_INSTANTIATE_FUSE, T)
STENCIL_ELEMENT_TYPES(STENCIL_INSTANTIATE, )
#undef STENCIL_INSTANTIATE
#undef STENCIL_INSTANTIATE_FUSE

}  // namespace stencil::cuda
