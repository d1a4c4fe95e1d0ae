// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "options_config.hpp"

namespace stencil::app {

CheckedConfig config_from_options(const Options& options, std::int64_t n) {
  RunConfig config;
  config.variant = options.variant_info;
  config.n = n;
  config.precision = options.precision;
  config.chunks = options.chunks;
  config.patch = options.patch;
  config.pitch = options.pitch;
  config.fuse = options.fuse;
  // The run's host grids at their peak: the final download; -verify adds the initial state, kept
  // for the reference loop, and the reference's second grid (run.cpp).
  config.host_copies = options.verify ? 3 : 1;
  return check_config(config);
}

}  // namespace stencil::app
