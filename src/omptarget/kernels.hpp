// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// One step of each variant the omptarget row of STENCIL_MODELS names, each defined in the file of
// the same name (as in src/cuda/ and src/openmp/). `in` and `out` are host arrays the stepper has
// mapped to the device for its whole lifetime (target enter data), so the kernels' map(alloc:)
// clauses find them present and move no grid data between host and device. Each step returns
// when its output is written (no `nowait`). `in` and `out` must not alias.
#pragma once

#include <string_view>
#include <vector>

#include "stencil/element.hpp"
#include "stencil/run_config.hpp"

namespace stencil::omptarget {

// How a kernel runs: in which of its loop shapes (an index into the list `<name>_loop_shapes()`
// returns, whose first entry is the default), and whether on the GPU or on the host (-space:
// every construct's `if` clause).
struct Launch {
  int loop_shape = 0;
  bool on_device = true;
};

using StepFunction = void (*)(const Element* in, Element* out, ArrayExtent shape,
                              const RunConfig& config, Launch launch);
using LoopShapesFunction = std::vector<std::string_view> (*)();

#define STENCIL_OMPTARGET_DECLARE_STEP(name, ...)                                               \
  void name##_step(const Element* in, Element* out, ArrayExtent shape, const RunConfig& config, \
                   Launch launch);                                                              \
  std::vector<std::string_view> name##_loop_shapes();
STENCIL_VARIANTS(STENCIL_OMPTARGET_DECLARE_STEP)
#undef STENCIL_OMPTARGET_DECLARE_STEP

}  // namespace stencil::omptarget
