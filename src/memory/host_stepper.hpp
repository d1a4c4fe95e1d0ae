// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The stepper of a model whose two grids are host memory and whose kernels return when their
// output is written (openmp, stdpar): upload, download and poisoning in the model's own parallel
// form, a step one kernel call and a swap, nothing to fence.
//
// `Model` is a struct of static members, defined in the model's stepper.cpp:
//   kName                      the model's name (-impl)
//   StepFunction               its kernels' type (<model>/kernels.hpp)
//   Grid                       its grid type; data(grid) its cells
//   allocate(cells)            a grid of `cells` cells, first touched by the model's threads
//                              (throws std::bad_alloc)
//   copy(from, to, cells)      parallel copy (no overlap), fill(to, cells, value) parallel fill;
//                              the copy is also the run's copy reference (GridAccess::host_copy)
//   host_threads()             the threads the kernels run on
//   description()              what it runs on, for the result block
#pragma once

#include <cstddef>
#include <limits>
#include <new>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "stencil/memory_budget.hpp"
#include "stencil/stepper.hpp"

namespace stencil {

template <class Model>
class HostStepper final : public Stepper {
 public:
  HostStepper(const CheckedConfig& config, typename Model::StepFunction step)
      : Stepper(config.get()),
        extent_(config->stepped_extent()),
        cells_(config->local_cells()),
        step_(step) {
    // The two grids, plus the caller's host copies in the same memory.
    require_grids(this->config(), 2 + this->config().host_copies, host_available_bytes(),
                  "host memory");
    try {
      current_ = Model::allocate(cells_);
      next_ = Model::allocate(cells_);
    } catch (const std::bad_alloc&) {
      throw UnsupportedRequest("cannot allocate two grids of " + std::to_string(cells_) +
                               " cells in host memory");
    }
  }

  std::string model() const override { return std::string(Model::kName); }
  std::string execution_space() const override { return Model::description(); }

  void upload(const std::vector<Element>& cells) override {
    if (cells.size() != cells_) {
      throw std::invalid_argument("state has " + std::to_string(cells.size()) +
                                  " cells, expected " + std::to_string(cells_));
    }
    Model::copy(cells.data(), Model::data(current_), cells_);
  }

  void poison_next_output() override {
    Model::fill(Model::data(next_), cells_, std::numeric_limits<Element>::quiet_NaN());
  }

  // A kernel returns when its output is written: a step has finished on return.
  void step() override {
    step_(Model::data(current_), Model::data(next_), extent_, config());
    std::swap(current_, next_);
  }
  void warm_up() override { step_(Model::data(current_), Model::data(next_), extent_, config()); }
  void fence() override {}

  std::vector<Element> download() override {
    std::vector<Element> cells(cells_);
    Model::copy(Model::data(current_), cells.data(), cells_);
    return cells;
  }

  GridAccess grids() override {
    GridAccess grids;
    grids.memory = MemoryKind::host;
    grids.current = Model::data(current_);
    grids.next = Model::data(next_);
    grids.host_threads = Model::host_threads();
    grids.host_copy = &Model::copy;
    return grids;
  }

 private:
  ArrayExtent extent_;
  std::size_t cells_;
  typename Model::StepFunction step_;
  typename Model::Grid current_;
  typename Model::Grid next_;
};

}  // namespace stencil
