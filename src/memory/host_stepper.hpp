// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The stepper of a model whose two grids are host memory and whose kernels return when their
// output is written (openmp, stdpar): upload, download and poisoning in the model's own parallel
// form, a step one kernel call and a swap, nothing to fence.
//
// `Model` is a struct of static members, defined in the model's stepper.cpp; T is the element
// type (float or double):
//   kName                      the model's name (-impl)
//   StepFunction<T>            its kernels' type (<model>/kernels.hpp)
//   Grid<T>                    its grid type; data(grid) its cells
//   allocate<T>(cells)         a grid of `cells` cells, first touched by the model's threads
//                              (throws std::bad_alloc)
//   copy(from, to, cells)      parallel copy (no overlap), fill(to, cells, value) parallel fill,
//                              both for T* ; the copy is also the run's copy reference
//                              (GridAccess::host_copy)
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

template <class Model, class T>
class HostStepper final : public Stepper {
 public:
  using StepFunction = typename Model::template StepFunction<T>;
  HostStepper(const CheckedConfig& config, StepFunction step)
      : Stepper(config.get()),
        extent_(config->stepped_extent()),
        cells_(config->local_cells()),
        step_(step) {
    // The two grids, plus the caller's host copies in the same memory.
    require_grids(this->config(), 2 + this->config().host_copies, host_available_bytes(),
                  "host memory");
    try {
      current_ = Model::template allocate<T>(cells_);
      next_ = Model::template allocate<T>(cells_);
    } catch (const std::bad_alloc&) {
      throw UnsupportedRequest("cannot allocate two grids of " + std::to_string(cells_) +
                               " cells in host memory");
    }
  }

  std::string model() const override { return std::string(Model::kName); }
  std::string execution_space() const override { return Model::description(); }

  void upload(const Cells& cells) override {
    require_upload_shape(cells);
    Model::copy(cells.values<T>().data(), Model::data(current_), cells_);
  }

  void poison_next_output() override {
    Model::fill(Model::data(next_), cells_, std::numeric_limits<T>::quiet_NaN());
  }

  // A kernel returns when its output is written: a step has finished on return.
  void step() override {
    step_(Model::data(current_), Model::data(next_), extent_, config());
    std::swap(current_, next_);
  }
  void warm_up() override { step_(Model::data(current_), Model::data(next_), extent_, config()); }
  void fence() override {}

  Cells download() override {
    std::vector<T> cells(cells_);
    Model::copy(Model::data(current_), cells.data(), cells_);
    return Cells(std::move(cells));
  }

  GridAccess grids() override {
    GridAccess grids;
    grids.memory = MemoryKind::host;
    grids.precision = precision_of<T>();
    grids.current = Model::data(current_);
    grids.next = Model::data(next_);
    grids.host_threads = Model::host_threads();
    grids.host_copy = &copy_cells;
    return grids;
  }

 private:
  static void copy_cells(const void* from, void* to, std::size_t cells) {
    Model::copy(static_cast<const T*>(from), static_cast<T*>(to), cells);
  }

  ArrayExtent extent_;
  std::size_t cells_;
  StepFunction step_;
  typename Model::template Grid<T> current_;
  typename Model::template Grid<T> next_;
};

}  // namespace stencil
