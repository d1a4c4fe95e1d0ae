// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "openmp/stepper.hpp"

#include <omp.h>

#include <limits>
#include <new>
#include <stdexcept>
#include <string>
#include <utility>

#include "openmp/grid_buffer.hpp"
#include "openmp/kernels.hpp"
#include "stencil/memory_budget.hpp"

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

class OpenMPStepper final : public Stepper {
 public:
  explicit OpenMPStepper(const CheckedConfig& config)
      : Stepper(config.get()),
        extent_(config->stepped_extent()),
        cells_(config->local_cells()),
        step_(step_function(*config->variant)) {
    // The two grids, plus the caller's host copies in the same memory.
    require_grids(this->config(), 2 + this->config().host_copies, host_available_bytes(),
                  "host memory");
    try {
      current_ = GridBuffer(cells_, 0.0f);
      next_ = GridBuffer(cells_, 0.0f);
    } catch (const std::bad_alloc&) {
      throw UnsupportedRequest("cannot allocate two grids of " + std::to_string(cells_) +
                               " cells in host memory");
    }
  }

  std::string implementation() const override { return "openmp"; }
  std::string execution_space() const override { return thread_description(); }

  void upload(const std::vector<Element>& cells) override {
    check_size(cells.size());
    parallel_copy(cells.data(), current_.data(), cells_);
  }

  void poison_next_output() override {
    parallel_fill(next_.data(), cells_, std::numeric_limits<Element>::quiet_NaN());
  }

  // Each kernel is a whole parallel region, so a step has finished when it returns.
  void step() override {
    step_(current_.data(), next_.data(), extent_, config());
    std::swap(current_, next_);
  }
  void warm_up() override { step_(current_.data(), next_.data(), extent_, config()); }
  void fence() override {}

  std::vector<Element> download() override {
    std::vector<Element> cells(cells_);
    parallel_copy(current_.data(), cells.data(), cells_);
    return cells;
  }

  GridAccess grids() override {
    GridAccess grids;
    grids.memory = MemoryKind::host;
    grids.current = current_.data();
    grids.next = next_.data();
    grids.host_threads = omp_get_max_threads();
    return grids;
  }

 private:
  void check_size(std::size_t size) const {
    if (size != cells_) {
      throw std::invalid_argument("state has " + std::to_string(size) + " cells, expected " +
                                  std::to_string(cells_));
    }
  }

  ArrayExtent extent_;
  std::size_t cells_;
  StepFunction step_;
  GridBuffer current_;
  GridBuffer next_;
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
  return std::make_unique<OpenMPStepper>(config);
}

}  // namespace stencil::openmp
