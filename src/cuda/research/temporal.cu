// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// temporal: k iterations fused into one pass over the grid. Shallow passes have one thread hold
// every level of its columns (temporal_kernel.cuh, the input rows requested ahead in registers);
// deeper ones split the levels between warps, each lane holding a run of columns
// (warp_temporal_kernel.cuh), in the shape measured fastest for each precision
// (docs/stream-and-temporal.md).
#include "cuda/kernels.hpp"
#include "cuda/research/temporal_kernel.cuh"
#include "cuda/research/warp_temporal_kernel.cuh"
#include "stencil/pipelined_shape.hpp"

namespace stencil::cuda {
namespace {

// The pipelined shape of each depth and precision (stencil/pipelined_shape.hpp).
template <class T, int kFuse>
using PipelinedShape =
    warp_temporal::Shape<T, pipelined::kGroups<kFuse>, pipelined::kLevelsPerGroup,
                         pipelined::kColumnsPerLane<T>, pipelined::kBlocksPerMultiprocessor<kFuse>>;

}  // namespace

template <class T, int kFuse>
void launch_temporal(const T* in, T* out, int rows, int cols, int chunks, cudaStream_t queue) {
  if constexpr (kFuse < pipelined::kFirstDepth<T>)
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
