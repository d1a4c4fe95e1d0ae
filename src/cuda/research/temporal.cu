// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// temporal: k iterations fused into one pass over the grid. At k = 1 and 2 one thread holds every
// level of its columns (temporal_kernel.cuh, the input rows requested ahead in registers); from
// k = 4 on, passes split the levels between warps of 4 levels, each lane holding a run of columns
// (warp_temporal_kernel.cuh), in the shape measured fastest for each precision
// (docs/stream-and-temporal.md).
#include "cuda/kernels.hpp"
#include "cuda/research/temporal_kernel.cuh"
#include "cuda/research/warp_temporal_kernel.cuh"

namespace stencil::cuda {
namespace {

// The pipelined shapes: warps of 4 levels, 13 columns per lane in float and 7 in double (the
// shapes measured fastest at k = 16, scripts/temporal-grids.sh and stencil_temporal_ab; 13 double
// columns would not fit a thread's 255 registers, 9 spill 112 bytes per thread, and 8 make a
// 64-byte lane stride with shared-memory bank conflicts). From k = 4 on, k / 4 warps per block
// and 8 / (k / 4) blocks per SM, so that every depth keeps 8 warps resident per SM.
constexpr int kLevelsPerWarp = 4;
template <class T, int kFuse>
struct DeepShape;
template <int kFuse>
struct DeepShape<float, kFuse> {
  using type = warp_temporal::Shape<float, kFuse / kLevelsPerWarp, kLevelsPerWarp, 13,
                                    8 / (kFuse / kLevelsPerWarp)>;
};
template <int kFuse>
struct DeepShape<double, kFuse> {
  using type = warp_temporal::Shape<double, kFuse / kLevelsPerWarp, kLevelsPerWarp, 7,
                                    8 / (kFuse / kLevelsPerWarp)>;
};

}  // namespace

template <class T, int kFuse>
void launch_temporal(const T* in, T* out, int rows, int cols, int chunks, cudaStream_t queue) {
  if constexpr (kFuse < kLevelsPerWarp)
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
