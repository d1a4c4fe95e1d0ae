// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "measure/profile/sass_sector_counter.hpp"

#include <algorithm>
#include <array>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

#include "measure/profile/sass_metrics.hpp"

namespace stencil::profile {
namespace {

// GLOBAL_MEMORY_SECTORS of the lessons: sectors requested by SASS global loads and stores.
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

}  // namespace

SassSectorCounter::SassSectorCounter(int device, std::vector<std::uint64_t> extra_metric_ids)
    : chip_(sass_chip_name(device)), extra_metrics_(extra_metric_ids.size()) {
  std::map<std::uint64_t, Role> by_id;
  by_id[require_sass_metric(chip_, kTotalMetric)] = kTotal;
  auto load = find_sass_metric(chip_, kLoadSectorMetric);
  auto store = find_sass_metric(chip_, kStoreSectorMetric);
  direct_split_ = load && store;
  if (!direct_split_) {
    load = find_sass_metric(chip_, kLoadInstructionMetric);
    store = find_sass_metric(chip_, kStoreInstructionMetric);
    classify_split_ = load && store;
  }
  if (load && store) {
    by_id[*load] = kFirst;
    by_id[*store] = kSecond;
  }
  // The sector metrics first, in metric-id order; the extras after them, so the sector metrics
  // keep their places whatever extras are configured.
  std::vector<std::uint64_t> ids;
  for (const auto& [id, role] : by_id) {
    ids.push_back(id);
    roles_.push_back(role);
  }
  for (const std::uint64_t id : extra_metric_ids) {
    // A repeated id would leave one of its two slots unfilled (the scope files values by id).
    if (std::find(ids.begin(), ids.end(), id) != ids.end())
      throw std::invalid_argument("SASS metric id " + std::to_string(id) + " configured twice");
    ids.push_back(id);
  }
  scope_ = std::make_unique<SassMetricScope>(device, std::move(ids));
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

  const SassMetricValues values = scope_->finish();
  counts.dropped_records = values.dropped_records;
  for (const auto& [instruction, metric_values] : values.by_instruction) {
    // Only the sector metrics decide an instruction's role, whatever extras were configured.
    std::array<std::uint64_t, kRoles> v{};
    for (std::size_t m = 0; m < roles_.size(); ++m)
      v[roles_[m]] += metric_values[m];
    if (extra_metrics_ > 0) {
      auto& extra = counts.extra_by_function[std::get<0>(instruction)];
      extra.resize(extra_metrics_, 0);
      for (std::size_t e = 0; e < extra_metrics_; ++e)
        extra[e] += metric_values[roles_.size() + e];
    }
    FunctionSectors& f = counts.by_function[std::get<0>(instruction)];
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
