// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The stdpar model's stepper: the host stepper (memory/host_stepper.hpp) with parallel
// algorithms for its copies, and the choice of kernel; each step one parallel algorithm call
// (kernels.hpp).
#include "stdpar/runtime/stepper.hpp"

#include <tbb/info.h>

#include <algorithm>
#include <cstddef>
#include <execution>
#include <memory>
#include <string>
#include <string_view>

#include "memory/host_stepper.hpp"
#include "stdpar/kernels.hpp"

namespace stencil::stdpar {
namespace {

// Generated from STENCIL_VARIANTS: a variant the model's row does not name has no case.
#define STENCIL_STDPAR_STEP_CASE(name, ...)                     \
  case Variant::name:                                           \
    if constexpr (info(Variant::name).implemented_by("stdpar")) \
      return &name##_step;                                      \
    break;

StepFunction step_function(const VariantInfo& variant) {
  switch (variant.id) { STENCIL_VARIANTS(STENCIL_STDPAR_STEP_CASE) }
  throw UnsupportedRequest("-impl stdpar has no kernel for variant " + std::string(variant.name));
}
#undef STENCIL_STDPAR_STEP_CASE

// The host stepper's parallel forms (memory/host_stepper.hpp), each one parallel algorithm.
struct Stdpar {
  static constexpr std::string_view kName = "stdpar";
  using StepFunction = stdpar::StepFunction;
  using Grid = std::unique_ptr<Element[]>;
  // A grid whose pages are first written by the algorithm's own threads.
  static Grid allocate(std::size_t cells) {
    Grid grid(new Element[cells == 0 ? 1 : cells]);
    std::fill(std::execution::par_unseq, grid.get(), grid.get() + cells, Element{0});
    return grid;
  }
  static Element* data(Grid& grid) { return grid.get(); }
  static void copy(const Element* from, Element* to, std::size_t cells) {
    std::copy(std::execution::par_unseq, from, from + cells, to);
  }
  static void fill(Element* to, std::size_t cells, Element value) {
    std::fill(std::execution::par_unseq, to, to + cells, value);
  }
  static int host_threads() { return tbb::info::default_concurrency(); }
  static std::string description() { return thread_description(); }
};

}  // namespace

std::string thread_description() {
  return "C++17 parallel algorithms, std::execution::par_unseq on TBB (" +
         std::to_string(tbb::info::default_concurrency()) + " threads)";
}

std::unique_ptr<Stepper> make_stepper(const CheckedConfig& config, std::string_view space) {
  if (!space.empty()) {
    throw UnsupportedRequest(
        "-impl stdpar runs on its parallel algorithms' threads; drop -space '" +
        std::string(space) + "'");
  }
  return std::make_unique<HostStepper<Stdpar>>(config, step_function(*config->variant));
}

}  // namespace stencil::stdpar
