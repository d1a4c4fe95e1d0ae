// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// One step of each variant the stdpar row of STENCIL_MODELS names, each defined in the file of
// the same name (as in the other model folders), for cells of type T (float or double: each file
// instantiates both, STENCIL_ELEMENT_TYPES): C++17 parallel algorithms over an index range
// (index_range.hpp), std::execution::par_unseq, which g++ runs on TBB. Every step returns when the
// whole output is written. `in` and `out` must not alias.
#pragma once

#include "stencil/precision.hpp"
#include "stencil/run_config.hpp"

namespace stencil::stdpar {

template <class T>
using StepFunction = void (*)(const T* in, T* out, ArrayExtent extent, const RunConfig& config);

// <name>_step for every variant; only those the model's row names are defined (and dispatched to).
#define STENCIL_STDPAR_DECLARE_STEP(name, ...) \
  template <class T>                           \
  void name##_step(const T* in, T* out, ArrayExtent extent, const RunConfig& config);
STENCIL_VARIANTS(STENCIL_STDPAR_DECLARE_STEP)
#undef STENCIL_STDPAR_DECLARE_STEP

}  // namespace stencil::stdpar

// A kernel file's instantiations: STENCIL_ELEMENT_TYPES(STENCIL_STDPAR_INSTANTIATE_STEP, name).
#define STENCIL_STDPAR_INSTANTIATE_STEP(name, T) \
  template void name##_step<T>(const T*, T*, ArrayExtent, const RunConfig&);
