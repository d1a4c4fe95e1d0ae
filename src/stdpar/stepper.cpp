// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The stdpar model's stepper: two grids in host memory, each step one parallel algorithm call
// (kernels.hpp), upload, download and poisoning parallel algorithms too.
#include "stdpar/stepper.hpp"

#include <tbb/info.h>

#include <algorithm>
#include <execution>
#include <limits>
#include <new>
#include <stdexcept>
#include <string>
#include <utility>

#include "stdpar/kernels.hpp"
#include "stencil/memory_budget.hpp"

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

// A grid whose pages are first written by the algorithm's own threads.
std::unique_ptr<Element[]> allocate(std::size_t cells) {
  std::unique_ptr<Element[]> grid(new Element[cells == 0 ? 1 : cells]);
  std::fill(std::execution::par_unseq, grid.get(), grid.get() + cells, Element{0});
  return grid;
}

class StdparStepper final : public Stepper {
 public:
  explicit StdparStepper(const CheckedConfig& config)
      : Stepper(config.get()),
        extent_(config->stepped_extent()),
        cells_(config->local_cells()),
        step_(step_function(*config->variant)) {
    // The two grids, plus the caller's host copies in the same memory.
    require_grids(this->config(), 2 + this->config().host_copies, host_available_bytes(),
                  "host memory");
    try {
      current_ = allocate(cells_);
      next_ = allocate(cells_);
    } catch (const std::bad_alloc&) {
      throw UnsupportedRequest("cannot allocate two grids of " + std::to_string(cells_) +
                               " cells in host memory");
    }
  }

  std::string implementation() const override { return "stdpar"; }
  std::string execution_space() const override { return thread_description(); }

  void upload(const std::vector<Element>& cells) override {
    if (cells.size() != cells_) {
      throw std::invalid_argument("state has " + std::to_string(cells.size()) +
                                  " cells, expected " + std::to_string(cells_));
    }
    std::copy(std::execution::par_unseq, cells.begin(), cells.end(), current_.get());
  }

  void poison_next_output() override {
    std::fill(std::execution::par_unseq, next_.get(), next_.get() + cells_,
              std::numeric_limits<Element>::quiet_NaN());
  }

  // A parallel algorithm returns when every element is done: a step has finished on return.
  void step() override {
    step_(current_.get(), next_.get(), extent_, config());
    std::swap(current_, next_);
  }
  void warm_up() override { step_(current_.get(), next_.get(), extent_, config()); }
  void fence() override {}

  std::vector<Element> download() override {
    std::vector<Element> cells(cells_);
    std::copy(std::execution::par_unseq, current_.get(), current_.get() + cells_, cells.begin());
    return cells;
  }

  GridAccess grids() override {
    GridAccess grids;
    grids.memory = MemoryKind::host;
    grids.current = current_.get();
    grids.next = next_.get();
    grids.host_threads = tbb::info::default_concurrency();
    return grids;
  }

 private:
  ArrayExtent extent_;
  std::size_t cells_;
  StepFunction step_;
  std::unique_ptr<Element[]> current_;
  std::unique_ptr<Element[]> next_;
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
  return std::make_unique<StdparStepper>(config);
}

}  // namespace stencil::stdpar
