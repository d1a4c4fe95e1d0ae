// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// One run of the mini-app: set up the chosen implementation, iterate, time, check.
#pragma once

#include "options.hpp"
#include "run_result.hpp"

namespace stencil::app {

// Requires Kokkos to be initialized. Throws UnsupportedRequest / RuntimeFailure (see stepper.hpp).
RunResult run(const Options& options);

}  // namespace stencil::app
