// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "measure/profile/kernel_attributes.hpp"

#include <cuda_runtime.h>

#include "cuda/runtime/check.hpp"

namespace stencil::profile {

KernelAttributes query_kernel_attributes(const void* handle, const LaunchShape& shape, int device) {
  cudaFuncAttributes attributes{};
  STENCIL_CUDA_CHECK(cudaFuncGetAttributes(&attributes, handle));

  const int threads = static_cast<int>(shape.block[0] * shape.block[1] * shape.block[2]);
  int active_blocks = 0;
  STENCIL_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
      &active_blocks, handle, threads, static_cast<std::size_t>(shape.dynamic_smem_bytes)));
  int warp_size = 0;
  int max_threads_per_sm = 0;
  STENCIL_CUDA_CHECK(cudaDeviceGetAttribute(&warp_size, cudaDevAttrWarpSize, device));
  STENCIL_CUDA_CHECK(
      cudaDeviceGetAttribute(&max_threads_per_sm, cudaDevAttrMaxThreadsPerMultiProcessor, device));

  // A partial warp occupies a whole warp slot.
  const int warps_per_block = (threads + warp_size - 1) / warp_size;
  const int max_warps_per_sm = max_threads_per_sm / warp_size;

  KernelAttributes result;
  result.registers_per_thread = attributes.numRegs;
  result.static_smem_bytes = attributes.sharedSizeBytes;
  result.active_blocks_per_sm = active_blocks;
  result.theoretical_occupancy =
      static_cast<double>(active_blocks * warps_per_block) / max_warps_per_sm;
  return result;
}

}  // namespace stencil::profile
