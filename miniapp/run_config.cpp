#include "run_config.hpp"

namespace stencil::app {

CheckedConfig checked_config(const Options& options, int n) {
  RunConfig config;
  config.variant = options.variant_info;
  config.n = n;
  config.chunks = options.chunks;
  config.patch = options.patch;
  config.pitch = options.pitch;
  config.fuse = options.fuse;
  // The run keeps the initial state and the final download in host memory; -verify adds the
  // reference loop's second grid (its first is the initial state, moved in).
  config.host_copies = options.verify ? 3 : 2;
  return check_config(config);
}

}  // namespace stencil::app
