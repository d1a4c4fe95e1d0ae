// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Properties of the current CUDA device that launchers size their grids by.
#pragma once

#include "cuda/runtime/check.hpp"

namespace stencil::cuda {

// Multiprocessors of the current device, read once per process.
inline int multiprocessor_count() {
  static const int count = [] {
    int device = 0, value = 0;
    check(cudaGetDevice(&device), "cudaGetDevice");
    check(cudaDeviceGetAttribute(&value, cudaDevAttrMultiProcessorCount, device),
          "cudaDeviceGetAttribute(multiProcessorCount)");
    return value;
  }();
  return count;
}

}  // namespace stencil::cuda
