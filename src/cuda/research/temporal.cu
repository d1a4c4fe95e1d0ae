// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// temporal: k iterations fused into one pass over the grid. Shallow passes have one thread hold
// every level of its columns (temporal_kernel.cuh, the input rows requested ahead in registers);
// deeper ones split the levels between warps, each lane holding a run of columns
// (warp_temporal_kernel.cuh), in the shape measured fastest for each precision
// (docs/stream-and-temporal.md).
#include <type_traits>

#include "cuda/kernels.hpp"
#include "cuda/research/temporal_kernel.cuh"
#include "cuda/research/warp_temporal_kernel.cuh"

namespace stencil::cuda {
namespace {

// The pipelined shapes: warps of 4 levels, 13 columns per lane in float and 7 in double (measured
// fastest at k = 16 by scripts/temporal-grids.sh and stencil_temporal_ab; 13 double columns would
// not fit a thread's 255 registers, 9 spill 112 bytes per thread, and 8 make a 64-byte lane
// stride with shared-memory bank conflicts). k / 4 warps per block and 8 / (k / 4) blocks per SM,
// so every depth keeps 8 warps resident per SM. Double runs them from k = 4 on, float from k = 16:
// at k = 4 and 8 the one-thread form is the faster in float and the slower in double
// (docs/stream-and-temporal.md, "The pipelined form from k = 4").
constexpr int kLevelsPerWarp = 4;
template <class T>
constexpr int kPipelinedFrom = std::is_same_v<T, float> ? 16 : kLevelsPerWarp;
template <class T, int kFuse>
using PipelinedShape =
    warp_temporal::Shape<T, kFuse / kLevelsPerWarp, kLevelsPerWarp,
                         std::is_same_v<T, float> ? 13 : 7, 8 / (kFuse / kLevelsPerWarp)>;

}  // namespace

template <class T, int kFuse>
void launch_temporal(const T* in, T* out, int rows, int cols, int chunks, cudaStream_t queue) {
  if constexpr (kFuse < kPipelinedFrom<T>)
    temporal_detail::launch<kFuse, 0>(in, out, rows, cols, chunks, queue);
  else
    warp_temporal::launch<PipelinedShape<T, kFuse>>(in, out, rows, cols, chunks, queue);
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
