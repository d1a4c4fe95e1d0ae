// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "measure/profile/sass_metric_scope.hpp"

#include <cuda_runtime.h>
#include <cupti_sass_metrics.h>

#include <limits>
#include <stdexcept>
#include <string>
#include <utility>

#include "cuda/runtime/check.hpp"
#include "measure/profile/cupti_check.hpp"

namespace stencil::profile {
namespace {

// Marks the spare value slots of a flush buffer that CUPTI did not fill.
constexpr std::uint64_t kNoMetric = std::numeric_limits<std::uint64_t>::max();

// The context the runtime made current (the device's primary context), passed explicitly so the
// scope is not left to CUPTI's notion of a default context. The driver entry point comes through
// the runtime, so the binary needs no link to libcuda and still starts on a machine without one.
CUcontext current_context() {
  void* entry = nullptr;
  cudaDriverEntryPointQueryResult found = cudaDriverEntryPointSymbolNotFound;
  STENCIL_CUDA_CHECK(cudaGetDriverEntryPointByVersion("cuCtxGetCurrent", &entry, 12000,
                                                      cudaEnableDefault, &found));
  if (found != cudaDriverEntryPointSuccess || entry == nullptr)
    throw RuntimeFailure("the CUDA driver offers no cuCtxGetCurrent");
  CUcontext context = nullptr;
  const CUresult status = reinterpret_cast<CUresult (*)(CUcontext*)>(entry)(&context);
  if (status != CUDA_SUCCESS || context == nullptr) {
    throw RuntimeFailure("cuCtxGetCurrent found no current CUDA context (CUresult " +
                         std::to_string(static_cast<int>(status)) + ")");
  }
  return context;
}

}  // namespace

SassMetricScope::SassMetricScope(int device, std::vector<std::uint64_t> metric_ids)
    : device_(device), metric_ids_(std::move(metric_ids)) {
  if (metric_ids_.empty())
    throw std::invalid_argument("a SASS metric scope needs at least one metric");
  configure();
  try {
    enable();
  } catch (...) {
    teardown();  // the destructor does not run for a half-built object
    throw;
  }
}

SassMetricScope::~SassMetricScope() {
  teardown();
}

void SassMetricScope::teardown() noexcept {
  // Only does work with the scope still open after an earlier failure, which is what gets
  // reported; these results are ignored because the caller is already unwinding.
  if (enabled_) {
    auto params = STENCIL_CUPTI_PARAMS(CUpti_SassMetricsDisable_Params);
    params.ctx = context_;
    (void)cuptiSassMetricsDisable(&params);
  }
  if (configured_) {
    auto params = STENCIL_CUPTI_PARAMS(CUpti_SassMetricsUnsetConfig_Params);
    params.deviceIndex = static_cast<std::uint32_t>(device_);
    (void)cuptiSassMetricsUnsetConfig(&params);
  }
  enabled_ = false;
  configured_ = false;
}

void SassMetricScope::configure() {
  // GPU granularity: one value per instruction, summed over all SMs.
  std::vector<CUpti_SassMetrics_Config> configs;
  for (const std::uint64_t id : metric_ids_)
    configs.push_back({id, CUPTI_SASS_METRICS_OUTPUT_GRANULARITY_GPU});
  auto params = STENCIL_CUPTI_PARAMS(CUpti_SassMetricsSetConfig_Params);
  params.numOfMetricConfig = configs.size();
  params.pConfigs = configs.data();
  params.deviceIndex = static_cast<std::uint32_t>(device_);
  STENCIL_CUPTI_CHECK(cuptiSassMetricsSetConfig(&params));
  configured_ = true;
}

void SassMetricScope::enable() {
  context_ = current_context();
  // Lazy patching: a kernel is instrumented at its first launch inside the scope (and restored at
  // disable), so kernels that were loaded and launched before, like the warm-up step, count too.
  auto params = STENCIL_CUPTI_PARAMS(CUpti_SassMetricsEnable_Params);
  params.ctx = context_;
  params.enableLazyPatching = 1;
  STENCIL_CUPTI_CHECK(cuptiSassMetricsEnable(&params));
  enabled_ = true;
}

void SassMetricScope::disable(std::size_t* dropped) {
  auto params = STENCIL_CUPTI_PARAMS(CUpti_SassMetricsDisable_Params);
  params.ctx = context_;
  enabled_ = false;  // whatever the result, do not try again in the destructor
  STENCIL_CUPTI_CHECK(cuptiSassMetricsDisable(&params));
  *dropped = params.numOfDroppedRecords;
}

void SassMetricScope::unset() {
  auto params = STENCIL_CUPTI_PARAMS(CUpti_SassMetricsUnsetConfig_Params);
  params.deviceIndex = static_cast<std::uint32_t>(device_);
  configured_ = false;
  STENCIL_CUPTI_CHECK(cuptiSassMetricsUnsetConfig(&params));
}

SassMetricValues SassMetricScope::finish() {
  SassMetricValues result;
  auto properties = STENCIL_CUPTI_PARAMS(CUpti_SassMetricsGetDataProperties_Params);
  properties.ctx = context_;
  STENCIL_CUPTI_CHECK(cuptiSassMetricsGetDataProperties(&properties));
  const std::size_t records = properties.numOfPatchedInstructionRecords;
  const std::size_t instances = properties.numOfInstances;

  if (records > 0 && instances > 0) {
    // Each record carries `instances` values tagged with their metric id. Whether CUPTI writes one
    // record per instruction and metric, or all metrics into one record, is not spelled out, so
    // every record gets room for all configured metrics and the spare slots stay marked unused.
    const std::size_t slots = instances * metric_ids_.size();
    std::vector<CUpti_SassMetrics_InstanceValue> values(records * slots, {kNoMetric, 0});
    std::vector<CUpti_SassMetrics_Data> data(records);
    for (std::size_t i = 0; i < records; ++i) {
      data[i].structSize = sizeof(CUpti_SassMetrics_Data);
      data[i].pInstanceValues = &values[i * slots];
    }
    auto flush = STENCIL_CUPTI_PARAMS(CUpti_SassMetricsFlushData_Params);
    flush.ctx = context_;
    flush.numOfPatchedInstructionRecords = records;
    flush.numOfInstances = instances;
    flush.pMetricsData = data.data();
    STENCIL_CUPTI_CHECK(cuptiSassMetricsFlushData(&flush));

    std::map<std::uint64_t, std::size_t> position;  // metric id -> index in metric_ids_
    for (std::size_t m = 0; m < metric_ids_.size(); ++m)
      position[metric_ids_[m]] = m;
    for (const auto& record : data) {
      const SassInstruction key{record.functionName ? record.functionName : "(unnamed kernel)",
                                record.cubinCrc, record.pcOffset};
      auto& sums = result.by_instruction[key];
      sums.resize(metric_ids_.size(), 0);
      for (std::size_t j = 0; j < slots; ++j) {
        const auto at = position.find(record.pInstanceValues[j].metricId);
        if (at != position.end())
          sums[at->second] += record.pInstanceValues[j].value;
      }
    }
  }
  disable(&result.dropped_records);
  unset();
  return result;
}

}  // namespace stencil::profile
