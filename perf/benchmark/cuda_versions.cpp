// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "cuda_versions.hpp"

#include <cuda_runtime.h>

namespace stencil::perf {
namespace {

// CUDA numbers a version as major * 1000 + minor * 10.
std::string version_text(int version) {
  return std::to_string(version / 1000) + "." + std::to_string(version % 1000 / 10);
}

}  // namespace

std::string cuda_driver_version() {
  int version = 0;
  if (cudaDriverGetVersion(&version) != cudaSuccess || version == 0)
    return "none";
  return version_text(version);
}

std::string cuda_runtime_version() {
  int version = 0;
  if (cudaRuntimeGetVersion(&version) != cudaSuccess)
    return "unknown";
  return version_text(version);
}

}  // namespace stencil::perf
