// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "memory/cuda_interop.hpp"

#if defined(STENCIL_HAVE_CUDA)
#include <cuda_runtime.h>
#endif

namespace stencil {

bool share_cuda_primary_context() {
#if defined(STENCIL_HAVE_CUDA)
  // cudaFree(nullptr) initialises the runtime, which makes the primary context current.
  static const bool shared = [] {
    int devices = 0;
    return cudaGetDeviceCount(&devices) == cudaSuccess && devices > 0 &&
           cudaFree(nullptr) == cudaSuccess;
  }();
  return shared;
#else
  return false;
#endif
}

void wait_for_cuda_default_stream() {
#if defined(STENCIL_HAVE_CUDA)
  cudaStreamSynchronize(nullptr);
#endif
}

}  // namespace stencil
