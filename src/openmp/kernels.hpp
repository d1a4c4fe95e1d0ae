// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// One step of each variant STENCIL_VARIANTS gives to "openmp", each defined in the file of the
// same name (as in src/kokkos/ and src/cuda/), for cells of type T (float or double: each file
// instantiates both, STENCIL_ELEMENT_TYPES). Every step is a complete parallel region: it returns
// when the whole output is written. `in` and `out` must not alias. The shape options are read at
// run time from the configuration: tiled ignores -pitch (a CPU cache has no banks to spread), and
// temporal's -fuse is a loop bound, so no kernel is a template on its shape.
#pragma once

#include "stencil/precision.hpp"
#include "stencil/run_config.hpp"

namespace stencil::openmp {

// A step works on RunConfig::stepped_extent().
template <class T>
using StepFunction = void (*)(const T* in, T* out, ArrayExtent extent, const RunConfig& config);

// <name>_step for every row; only the rows that name "openmp" are defined (and dispatched to).
// temporal: config.fuse iterations in one pass, config.chunks row bands (0: one per thread).
#define STENCIL_OPENMP_DECLARE_STEP(name, ...) \
  template <class T>                           \
  void name##_step(const T* in, T* out, ArrayExtent extent, const RunConfig& config);
STENCIL_VARIANTS(STENCIL_OPENMP_DECLARE_STEP)
#undef STENCIL_OPENMP_DECLARE_STEP

}  // namespace stencil::openmp

// A kernel file's instantiations: STENCIL_ELEMENT_TYPES(STENCIL_OPENMP_INSTANTIATE_STEP, name).
#define STENCIL_OPENMP_INSTANTIATE_STEP(name, T) \
  template void name##_step<T>(const T*, T*, ArrayExtent, const RunConfig&);
