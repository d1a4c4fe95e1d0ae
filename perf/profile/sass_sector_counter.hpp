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

#include "profile/sass_metric_scope.hpp"

namespace stencil::profile {

struct FunctionSectors {
  std::uint64_t total = 0;  // smsp__sass_sectors_mem_global
  std::uint64_t load = 0;   // meaningful when SectorCounts::split_available
  std::uint64_t store = 0;
  std::uint64_t other = 0;  // atomics/reductions, or instructions the split could not classify
};

struct SectorCounts {
  std::map<std::string, FunctionSectors> by_function;  // device-side mangled name
  bool split_available = false;
  std::string split_method;  // how load and store sectors were told apart, for the report
  std::string chip;
  std::size_t dropped_records = 0;  // records CUPTI discarded at disable; 0 when all were flushed
  // Per function: each extra metric summed over the function's instructions, in the order the
  // counter was given them. Empty without extra metrics.
  std::map<std::string, std::vector<std::uint64_t>> extra_by_function;
};

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
