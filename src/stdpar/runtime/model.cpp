// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The stdpar model's entry in the registry (stencil/model_hooks.hpp).
#include "stdpar/runtime/stepper.hpp"
#include "stencil/model_hooks.hpp"

namespace stencil::stdpar {

const ModelHooks& hooks() {
  static const ModelHooks model = [] {
    ModelHooks h;
    h.make = &make_stepper;
    h.device = &thread_description;
    return h;
  }();
  return model;
}

}  // namespace stencil::stdpar
