// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "measure/profile/shared_metric_plan.hpp"

#include <array>

#include "measure/profile/shared_metrics.hpp"

namespace stencil::profile {
namespace {

struct SharedMetric {
  const char* name;
  SharedField field;
};

constexpr std::array<SharedMetric, 4> kSharedMetrics = {{
    {kSharedLoadRequestsMetric, &FunctionShared::ld_requests},
    {kSharedStoreRequestsMetric, &FunctionShared::st_requests},
    {kSharedWavefrontsMetric, &FunctionShared::wavefronts},
    {kSharedIdealWavefrontsMetric, &FunctionShared::ideal_wavefronts},
}};

}  // namespace

SharedMetricPlan::SharedMetricPlan(const SassMetricLookup& find) {
  for (const auto& metric : kSharedMetrics) {
    if (const auto id = find(metric.name)) {
      ids_.push_back(*id);
      fields_.push_back(metric.field);
    } else {
      missing_.push_back(metric.name);
    }
  }
}

SharedCounts SharedMetricPlan::interpret(
    const std::map<std::string, std::vector<std::uint64_t>>& sums) const {
  SharedCounts counts;
  if (ids_.empty())
    return counts;
  counts.counted = true;
  for (const SharedField field : fields_)
    counts.none.*field = 0;
  for (const auto& [function, values] : sums) {
    FunctionShared f;
    for (std::size_t m = 0; m < fields_.size() && m < values.size(); ++m)
      f.*fields_[m] = values[m];
    counts.by_function[function] = f;
  }
  return counts;
}

void add_shared_counts(KernelProfile& k, const SharedCounts& shared,
                       std::vector<std::string>& notes) {
  if (!shared.counted)
    return;
  const FunctionShared* f = nullptr;
  if (const auto found = shared.by_function.find(k.mangled_name);
      found != shared.by_function.end()) {
    f = &found->second;
  } else if (k.static_smem_bytes == std::uint64_t{0} && k.dynamic_smem_bytes == std::uint64_t{0}) {
    f = &shared.none;
  } else {
    notes.push_back(k.name +
                    ": the scope recorded none of its shared-memory counts, so its "
                    "shared-memory columns are empty");
    return;
  }
  k.shared_ld_requests = f->ld_requests;
  k.shared_st_requests = f->st_requests;
  k.shared_wavefronts = f->wavefronts;
  k.shared_ideal_wavefronts = f->ideal_wavefronts;
}

}  // namespace stencil::profile
