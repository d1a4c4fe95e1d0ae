// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The OpenMP model's stepper: the host stepper (memory/host_stepper.hpp) with the kernels' static
// schedule for its copies, and the choice of kernel and element type.
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
      return &name##_step<T>;                                   \
    break;

template <class T>
StepFunction<T> step_function(const VariantInfo& variant) {
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
  template <class T>
  using StepFunction = openmp::StepFunction<T>;
  template <class T>
  using Grid = GridBuffer<T>;
  template <class T>
  static Grid<T> allocate(std::size_t cells) {
    return GridBuffer<T>(cells, T(0));
  }
  template <class T>
  static T* data(Grid<T>& grid) {
    return grid.data();
  }
  template <class T>
  static void copy(const T* from, T* to, std::size_t cells) {
    parallel_copy(from, to, cells);
  }
  template <class T>
  static void fill(T* to, std::size_t cells, T value) {
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
  return with_element_type(config->precision, [&](auto zero) -> std::unique_ptr<Stepper> {
    using T = decltype(zero);
    return std::make_unique<HostStepper<OpenMP, T>>(config, step_function<T>(*config->variant));
  });
}

}  // namespace stencil::openmp
