// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Which shared-memory SASS metrics (shared_metrics.hpp) a chip offers, and what their sums mean
// per kernel. The plan opens no scope of its own: its metric ids ride along in the sector
// counter's configuration, because CUPTI 13.0 on GH100 refuses a second configuration in one
// process (cuptiSassMetricsSetConfig: CUPTI_ERROR_OUT_OF_MEMORY). Every metric is optional: a chip
// without one costs the report the columns that need it, never its sectors. Plain C++ (the lookup
// is passed in), so the CPU suite tests it.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "measure/profile/kernel_report.hpp"

namespace stencil::profile {

// Sums over a function's instructions; a field is absent when the chip lacks its metric.
struct FunctionShared {
  std::optional<std::uint64_t> ld_requests;       // warp-level shared load instructions
  std::optional<std::uint64_t> st_requests;       // warp-level shared store instructions
  std::optional<std::uint64_t> wavefronts;        // wavefronts of every shared operation
  std::optional<std::uint64_t> ideal_wavefronts;  // the same without bank conflicts
};

// One of FunctionShared's counts, as the plan fills them by metric.
using SharedField = std::optional<std::uint64_t> FunctionShared::*;

struct SharedCounts {
  std::map<std::string, FunctionShared> by_function;  // device-side mangled name
  // The counts of a function without shared-memory instructions: 0 for every configured metric.
  FunctionShared none;
  bool counted = false;  // the scope carried at least one of the metrics
};

// A metric's id on the current chip, or nothing when the chip does not offer it.
using SassMetricLookup = std::function<std::optional<std::uint64_t>(const char* metric)>;

class SharedMetricPlan {
 public:
  // Looks every shared-memory metric up once.
  explicit SharedMetricPlan(const SassMetricLookup& find);

  // The ids to append to the sector counter's configuration, in a fixed order; empty when the
  // chip offers none of the metrics.
  const std::vector<std::uint64_t>& metric_ids() const { return ids_; }
  // The metrics the chip does not offer.
  const std::vector<std::string>& missing() const { return missing_; }

  // The counts from each function's sums of metric_ids(), in that order (what the sector counter
  // returns for its extra metrics).
  SharedCounts interpret(const std::map<std::string, std::vector<std::uint64_t>>& sums) const;

 private:
  std::vector<std::uint64_t> ids_;
  std::vector<SharedField> fields_;  // the field of each id, in the same order
  std::vector<std::string> missing_;
};

// Sets `k`'s shared-memory counts from `shared`. A kernel the scope recorded nothing of counts 0
// when it has no shared memory at all (it cannot execute a shared instruction); otherwise its
// columns stay empty and a note says so. Nothing happens when `shared` was not counted.
void add_shared_counts(KernelProfile& k, const SharedCounts& shared,
                       std::vector<std::string>& notes);

}  // namespace stencil::profile
