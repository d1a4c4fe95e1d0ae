// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The kernel interface of the directive models (openacc, omptarget): how a kernel is launched and
// the signature of one step, shared by each model's kernels.hpp.
#pragma once

#include <string_view>
#include <vector>

#include "stencil/element.hpp"
#include "stencil/run_config.hpp"

namespace stencil::directive {

// How a kernel runs: in which of its loop shapes (an index into the list `<name>_loop_shapes()`
// returns, whose first entry is the default), and whether on the GPU or on the host (-space:
// every construct's `if` clause).
struct Launch {
  int loop_shape = 0;
  bool on_device = true;
};

using StepFunction = void (*)(const Element* in, Element* out, ArrayExtent extent,
                              const RunConfig& config, Launch launch);
using LoopShapesFunction = std::vector<std::string_view> (*)();

}  // namespace stencil::directive

// Declares `<variant>_step` and `<variant>_loop_shapes` for every row of STENCIL_VARIANTS in the
// namespace where it is expanded (a model's kernels.hpp), each defined in the model's file of
// that name.
#define STENCIL_DIRECTIVE_DECLARE_STEP(name, ...)                                                \
  void name##_step(const Element* in, Element* out, ArrayExtent extent, const RunConfig& config, \
                   Launch launch);                                                               \
  std::vector<std::string_view> name##_loop_shapes();
#define STENCIL_DIRECTIVE_DECLARE_STEPS() \
  using directive::Launch;                \
  using directive::LoopShapesFunction;    \
  using directive::StepFunction;          \
  STENCIL_VARIANTS(STENCIL_DIRECTIVE_DECLARE_STEP)
