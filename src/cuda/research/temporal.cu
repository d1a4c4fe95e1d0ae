// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// temporal: k iterations fused into one pass over the grid. Up to k = 8 one thread holds every
// level of its columns (temporal_kernel.cuh, the input rows requested ahead in registers); deeper
// passes split the levels between warps, each lane holding a run of columns
// (warp_temporal_kernel.cuh), in the shape measured fastest for each precision
// (docs/stream-and-temporal.md, "Sixth round").
#include "cuda/kernels.hpp"
#include "cuda/research/temporal_kernel.cuh"
#include "cuda/research/warp_temporal_kernel.cuh"

namespace stencil::cuda {
namespace {

// The shapes measured fastest at k = 16 (scripts/temporal-grids.sh, stencil_temporal_ab): warps
// of 4 levels, two 128-thread blocks per SM, 13 columns per lane in float and 7 in double, where
// 13 would not fit a thread's 255 registers. In double, 7 columns fit with no spills (248
// registers) and their 56-byte lane stride keeps shared memory free of bank conflicts; 8 (a
// 64-byte stride) and 9 (112 bytes of spills per thread) are slower.
template <class T, int kFuse>
struct DeepShape;
template <int kFuse>
struct DeepShape<float, kFuse> {
  using type = warp_temporal::Shape<float, kFuse / 4, 4, 13, 2>;
};
template <int kFuse>
struct DeepShape<double, kFuse> {
  using type = warp_temporal::Shape<double, kFuse / 4, 4, 7, 2>;
};

}  // namespace

template <class T, int kFuse>
void launch_temporal(const T* in, T* out, int rows, int cols, int chunks, cudaStream_t queue) {
  if constexpr (kFuse <= kFuseDepths.back())
    temporal_detail::launch<kFuse, 0>(in, out, rows, cols, chunks, queue);
  else
    warp_temporal::launch<typename DeepShape<T, kFuse>::type>(in, out, rows, cols, chunks, queue);
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
