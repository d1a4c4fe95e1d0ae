// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The SASS metric catalogue of a GPU's chip, through CUPTI's SASS Metrics API: the chip's name,
// a metric's id by name, and every metric the chip offers. Needs a CUDA context on the device.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace stencil::profile {

// e.g. "GH100". Initialises CUPTI's profiler API on first use; it stays up until process exit.
std::string sass_chip_name(int device);

// The id of `metric` on `chip`, or nothing when the chip does not offer it.
std::optional<std::uint64_t> find_sass_metric(const std::string& chip, const char* metric);

// The id of `metric` on `chip`; ProfileUnavailable when the chip does not offer it.
std::uint64_t require_sass_metric(const std::string& chip, const char* metric);

struct SassMetricDetails {
  std::string name;
  std::string description;
  std::uint64_t id = 0;
};

// Every SASS metric `chip` offers, in CUPTI's order.
std::vector<SassMetricDetails> sass_metrics_of(const std::string& chip);

}  // namespace stencil::profile
