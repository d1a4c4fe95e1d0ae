#include "profile/sass_sector_counter.hpp"

#include <cuda_runtime.h>
#include <cupti_profiler_target.h>
#include <cupti_sass_metrics.h>
#include <cupti_target.h>

#include <array>
#include <limits>
#include <mutex>
#include <optional>
#include <tuple>
#include <vector>

#include "cuda/check.hpp"
#include "profile/cupti_check.hpp"

namespace stencil::profile {
namespace {

// GLOBAL_MEMORY_SECTORS of the seed lessons: sectors requested by SASS global loads and stores.
constexpr const char* kTotalMetric = "smsp__sass_sectors_mem_global";
// The direct load/store split, used when a chip offers it. CUDA 13.0's profiler libraries know no
// such metric name, so on GH100 expect the classification below.
constexpr const char* kLoadSectorMetric = "smsp__sass_sectors_mem_global_op_ld";
constexpr const char* kStoreSectorMetric = "smsp__sass_sectors_mem_global_op_st";
// The classification: an instruction that executed as a global load (store) contributes its
// sectors to the load (store) count. Exact for these kernels: every global access is a plain
// LDG or STG, never an atomic.
constexpr const char* kLoadInstructionMetric = "smsp__sass_inst_executed_op_global_ld";
constexpr const char* kStoreInstructionMetric = "smsp__sass_inst_executed_op_global_st";

// Marks the spare value slots of a flush buffer that CUPTI did not fill.
constexpr std::uint64_t kNoMetric = std::numeric_limits<std::uint64_t>::max();

// CUPTI's profiler API is initialised once per process and left up; process exit tears it down.
void initialize_profiler_once() {
  static std::once_flag once;
  std::call_once(once, [] {  // a throw leaves the flag unset, so a later call retries
    auto params = STENCIL_CUPTI_PARAMS(CUpti_Profiler_Initialize_Params);
    STENCIL_CUPTI_CHECK(cuptiProfilerInitialize(&params));
  });
}

// The id of `metric` on `chip`, or nothing when the chip does not offer it.
std::optional<std::uint64_t> find_metric(const std::string& chip, const char* metric) {
  auto params = STENCIL_CUPTI_PARAMS(CUpti_SassMetrics_GetProperties_Params);
  params.pChipName = chip.c_str();
  params.pMetricName = metric;
  if (cuptiSassMetricsGetProperties(&params) != CUPTI_SUCCESS)
    return std::nullopt;  // unknown name; a broken CUPTI shows up at the required metric
  return params.metric.metricId;
}

std::uint64_t require_metric(const std::string& chip, const char* metric) {
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

SassSectorCounter::SassSectorCounter(int device) : device_(device) {
  configure();
  try {
    enable();
  } catch (...) {
    teardown();  // the destructor does not run for a half-built object
    throw;
  }
}

SassSectorCounter::~SassSectorCounter() {
  teardown();
}

void SassSectorCounter::teardown() noexcept {
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

void SassSectorCounter::configure() {
  initialize_profiler_once();
  auto chip = STENCIL_CUPTI_PARAMS(CUpti_Device_GetChipName_Params);
  chip.deviceIndex = static_cast<std::size_t>(device_);
  STENCIL_CUPTI_CHECK(cuptiDeviceGetChipName(&chip));
  chip_ = chip.pChipName ? chip.pChipName : "unknown";

  roles_[require_metric(chip_, kTotalMetric)] = kTotal;
  auto load = find_metric(chip_, kLoadSectorMetric);
  auto store = find_metric(chip_, kStoreSectorMetric);
  direct_split_ = load && store;
  if (!direct_split_) {
    load = find_metric(chip_, kLoadInstructionMetric);
    store = find_metric(chip_, kStoreInstructionMetric);
    classify_split_ = load && store;
  }
  if (load && store) {
    roles_[*load] = kFirst;
    roles_[*store] = kSecond;
  }

  // GPU granularity: one value per instruction, summed over all SMs.
  std::vector<CUpti_SassMetrics_Config> configs;
  for (const auto& [id, role] : roles_) {
    (void)role;
    configs.push_back({id, CUPTI_SASS_METRICS_OUTPUT_GRANULARITY_GPU});
  }
  auto params = STENCIL_CUPTI_PARAMS(CUpti_SassMetricsSetConfig_Params);
  params.numOfMetricConfig = configs.size();
  params.pConfigs = configs.data();
  params.deviceIndex = static_cast<std::uint32_t>(device_);
  STENCIL_CUPTI_CHECK(cuptiSassMetricsSetConfig(&params));
  configured_ = true;
}

void SassSectorCounter::enable() {
  context_ = current_context();
  // Lazy patching: a kernel is instrumented at its first launch inside the scope (and restored at
  // disable), so kernels that were loaded and launched before, like the warm-up step, count too.
  auto params = STENCIL_CUPTI_PARAMS(CUpti_SassMetricsEnable_Params);
  params.ctx = context_;
  params.enableLazyPatching = 1;
  STENCIL_CUPTI_CHECK(cuptiSassMetricsEnable(&params));
  enabled_ = true;
}

void SassSectorCounter::disable(std::size_t* dropped) {
  auto params = STENCIL_CUPTI_PARAMS(CUpti_SassMetricsDisable_Params);
  params.ctx = context_;
  enabled_ = false;  // whatever the result, do not try again in the destructor
  STENCIL_CUPTI_CHECK(cuptiSassMetricsDisable(&params));
  *dropped = params.numOfDroppedRecords;
}

void SassSectorCounter::unset() {
  auto params = STENCIL_CUPTI_PARAMS(CUpti_SassMetricsUnsetConfig_Params);
  params.deviceIndex = static_cast<std::uint32_t>(device_);
  configured_ = false;
  STENCIL_CUPTI_CHECK(cuptiSassMetricsUnsetConfig(&params));
}

SectorCounts SassSectorCounter::finish() {
  SectorCounts counts;
  counts.chip = chip_;
  counts.split_available = direct_split_ || classify_split_;
  counts.split_method =
      direct_split_ ? std::string(kLoadSectorMetric) + " / " + kStoreSectorMetric
      : classify_split_
          ? std::string("per instruction: its sectors count as load (store) when ") +
                kLoadInstructionMetric + " (" + kStoreInstructionMetric + ") > 0"
          : "none (this chip offers neither load/store sector nor instruction metrics)";

  auto properties = STENCIL_CUPTI_PARAMS(CUpti_SassMetricsGetDataProperties_Params);
  properties.ctx = context_;
  STENCIL_CUPTI_CHECK(cuptiSassMetricsGetDataProperties(&properties));
  const std::size_t records = properties.numOfPatchedInstructionRecords;
  const std::size_t instances = properties.numOfInstances;

  // Values of one patched instruction, by role.
  using InstructionKey =
      std::tuple<std::string, std::uint32_t, std::uint32_t>;  // function, cubin, pc
  std::map<InstructionKey, std::array<std::uint64_t, kRoles>> by_instruction;
  if (records > 0 && instances > 0) {
    // Each record carries `instances` values tagged with their metric id. Whether CUPTI writes one
    // record per instruction and metric, or all metrics into one record, is not spelled out, so
    // every record gets room for all configured metrics and the spare slots stay marked unused.
    const std::size_t slots = instances * roles_.size();
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

    for (const auto& record : data) {
      const InstructionKey key{record.functionName ? record.functionName : "(unnamed kernel)",
                               record.cubinCrc, record.pcOffset};
      auto& sums = by_instruction[key];
      for (std::size_t j = 0; j < slots; ++j) {
        const auto role = roles_.find(record.pInstanceValues[j].metricId);
        if (role != roles_.end())
          sums[role->second] += record.pInstanceValues[j].value;
      }
    }
  }
  disable(&counts.dropped_records);
  unset();

  for (const auto& [key, v] : by_instruction) {
    FunctionSectors& f = counts.by_function[std::get<0>(key)];
    f.total += v[kTotal];
    if (direct_split_) {
      f.load += v[kFirst];
      f.store += v[kSecond];
    } else if (classify_split_ && v[kFirst] > 0) {
      f.load += v[kTotal];
    } else if (classify_split_ && v[kSecond] > 0) {
      f.store += v[kTotal];
    } else {
      f.other += v[kTotal];
    }
  }
  if (direct_split_) {
    for (auto& [name, f] : counts.by_function) {
      (void)name;
      f.other = f.total >= f.load + f.store ? f.total - f.load - f.store : 0;
    }
  }
  return counts;
}

}  // namespace stencil::profile
