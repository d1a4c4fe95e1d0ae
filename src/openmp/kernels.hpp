// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// One step of each variant STENCIL_VARIANTS gives to "openmp", each defined in the file of the
// same name (as in src/kokkos/ and src/cuda/). Every step is a complete parallel region: it
// returns when the whole output is written. `in` and `out` must not alias. The shape options are
// read at run time from the configuration: tiled ignores -pitch (a CPU cache has no banks to
// spread), and temporal's -fuse is a loop bound, so no kernel is a template.
#pragma once

#include "stencil/element.hpp"
#include "stencil/run_config.hpp"

namespace stencil::openmp {

// A step works on RunConfig::stepped_extent().
using StepFunction = void (*)(const Element* in, Element* out, ArrayExtent extent,
                              const RunConfig& config);

// <name>_step for every row; only the rows that name "openmp" are defined (and dispatched to).
// temporal: config.fuse iterations in one pass, config.chunks row bands (0: one per thread).
#define STENCIL_OPENMP_DECLARE_STEP(name, ...) \
  void name##_step(const Element* in, Element* out, ArrayExtent extent, const RunConfig& config);
STENCIL_VARIANTS(STENCIL_OPENMP_DECLARE_STEP)
#undef STENCIL_OPENMP_DECLARE_STEP

}  // namespace stencil::openmp
