// One step of each variant the OpenMP implementation has, each defined in the file of the same
// name (as in src/kokkos/ and src/cuda/). Every step is a complete parallel region: it returns
// when the whole output is written. `in` and `out` must not alias.
#pragma once

#include "stencil/runner.hpp"

namespace stencil::openmp {

using StepFunction = void (*)(const float* in, float* out, int n, const RunConfig& config);

void naive_step(const float* in, float* out, int n, const RunConfig& config);
void tiled_step(const float* in, float* out, int n, const RunConfig& config);
// config.fuse iterations in one pass; config.chunks row bands (0: one per thread).
void temporal_step(const float* in, float* out, int n, const RunConfig& config);
void naive1d_step(const float* in, float* out, int n, const RunConfig& config);
void halo1d_step(const float* in, float* out, int n, const RunConfig& config);

}  // namespace stencil::openmp
