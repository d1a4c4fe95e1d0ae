// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The stdpar model's stepper: the host stepper (memory/host_stepper.hpp) with parallel
// algorithms for its copies, and the choice of kernel and element type; each step one parallel
// algorithm call (kernels.hpp).
#include "stdpar/runtime/stepper.hpp"

#include <algorithm>
#include <cstddef>
#include <execution>
#include <memory>
#include <new>
#include <string>
#include <string_view>

#include "memory/aligned_cells.hpp"
#include "memory/host_stepper.hpp"
#include "stdpar/kernels.hpp"
#include "stdpar/runtime/launch_cpus.hpp"

namespace stencil::stdpar {
namespace {

// Generated from STENCIL_VARIANTS: a variant the model's row does not name has no case.
#define STENCIL_STDPAR_STEP_CASE(name, ...)                     \
  case Variant::name:                                           \
    if constexpr (info(Variant::name).implemented_by("stdpar")) \
      return &name##_step<T>;                                   \
    break;

template <class T>
StepFunction<T> step_function(const VariantInfo& variant) {
  switch (variant.id) { STENCIL_VARIANTS(STENCIL_STDPAR_STEP_CASE) }
  throw UnsupportedRequest("-impl stdpar has no kernel for variant " + std::string(variant.name));
}
#undef STENCIL_STDPAR_STEP_CASE

// A grid's first cell starts a cache line (memory/aligned_cells.hpp), as the native twin's
// (src/openmp/runtime/grid_buffer.cpp). Unaligned, on one thread of the 2-core VM at N = 4096,
// naive and tiled ran at 0.84-0.93 of the native twin with the same vector loop; aligned,
// 0.97-1.02.

// The host stepper's parallel forms (memory/host_stepper.hpp), each one parallel algorithm.
struct Stdpar {
  static constexpr std::string_view kName = "stdpar";
  template <class T>
  using StepFunction = stdpar::StepFunction<T>;
  template <class T>
  using Grid = AlignedCells<T>;
  // A grid whose pages are first written by the algorithm's own threads.
  template <class T>
  static Grid<T> allocate(std::size_t cells) {
    Grid<T> grid = allocate_aligned_cells<T>(cells);
    std::fill(std::execution::par_unseq, grid.get(), grid.get() + cells, T{0});
    return grid;
  }
  template <class T>
  static T* data(Grid<T>& grid) {
    return grid.get();
  }
  template <class T>
  static void copy(const T* from, T* to, std::size_t cells) {
    std::copy(std::execution::par_unseq, from, from + cells, to);
  }
  template <class T>
  static void fill(T* to, std::size_t cells, T value) {
    std::fill(std::execution::par_unseq, to, to + cells, value);
  }
  static int host_threads() { return start_tbb_on_launch_cpus(); }
  static std::string description() { return thread_description(); }
};

}  // namespace

std::string thread_description() {
  return "C++17 parallel algorithms, std::execution::par_unseq on TBB (" +
         std::to_string(start_tbb_on_launch_cpus()) + " threads)";
}

std::unique_ptr<Stepper> make_stepper(const CheckedConfig& config, std::string_view space) {
  if (!space.empty()) {
    throw UnsupportedRequest(
        "-impl stdpar runs on its parallel algorithms' threads; drop -space '" +
        std::string(space) + "'");
  }
  start_tbb_on_launch_cpus();  // before the grids' first parallel fill
  return with_element_type(config->precision, [&](auto zero) -> std::unique_ptr<Stepper> {
    using T = decltype(zero);
    return std::make_unique<HostStepper<Stdpar, T>>(config, step_function<T>(*config->variant));
  });
}

}  // namespace stencil::stdpar
