// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The native OpenMP model's entry in the registry (stencil/model_hooks.hpp).
#include "openmp/runtime/stepper.hpp"
#include "stencil/model_hooks.hpp"

namespace stencil::openmp {
namespace {

bool uses_openmp_threads(std::string_view) {
  return true;
}

}  // namespace

const ModelHooks& hooks() {
  static const ModelHooks model = [] {
    ModelHooks h;
    h.make = &make_stepper;
    h.device = &thread_description;
    h.uses_openmp_threads = &uses_openmp_threads;
    return h;
  }();
  return model;
}

}  // namespace stencil::openmp
