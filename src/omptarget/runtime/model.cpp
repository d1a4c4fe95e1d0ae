// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The OpenMP target offload model's entry in the registry (stencil/model_hooks.hpp).
#include "omptarget/runtime/stepper.hpp"
#include "stencil/model_hooks.hpp"

namespace stencil::omptarget {

const ModelHooks& hooks() {
  static const ModelHooks model = [] {
    ModelHooks h;
    h.make = &make_stepper;
    h.device = &device_description;
    h.spaces = &space_names;
    h.space_memory = &space_memory;
    return h;
  }();
  return model;
}

}  // namespace stencil::omptarget
