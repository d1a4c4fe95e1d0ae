// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Registers, static shared memory and theoretical occupancy of a launched kernel, from the CUDA
// runtime's function attributes and occupancy calculator.
#pragma once

#include <cstdint>

#include "measure/profile/launch_recorder.hpp"

namespace stencil::profile {

struct KernelAttributes {
  int registers_per_thread = 0;
  std::uint64_t static_smem_bytes = 0;
  int active_blocks_per_sm = 0;
  double theoretical_occupancy = 0.0;  // active warps / maximum resident warps per SM
};

// `handle` is a runtime kernel handle as recorded at launch (a __global__ function's address or a
// cudaKernel_t; both APIs take either). Occupancy is for the recorded block size and dynamic shared
// memory. Call outside CUPTI callbacks. Throws RuntimeFailure.
KernelAttributes query_kernel_attributes(const void* handle, const LaunchShape& shape, int device);

}  // namespace stencil::profile
