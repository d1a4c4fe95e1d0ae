// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The OpenMP model's stepper: the host stepper (memory/host_stepper.hpp) with the kernels' static
// schedule for its copies, and the choice of kernel.
#include "openmp/runtime/stepper.hpp"

#include <omp.h>

#include <cstddef>
#include <string>
#include <string_view>

#include "memory/host_stepper.hpp"
#include "openmp/kernels.hpp"
#include "openmp/runtime/grid_buffer.hpp"

namespace stencil::openmp {
namespace {

// Generated from STENCIL_VARIANTS: a variant the table does not give to "openmp" has no case.
#define STENCIL_OPENMP_STEP_CASE(name, ...)                     \
  case Variant::name:                                           \
    if constexpr (info(Variant::name).implemented_by("openmp")) \
      return &name##_step;                                      \
    break;

StepFunction step_function(const VariantInfo& variant) {
  switch (variant.id) { STENCIL_VARIANTS(STENCIL_OPENMP_STEP_CASE) }
  throw UnsupportedRequest("-impl openmp has no kernel for variant " + std::string(variant.name));
}
#undef STENCIL_OPENMP_STEP_CASE

std::string proc_bind_name(omp_proc_bind_t bind) {
  switch (bind) {
    case omp_proc_bind_false:
      return "false";
    case omp_proc_bind_true:
      return "true";
    case omp_proc_bind_master:
      return "master";
    case omp_proc_bind_close:
      return "close";
    case omp_proc_bind_spread:
      return "spread";
  }
  return "unknown";
}

// The host stepper's parallel forms (memory/host_stepper.hpp): the kernels' static schedule, so
// each thread first touches the rows it computes (grid_buffer.hpp).
struct OpenMP {
  static constexpr std::string_view kName = "openmp";
  using StepFunction = openmp::StepFunction;
  using Grid = GridBuffer;
  static Grid allocate(std::size_t cells) { return GridBuffer(cells, 0.0f); }
  static Element* data(Grid& grid) { return grid.data(); }
  static void copy(const Element* from, Element* to, std::size_t cells) {
    parallel_copy(from, to, cells);
  }
  static void fill(Element* to, std::size_t cells, Element value) {
    parallel_fill(to, cells, value);
  }
  static int host_threads() { return omp_get_max_threads(); }
  static std::string description() { return thread_description(); }
};

}  // namespace

std::string thread_description() {
  return "native OpenMP (" + std::to_string(omp_get_max_threads()) + " threads, proc_bind " +
         proc_bind_name(omp_get_proc_bind()) + ")";
}

std::unique_ptr<Stepper> make_stepper(const CheckedConfig& config, std::string_view space) {
  if (!space.empty()) {
    throw UnsupportedRequest("-impl openmp runs on its own OpenMP threads; drop -space '" +
                             std::string(space) + "'");
  }
  return std::make_unique<HostStepper<OpenMP>>(config, step_function(*config->variant));
}

}  // namespace stencil::openmp
