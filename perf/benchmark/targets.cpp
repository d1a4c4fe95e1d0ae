// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "targets.hpp"

namespace stencil::perf {

TargetList benchmark_targets() {
  TargetList targets;
  for (const auto& backend : backends()) {
    if (const std::string reason = unavailable_reason(backend); !reason.empty()) {
      targets.skipped.push_back(backend.label() + ": " + reason);
    } else {
      targets.runnable.push_back(backend);
    }
  }
  return targets;
}

}  // namespace stencil::perf
