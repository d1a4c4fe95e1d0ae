// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// sass_metric_list with CUPTI: the chip's SASS metric catalogue, names only.
#include <cuda_runtime.h>

#include <algorithm>

#include "cuda/runtime/check.hpp"
#include "measure/profile/profile.hpp"
#include "measure/profile/sass_metrics.hpp"

namespace stencil::profile {

SassMetricList sass_metric_list() {
  if (const std::string reason = unavailable_reason(); !reason.empty())
    throw ProfileUnavailable(reason);
  int device = 0;
  STENCIL_CUDA_CHECK(cudaGetDevice(&device));
  // The device's primary context, which the counters also run under: CUPTI's profiler calls are
  // made with a context present there, so they are here too.
  STENCIL_CUDA_CHECK(cudaFree(nullptr));

  SassMetricList list;
  list.chip = sass_chip_name(device);
  for (const auto& metric : sass_metrics_of(list.chip))
    list.names.push_back(metric.name);
  std::sort(list.names.begin(), list.names.end());
  return list;
}

}  // namespace stencil::profile
