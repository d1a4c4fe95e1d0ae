// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Counts the global-memory sectors that the SASS load and store instructions of every kernel
// launched in its lifetime issue, summed over all launches, per kernel (function) name, in one
// SassMetricScope (whose header gives the order of calls it needs). Other metrics (the
// shared-memory plan's) can ride along in the same scope: CUPTI 13.0 on GH100 takes only one
// configuration per process. Why this API and not the range profiler: docs/sectors.md.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "measure/profile/sass_metric_scope.hpp"
#include "measure/profile/sector_counts.hpp"

namespace stencil::profile {

class SassSectorCounter {
 public:
  // Configures the sector metrics on `device`, followed by `extra_metric_ids` (ids on this chip,
  // none of them a sector metric; std::invalid_argument otherwise), and enables lazy patching on
  // the current context.
  explicit SassSectorCounter(int device, std::vector<std::uint64_t> extra_metric_ids = {});

  // Flushes the counts of every launch since construction and ends the scope. Call once, after
  // the counted launches have finished (synchronize first).
  SectorCounts finish();

 private:
  // Roles of the configured metrics; the values of one instruction are summed by role.
  enum Role { kTotal = 0, kFirst = 1, kSecond = 2, kRoles = 3 };

  std::string chip_;
  // The role of each sector metric, in the scope's metric order; they come first in the scope, the
  // extra metrics after them. kFirst/kSecond are the direct load/store sector metrics when the chip
  // has them, else the executed global load/store instruction counts used to classify
  // instructions.
  std::vector<Role> roles_;
  std::size_t extra_metrics_ = 0;
  bool direct_split_ = false;
  bool classify_split_ = false;
  std::unique_ptr<SassMetricScope> scope_;
};

}  // namespace stencil::profile
