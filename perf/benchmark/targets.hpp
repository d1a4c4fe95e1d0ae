// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// What the benchmarks run on: every backend of the build (src/backends.hpp) that can run here.
// A backend is the unit that has its own copy limit.
#pragma once

#include <string>
#include <vector>

#include "backends.hpp"

namespace stencil::perf {

struct TargetList {
  std::vector<Backend> runnable;
  std::vector<std::string> skipped;  // "LABEL: why not": for the JSON context
};

// Every backend of this build, split into those that can run here and those that cannot (with
// the reason). Kokkos must be initialized.
TargetList benchmark_targets();

}  // namespace stencil::perf
