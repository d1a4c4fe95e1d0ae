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
  return check_config(config);
}

}  // namespace stencil::app
