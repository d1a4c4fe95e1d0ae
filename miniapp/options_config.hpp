// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The one conversion of parsed options into a checked run configuration, shared by the run and
// the profile mode.
#pragma once

#include "options.hpp"
#include "stencil/run_config.hpp"

namespace stencil::app {

// `n` is the grid size the run uses (the -input file's N, or -n). Throws UnsupportedRequest.
CheckedConfig config_from_options(const Options& options, std::int64_t n);

}  // namespace stencil::app
