// What one run asks of an implementation, and the one check that turns a request into a
// configuration the kernels can serve: the miniapp run, -profile, the benchmark and the tests all
// go through check_config(), and every implementation takes only its result.
#pragma once

#include "stencil/variants.hpp"

namespace stencil {

struct RunConfig {
  const VariantInfo* variant = nullptr;
  int n = 0;
  int chunks = 0;                  // row chunks; 0: the variant's default (see ChunkPolicy)
  int patch = kDefaultPatch;       // regblock: p, one of kPatchSizes
  int pitch = kDefaultTiledPitch;  // tiled: shared row pitch, one of kTiledPitches
  int fuse = 0;  // temporal: iterations per pass, one of kFuseDepths; 0: kDefaultFuse

  // The value of the variant's shape option (pitch, patch or fuse); 0 for ShapeOption::none.
  int shape_value() const;
  // Iterations one step performs: the fuse depth for temporal, else 1.
  int iterations_per_step() const { return variant->uses_shape(ShapeOption::fuse) ? fuse : 1; }
};

// A RunConfig that passed check_config(): the variant is known, N fits its index type, the chunk
// count and fuse depth are resolved (a fixed-chunk variant's 0 becomes kDefaultChunks; fuse is 1
// where the variant has no fuse depth), and every shape value has a kernel instantiation.
class CheckedConfig {
 public:
  const RunConfig& get() const { return config_; }
  const RunConfig* operator->() const { return &config_; }

 private:
  explicit CheckedConfig(const RunConfig& config) : config_(config) {}
  friend CheckedConfig check_config(RunConfig requested);
  RunConfig config_;
};

// Throws UnsupportedRequest (stencil/stepper.hpp) with a one-line reason for anything no kernel of
// this variant can serve.
CheckedConfig check_config(RunConfig requested);

}  // namespace stencil
