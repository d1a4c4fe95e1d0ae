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

static_assert(kFuseDepths.size() == 4 && kFuseDepths[0] == 1 && kFuseDepths[1] == 2 &&
                  kFuseDepths[2] == 4 && kFuseDepths[3] == 8,
              "instantiate every depth of kFuseDepths below");
template void launch_temporal<1>(const float*, float*, int, int, int, cudaStream_t);
template void launch_temporal<2>(const float*, float*, int, int, int, cudaStream_t);
template void launch_temporal<4>(const float*, float*, int, int, int, cudaStream_t);
template void launch_temporal<8>(const float*, float*, int, int, int, cudaStream_t);

}  // namespace stencil::cuda
