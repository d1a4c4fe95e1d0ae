// Counts shared-memory load requests, load wavefronts and bank conflicts of every kernel launched
// in its lifetime, summed over all launches, per kernel (function) name, in a SassMetricScope of
// its own (shared_metrics.hpp names the metrics). Every metric is optional: the counter configures
// those the chip offers and names the others, so a chip without them costs the report its
// shared-memory columns, never its sectors.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "profile/sass_metric_scope.hpp"

namespace stencil::profile {

// Sums over a function's instructions; a field is absent when the chip lacks its metric.
struct FunctionShared {
  std::optional<std::uint64_t> ld_requests;       // warp-level shared load instructions
  std::optional<std::uint64_t> ld_wavefronts;     // their wavefronts
  std::optional<std::uint64_t> wavefronts;        // wavefronts of every shared operation
  std::optional<std::uint64_t> ideal_wavefronts;  // the same without bank conflicts
  std::optional<std::uint64_t> st_conflicts;      // bank conflicts of shared stores
};

// One of FunctionShared's counts, as the counter fills them by metric.
using SharedField = std::optional<std::uint64_t> FunctionShared::*;

struct SharedCounts {
  std::map<std::string, FunctionShared> by_function;  // device-side mangled name
  // The counts of a function without shared-memory instructions: 0 for every configured metric.
  FunctionShared none;
  std::vector<std::string> missing;  // metrics this chip does not offer
  bool counted = false;              // a scope ran: at least one metric was configured
  std::size_t dropped_records = 0;   // records CUPTI discarded at disable
};

class SassSharedCounter {
 public:
  // Looks the metrics up on `device`'s chip; when it offers any, configures them and enables lazy
  // patching on the current context.
  explicit SassSharedCounter(int device);

  // False when the chip offers none of the metrics: there is nothing to launch for.
  bool counting() const { return scope_ != nullptr; }

  // Flushes the counts of every launch since construction and ends the scope. Call once, after
  // the counted launches have finished (synchronize first).
  SharedCounts finish();

 private:
  std::vector<SharedField> fields_;  // the field of each configured metric, in the scope's order
  std::vector<std::string> missing_;
  std::unique_ptr<SassMetricScope> scope_;
};

}  // namespace stencil::profile
