// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The kernel interface of the directive models (openacc, omptarget): how a kernel is launched and
// the signature of one step, for cells of type T (float or double), shared by each model's
// kernels.hpp.
#pragma once

#include <string_view>
#include <vector>

#include "stencil/precision.hpp"
#include "stencil/run_config.hpp"

namespace stencil::directive {

// How a kernel runs: in which of its loop shapes (an index into the list `<name>_loop_shapes()`
// returns, whose first entry is the default), and whether on the GPU or on the host (-space:
// every construct's `if` clause).
struct Launch {
  int loop_shape = 0;
  bool on_device = true;
};

template <class T>
using StepFunction = void (*)(const T* in, T* out, ArrayExtent extent, const RunConfig& config,
                              Launch launch);
// A kernel's loop shapes are the same in both precisions.
using LoopShapesFunction = std::vector<std::string_view> (*)();

}  // namespace stencil::directive

// Declares `<variant>_step<T>` and `<variant>_loop_shapes` for every row of STENCIL_VARIANTS in
// the namespace where it is expanded (a model's kernels.hpp), each defined in the model's file of
// that name, which instantiates the step for both element types:
//   STENCIL_ELEMENT_TYPES(STENCIL_DIRECTIVE_INSTANTIATE_STEP, <variant>)
#define STENCIL_DIRECTIVE_DECLARE_STEP(name, ...)                                    \
  template <class T>                                                                 \
  void name##_step(const T* in, T* out, ArrayExtent extent, const RunConfig& config, \
                   Launch launch);                                                   \
  std::vector<std::string_view> name##_loop_shapes();
#define STENCIL_DIRECTIVE_DECLARE_STEPS() \
  using directive::Launch;                \
  using directive::LoopShapesFunction;    \
  using directive::StepFunction;          \
  STENCIL_VARIANTS(STENCIL_DIRECTIVE_DECLARE_STEP)
#define STENCIL_DIRECTIVE_INSTANTIATE_STEP(name, T) \
  template void name##_step<T>(const T*, T*, ArrayExtent, const RunConfig&, Launch);
