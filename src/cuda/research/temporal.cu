// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// temporal: k iterations fused into one pass over the grid. Up to k = 8 one thread holds every
// level of its columns (temporal_kernel.cuh, the input rows requested ahead in registers); deeper
// passes split the levels between warp groups (pipelined_temporal_kernel.cuh), in the shape
// measured fastest for each precision (docs/stream-and-temporal.md, "Fifth round").
#include "cuda/kernels.hpp"
#include "cuda/research/pipelined_temporal_kernel.cuh"
#include "cuda/research/temporal_kernel.cuh"

namespace stencil::cuda {
namespace {

// The shapes measured fastest (stencil_temporal_ab): in float, groups of 8 levels, 128 threads
// each, two blocks per SM, whose barriers fall out of phase; in double, whose threads hold half
// the columns, groups of 16 levels, 256 threads each, one block per SM, so that a step's barrier
// publishes twice the levels of an 8-level group.
template <class T, int kFuse>
struct PipelinedShape;
template <int kFuse>
struct PipelinedShape<float, kFuse> {
  using type = pipelined_temporal::Shape<float, kFuse / 8, 8, 128, 2>;
};
template <int kFuse>
struct PipelinedShape<double, kFuse> {
  using type = pipelined_temporal::Shape<double, kFuse / 16, 16, 256, 1>;
};

}  // namespace

template <class T, int kFuse>
void launch_temporal(const T* in, T* out, int rows, int cols, int chunks, cudaStream_t queue) {
  if constexpr (kFuse <= kFuseDepths.back())
    temporal_detail::launch<kFuse, 0>(in, out, rows, cols, chunks, queue);
  else
    pipelined_temporal::launch<typename PipelinedShape<T, kFuse>::type>(in, out, rows, cols, chunks,
                                                                        queue);
}

#define STENCIL_INSTANTIATE_FUSE(T, Fuse) \
  template void launch_temporal<T, Fuse>(const T*, T*, int, int, int, cudaStream_t);
#define STENCIL_INSTANTIATE(unused, T)             \
  STENCIL_FUSE_DEPTHS(STENCIL_INSTANTIATE_FUSE, T) \
  STENCIL_PIPELINED_FUSE_DEPTHS(STENCIL_INSTANTIATE_FUSE, T)
STENCIL_ELEMENT_TYPES(STENCIL_INSTANTIATE, )
#undef STENCIL_INSTANTIATE
#undef STENCIL_INSTANTIATE_FUSE

}  // namespace stencil::cuda
