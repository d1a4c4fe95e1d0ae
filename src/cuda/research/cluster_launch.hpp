// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A launch configuration for thread-block clusters stacked along y, for cudaLaunchKernelEx and
// cudaOccupancyMaxActiveClusters. Not copyable: the configuration points at its own attribute.
#pragma once

#include <cuda_runtime.h>

namespace stencil::cuda {

struct ClusterLaunch {
  cudaLaunchAttribute attribute{};
  cudaLaunchConfig_t config{};

  ClusterLaunch(dim3 grid, dim3 block, int cluster_y, cudaStream_t queue) {
    attribute.id = cudaLaunchAttributeClusterDimension;
    attribute.val.clusterDim.x = 1;
    attribute.val.clusterDim.y = static_cast<unsigned>(cluster_y);
    attribute.val.clusterDim.z = 1;
    config.gridDim = grid;
    config.blockDim = block;
    config.stream = queue;
    config.attrs = &attribute;
    config.numAttrs = 1;
  }
  ClusterLaunch(const ClusterLaunch&) = delete;
  ClusterLaunch& operator=(const ClusterLaunch&) = delete;
};

}  // namespace stencil::cuda
