// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// What a result file must say about the run besides the numbers: commit, each model's version
// and spaces, CPU and GPU, driver, size set, timing method. Goes into the "context" object of the
// benchmark JSON through benchmark::AddCustomContext.
#pragma once

#include "size_set.hpp"
#include "targets.hpp"

namespace stencil::perf {

// The models' runtimes must be up (ModelRuntimes); call before benchmark::RunSpecifiedBenchmarks.
void add_run_context(SizeSet sizes, const TargetList& targets);

}  // namespace stencil::perf
