#include "profile/sass_shared_counter.hpp"

#include <array>
#include <utility>

#include "profile/sass_metrics.hpp"
#include "profile/shared_metrics.hpp"

namespace stencil::profile {
namespace {

struct SharedMetric {
  const char* name;
  SharedField field;
};

constexpr std::array<SharedMetric, 5> kSharedMetrics = {{
    {kSharedLoadRequestsMetric, &FunctionShared::ld_requests},
    {kSharedLoadWavefrontsMetric, &FunctionShared::ld_wavefronts},
    {kSharedWavefrontsMetric, &FunctionShared::wavefronts},
    {kSharedIdealWavefrontsMetric, &FunctionShared::ideal_wavefronts},
    {kSharedStoreConflictsMetric, &FunctionShared::st_conflicts},
}};

}  // namespace

SassSharedCounter::SassSharedCounter(int device) {
  const std::string chip = sass_chip_name(device);
  std::vector<std::uint64_t> ids;
  for (const auto& metric : kSharedMetrics) {
    if (const auto id = find_sass_metric(chip, metric.name)) {
      ids.push_back(*id);
      fields_.push_back(metric.field);
    } else {
      missing_.push_back(metric.name);
    }
  }
  if (!ids.empty())
    scope_ = std::make_unique<SassMetricScope>(device, std::move(ids));
}

SharedCounts SassSharedCounter::finish() {
  SharedCounts counts;
  counts.missing = missing_;
  for (const SharedField field : fields_)
    counts.none.*field = 0;
  if (!scope_)
    return counts;

  const SassMetricValues values = scope_->finish();
  scope_.reset();
  counts.counted = true;
  counts.dropped_records = values.dropped_records;
  for (const auto& [function, sums] : sum_by_function(values)) {
    FunctionShared f;
    for (std::size_t m = 0; m < fields_.size(); ++m)
      f.*fields_[m] = sums[m];
    counts.by_function[function] = f;
  }
  return counts;
}

}  // namespace stencil::profile
