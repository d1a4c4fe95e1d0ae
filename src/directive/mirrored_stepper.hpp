// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The stepper of the directive models (openacc, omptarget), for cells of type T (float or
// double). Its two grids are host arrays with a device mirror for the stepper's whole lifetime (one
// unstructured data region: entered in the constructor, left in the destructor). Steps swap the two
// mirrors without moving a byte between host and device; only upload and download cross, each with
// an explicit update.
//
// -space host runs the same constructs on the host: every directive carries an `if` clause whose
// false value both models define as "run this region on the host and map nothing". The grids are
// then host memory; on the GPU they are CUDA device memory (the mirrors), which the CUDA memory
// kind's copy reference and MPI halo access use through their device addresses.
//
// The directives themselves stay in each model's folder: `Model` is a struct of static functions,
// one construct each, that the model's stepper.cpp defines (openacc/runtime/stepper.cpp,
// omptarget/runtime/stepper.cpp). The data constructs are templates on the element type: an
// array section p[0:cells] of a T* maps cells * sizeof(T) bytes.
//   kName                         the model's name (-impl)
//   Launch, StepFunction<T>,      the kernel interface (directive/kernel_interface.hpp)
//   LoopShapesFunction
//   kHostSpace                    what -space host runs on, for the result block
//   device_description()          what -space gpu runs on
//   host_threads()                the threads a host-memory copy may use
//   enter(p, cells, on_device)    create the device mirror of p[0:cells]
//   leave(p, cells, on_device)    delete it
//   device_address(p, on_device)  the mirror's address on the GPU, p on the host
//   update_device(p, cells, on_device), update_host(p, cells, on_device)
//   fill_nan(p, cells, on_device) a quiet NaN in every cell of the mirror
//   kQueuedSteps                  true where the kernels and fill_nan are queued on one device
//                                 queue and return before they finish (OpenACC's async queue);
//                                 false where each returns when it has finished
//   step_stream(on_device)        that queue's CUDA stream (nullptr for synchronous kernels)
//   wait_for_steps(on_device)     waits until everything queued there has finished
#pragma once

#include <algorithm>
#include <cstddef>
#include <memory>
#include <new>
#include <string>
#include <vector>

#include "memory/aligned_cells.hpp"
#include "memory/cuda_interop.hpp"
#include "stencil/memory_budget.hpp"
#include "stencil/stepper.hpp"

namespace stencil::directive {

template <class Model, class T>
struct Kernel {
  typename Model::template StepFunction<T> step = nullptr;
  typename Model::LoopShapesFunction shapes = nullptr;
};

// A host array of `cells` cells of type T, starting on a cache line for the host loops' vectors,
// with a device mirror (on_device) for as long as it lives.
template <class Model, class T>
class MirroredGrid {
 public:
  MirroredGrid(std::size_t cells, bool on_device)
      : cells_(cells), on_device_(on_device), data_(allocate_aligned_cells<T>(cells)) {
    Model::enter(data_.get(), cells_, on_device_);
  }
  ~MirroredGrid() { Model::leave(data_.get(), cells_, on_device_); }
  MirroredGrid(const MirroredGrid&) = delete;
  MirroredGrid& operator=(const MirroredGrid&) = delete;
  T* data() { return data_.get(); }
  // The device mirror's address on the GPU, the host array's on the host.
  T* address() { return Model::device_address(data(), on_device_); }

 private:
  std::size_t cells_;
  bool on_device_;
  AlignedCells<T> data_;
};

template <class Model, class T>
class MirroredStepper final : public Stepper {
 public:
  using Launch = typename Model::Launch;

  MirroredStepper(const CheckedConfig& config, Kernel<Model, T> kernel, Launch launch)
      : Stepper(config.get()),
        extent_(config->stepped_extent()),
        cells_(config->local_cells()),
        kernel_(kernel),
        launch_(launch),
        loop_shape_name_(kernel.shapes()[static_cast<std::size_t>(launch.loop_shape)]) {
    // The two grids, plus the driver's copies in the same memory.
    require_grids(config.get(), 2 + config->host_copies, host_available_bytes(), "host memory");
    try {
      grids_[0] = std::make_unique<MirroredGrid<Model, T>>(cells_, launch_.on_device);
      grids_[1] = std::make_unique<MirroredGrid<Model, T>>(cells_, launch_.on_device);
    } catch (const std::bad_alloc&) {
      throw UnsupportedRequest("cannot allocate two grids of " + std::to_string(cells_) +
                               " cells in host memory");
    }
  }

  std::string model() const override { return std::string(Model::kName); }
  std::string execution_space() const override {
    return (launch_.on_device ? Model::device_description() : std::string(Model::kHostSpace)) +
           ", loop shape " + loop_shape_name_;
  }

  void upload(const Cells& cells) override {
    require_upload_shape(cells);
    fence();  // queued steps may still read or write the mirror the update overwrites
    const std::vector<T>& values = cells.values<T>();
    std::copy(values.begin(), values.end(), current());
    Model::update_device(current(), cells_, launch_.on_device);
  }

  void poison_next_output() override { Model::fill_nan(next(), cells_, launch_.on_device); }

  void step() override {
    run_kernel();
    current_ = 1 - current_;
  }
  void warm_up() override { run_kernel(); }
  // Queued kernels: the queue, which the CUDA memory kind's copies and halo kernels join
  // (grids()). Synchronous kernels (no async or nowait clause) have finished when they return;
  // the memory kind's work on the legacy default stream may not have.
  void fence() override {
    if constexpr (Model::kQueuedSteps)
      Model::wait_for_steps(launch_.on_device);
    else
      wait_for_cuda_default_stream();
  }

  Cells download() override {
    fence();
    T* grid = current();
    Model::update_host(grid, cells_, launch_.on_device);
    return Cells(std::vector<T>(grid, grid + cells_));
  }

  // The grids as the memory kinds see them: on the GPU the device mirrors, on the host the host
  // arrays. The CUDA memory kind's copies and halo kernels run on the steps' queue where the
  // model queues them, else on the legacy default stream, which the next step waits for.
  GridAccess grids() override {
    GridAccess grids;
    grids.memory = launch_.on_device ? MemoryKind::cuda : MemoryKind::host;
    grids.cuda_stream = Model::step_stream(launch_.on_device);
    grids.precision = precision_of<T>();
    grids.current = grids_[current_]->address();
    grids.next = grids_[1 - current_]->address();
    grids.host_threads = Model::host_threads();
    return grids;
  }

 private:
  T* current() { return grids_[current_]->data(); }
  T* next() { return grids_[1 - current_]->data(); }

  void run_kernel() {
    if (!Model::kQueuedSteps && launch_.on_device)
      wait_for_cuda_default_stream();
    kernel_.step(current(), next(), extent_, config(), launch_);
  }

  ArrayExtent extent_;
  std::size_t cells_;
  Kernel<Model, T> kernel_;
  Launch launch_;
  std::string loop_shape_name_;
  std::unique_ptr<MirroredGrid<Model, T>> grids_[2];
  int current_ = 0;
};

}  // namespace stencil::directive
