// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "measure/profile/sass_metrics.hpp"

#include <cupti_profiler_target.h>
#include <cupti_sass_metrics.h>
#include <cupti_target.h>

#include <mutex>

#include "measure/profile/cupti_check.hpp"

namespace stencil::profile {
namespace {

// CUPTI's profiler API is initialised once per process and left up; process exit tears it down.
void initialize_profiler_once() {
  static std::once_flag once;
  std::call_once(once, [] {  // a throw leaves the flag unset, so a later call retries
    auto params = STENCIL_CUPTI_PARAMS(CUpti_Profiler_Initialize_Params);
    STENCIL_CUPTI_CHECK(cuptiProfilerInitialize(&params));
  });
}

}  // namespace

std::string sass_chip_name(int device) {
  initialize_profiler_once();
  auto chip = STENCIL_CUPTI_PARAMS(CUpti_Device_GetChipName_Params);
  chip.deviceIndex = static_cast<std::size_t>(device);
  STENCIL_CUPTI_CHECK(cuptiDeviceGetChipName(&chip));
  return chip.pChipName ? chip.pChipName : "unknown";
}

std::optional<std::uint64_t> find_sass_metric(const std::string& chip, const char* metric) {
  auto params = STENCIL_CUPTI_PARAMS(CUpti_SassMetrics_GetProperties_Params);
  params.pChipName = chip.c_str();
  params.pMetricName = metric;
  if (cuptiSassMetricsGetProperties(&params) != CUPTI_SUCCESS)
    return std::nullopt;  // unknown name; a broken CUPTI shows up at a required metric
  return params.metric.metricId;
}

std::uint64_t require_sass_metric(const std::string& chip, const char* metric) {
  auto params = STENCIL_CUPTI_PARAMS(CUpti_SassMetrics_GetProperties_Params);
  params.pChipName = chip.c_str();
  params.pMetricName = metric;
  const CUptiResult result = cuptiSassMetricsGetProperties(&params);
  if (result == CUPTI_ERROR_INVALID_METRIC_NAME) {
    throw ProfileUnavailable("chip " + chip + " offers no SASS metric " + metric);
  }
  cupti_check(result, "cuptiSassMetricsGetProperties");
  return params.metric.metricId;
}

std::vector<SassMetricDetails> sass_metrics_of(const std::string& chip) {
  auto count = STENCIL_CUPTI_PARAMS(CUpti_SassMetrics_GetNumOfMetrics_Params);
  count.pChipName = chip.c_str();
  STENCIL_CUPTI_CHECK(cuptiSassMetricsGetNumOfMetrics(&count));

  std::vector<CUpti_SassMetrics_MetricDetails> details(count.numOfMetrics);
  if (details.empty())
    return {};
  auto list = STENCIL_CUPTI_PARAMS(CUpti_SassMetrics_GetMetrics_Params);
  list.pChipName = chip.c_str();
  list.numOfMetrics = details.size();
  list.pMetricsList = details.data();
  STENCIL_CUPTI_CHECK(cuptiSassMetricsGetMetrics(&list));

  std::vector<SassMetricDetails> metrics;
  for (const auto& d : details) {
    metrics.push_back({d.pMetricName ? d.pMetricName : "",
                       d.pMetricDescription ? d.pMetricDescription : "", d.metricId});
  }
  return metrics;
}

}  // namespace stencil::profile
