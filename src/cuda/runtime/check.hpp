// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Every CUDA API call and every launch is checked; a failure becomes a RuntimeFailure that names
// the call and CUDA's own message.
#pragma once

#include <cuda_runtime.h>

#include <string>

#include "stencil/stepper.hpp"

namespace stencil::cuda {

inline void check(cudaError_t status, const char* what) {
  if (status != cudaSuccess) {
    throw RuntimeFailure(std::string("CUDA error in ") + what + ": " + cudaGetErrorName(status) +
                         " (" + cudaGetErrorString(status) + ")");
  }
}

// Launch errors (bad configuration) surface immediately; faults inside the kernel surface at the
// next synchronising call, which is checked too.
inline void check_launch(const char* kernel) {
  check(cudaGetLastError(), kernel);
}

}  // namespace stencil::cuda

#define STENCIL_CUDA_CHECK(call) ::stencil::cuda::check((call), #call)
