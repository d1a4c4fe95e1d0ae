// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The native CUDA stepper's environment (GPU suite): Kokkos 3.4's CUDA initialisation sets
// cudaFuncCachePreferShared for the whole device, which slows the native kernels and the copy
// reference (docs/stream-and-temporal.md). The stepper must give the device CUDA's default while
// it lives and put the previous setting back afterwards.
#include <gtest/gtest.h>

#if defined(STENCIL_HAVE_CUDA)
#include <cuda_runtime.h>

#include "stencil/variants.hpp"
#include "test_backends.hpp"

namespace stencil::test {
namespace {

cudaFuncCache device_cache_config() {
  cudaFuncCache config = cudaFuncCachePreferNone;
  EXPECT_EQ(cudaDeviceGetCacheConfig(&config), cudaSuccess);
  return config;
}

TEST(CudaStepper, GivesTheDeviceCudasDefaultCacheConfigWhileItLives) {
  if (const std::string reason = unavailable_reason(Backend{"cuda", ""}); !reason.empty())
    GTEST_SKIP() << reason;
  const cudaFuncCache original = device_cache_config();
  ASSERT_EQ(cudaDeviceSetCacheConfig(cudaFuncCachePreferShared), cudaSuccess);  // as Kokkos does
  {
    const auto stepper =
        open_stepper("cuda", "", check_config(RunConfig{find_variant("stream"), 64}));
    EXPECT_EQ(device_cache_config(), cudaFuncCachePreferNone);
  }
  EXPECT_EQ(device_cache_config(), cudaFuncCachePreferShared);
  cudaDeviceSetCacheConfig(original);
}

}  // namespace
}  // namespace stencil::test

#else

TEST(CudaStepper, GivesTheDeviceCudasDefaultCacheConfigWhileItLives) {
  GTEST_SKIP() << "this build has no native CUDA (nvcc was not found)";
}

#endif
