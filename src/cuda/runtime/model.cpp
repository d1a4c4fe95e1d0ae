// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The native CUDA model's entry in the registry (stencil/model_hooks.hpp).
#include <string>
#include <string_view>

#include "cuda/runtime/stepper.hpp"
#include "stencil/model_hooks.hpp"

namespace stencil::cuda {
namespace {

std::unique_ptr<Stepper> make(const CheckedConfig& config, std::string_view space) {
  if (!space.empty() && space != "cuda") {
    throw UnsupportedRequest("-impl cuda runs on the GPU only; drop -space '" + std::string(space) +
                             "'");
  }
  return make_stepper(config);
}

}  // namespace

const ModelHooks& hooks() {
  static const ModelHooks model = [] {
    ModelHooks h;
    h.make = &make;
    h.device = &device_description;
    h.unavailable_reason = &unavailable_reason;
    return h;
  }();
  return model;
}

}  // namespace stencil::cuda
