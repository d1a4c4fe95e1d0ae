// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The OpenMP target stepper. Its two grids are host arrays mapped to the device for the stepper's
// whole lifetime (one unstructured data region: target enter data in the constructor, target exit
// data in the destructor). Steps swap the two mirrors without moving a byte between host and
// device; only upload and download cross, each with an explicit `target update`.
//
// -space host runs the same constructs on the host: every directive carries an `if` clause,
// which OpenMP defines as "run this target region on the host device and map nothing" when false.
// The grids are then host memory; on the GPU they are CUDA device memory (the mirrors), which the
// CUDA memory kind's copy reference and MPI halo access use through their device addresses.
#include "omptarget/stepper.hpp"

#include <omp.h>

#include <algorithm>
#include <limits>
#include <new>
#include <stdexcept>
#include <string>

#include "memory/cuda_interop.hpp"
#include "omptarget/kernels.hpp"
#include "stencil/loop_shape.hpp"
#include "stencil/memory_budget.hpp"
#include "stencil/models.hpp"

namespace stencil::omptarget {
namespace {

struct Kernel {
  StepFunction step = nullptr;
  LoopShapesFunction shapes = nullptr;
};

// Generated from STENCIL_VARIANTS: a variant the omptarget row does not name has no case.
#define STENCIL_OMPTARGET_KERNEL_CASE(name, ...)        \
  case Variant::name:                                   \
    if constexpr (model_implements("omptarget", #name)) \
      return Kernel{&name##_step, &name##_loop_shapes}; \
    break;

Kernel kernel_of(const VariantInfo& variant) {
  switch (variant.id) { STENCIL_VARIANTS(STENCIL_OMPTARGET_KERNEL_CASE) }
  throw UnsupportedRequest("-impl omptarget has no kernel for variant " +
                           std::string(variant.name));
}
#undef STENCIL_OMPTARGET_KERNEL_CASE

// libomptarget retains the primary context itself; libgomp (a GCC build) adopts the one current
// on the thread that opens the device, so the CUDA runtime's goes first. Without a device, or with
// OMP_TARGET_OFFLOAD=DISABLED, omp_get_num_devices() is 0.
bool gpu_found() {
  static const bool found = [] {
    share_cuda_primary_context();
    return omp_get_num_devices() > 0;
  }();
  return found;
}

// A host array of `cells` floats with a device mirror (on_device) for as long as it lives.
class MappedGrid {
 public:
  MappedGrid(std::size_t cells, bool on_device)
      : cells_(cells), on_device_(on_device), data_(new float[cells == 0 ? 1 : cells]) {
    [[maybe_unused]] float* p = data_.get();
#pragma omp target enter data map(alloc : p [0:cells]) if (on_device)
  }
  ~MappedGrid() {
    [[maybe_unused]] float* p = data_.get();
    const std::size_t cells = cells_;
    const bool on_device = on_device_;
#pragma omp target exit data map(delete : p [0:cells]) if (on_device)
  }
  MappedGrid(const MappedGrid&) = delete;
  MappedGrid& operator=(const MappedGrid&) = delete;
  float* data() {
    return data_.get();
  }
  // The device mirror's address on the GPU, the host array's on the host.
  float* address() {
    float* p = data();
    if (!on_device_)
      return p;
    float* device = nullptr;
#pragma omp target data use_device_ptr(p)
    { device = p; }
    return device;
  }

 private:
  std::size_t cells_;
  bool on_device_;
  std::unique_ptr<float[]> data_;
};

class OmpTargetStepper final : public Stepper {
 public:
  OmpTargetStepper(const CheckedConfig& config, Kernel kernel, Launch launch)
      : Stepper(config.get()),
        shape_(config->stepped_shape()),
        cells_(config->local_cells()),
        kernel_(kernel),
        launch_(launch),
        loop_shape_name_(kernel.shapes()[static_cast<std::size_t>(launch.loop_shape)]) {
    // The two grids, plus the driver's copies in the same memory.
    require_grids(config.get(), 2 + config->host_copies, host_available_bytes(), "host memory");
    try {
      grids_[0] = std::make_unique<MappedGrid>(cells_, launch_.on_device);
      grids_[1] = std::make_unique<MappedGrid>(cells_, launch_.on_device);
    } catch (const std::bad_alloc&) {
      throw UnsupportedRequest("cannot allocate two grids of " + std::to_string(cells_) +
                               " cells in host memory");
    }
  }

  std::string implementation() const override { return "omptarget"; }
  std::string execution_space() const override {
    return (launch_.on_device ? device_description() : "OpenMP target on the host (-space host)") +
           ", loop shape " + loop_shape_name_;
  }

  void upload(const std::vector<Element>& cells) override {
    require_size(cells.size());
    float* grid = current();
    const std::size_t count = cells_;
    const bool on_device = launch_.on_device;
    std::copy(cells.begin(), cells.end(), grid);
#pragma omp target update to(grid [0:count]) if (on_device)
  }

  void poison_next_output() override {
    float* grid = next();
    const long count = static_cast<long>(cells_);
    const bool on_device = launch_.on_device;
    const float nan = std::numeric_limits<float>::quiet_NaN();
#pragma omp target teams distribute parallel for map(alloc : grid [0:count]) if (target : on_device)
    for (long i = 0; i < count; ++i)
      grid[i] = nan;
  }

  void step() override {
    run_kernel();
    current_ = 1 - current_;
  }
  void warm_up() override {
    run_kernel();
  }
  // The kernels are synchronous (no nowait clause): a returned step has finished.
  void fence() override {
    wait_for_cuda_default_stream();
  }

  std::vector<Element> download() override {
    wait_for_cuda_default_stream();
    float* grid = current();
    const std::size_t count = cells_;
    const bool on_device = launch_.on_device;
#pragma omp target update from(grid [0:count]) if (on_device)
    return std::vector<Element>(grid, grid + count);
  }

  // The grids as the memory kinds see them: on the GPU the device mirrors (the CUDA memory
  // kind's copies and halo kernels run on the legacy default stream, which the next step waits
  // for), on the host the host arrays.
  GridAccess grids() override {
    GridAccess grids;
    grids.memory = launch_.on_device ? MemoryKind::cuda : MemoryKind::host;
    grids.current = grids_[current_]->address();
    grids.next = grids_[1 - current_]->address();
    grids.host_threads = omp_get_max_threads();
    return grids;
  }

 private:
  float* current() {
    return grids_[current_]->data();
  }
  float* next() {
    return grids_[1 - current_]->data();
  }

  void run_kernel() {
    if (launch_.on_device)
      wait_for_cuda_default_stream();
    kernel_.step(current(), next(), shape_, config(), launch_);
  }

  void require_size(std::size_t size) const {
    if (size != cells_) {
      throw std::invalid_argument("state has " + std::to_string(size) + " cells, expected " +
                                  std::to_string(cells_));
    }
  }

  ArrayShape shape_;
  std::size_t cells_;
  Kernel kernel_;
  Launch launch_;
  std::string loop_shape_name_;
  std::unique_ptr<MappedGrid> grids_[2];
  int current_ = 0;
};

}  // namespace

std::vector<std::string> space_names() {
  if (gpu_found())
    return {"gpu", "host"};
  return {"host"};
}

MemoryKind space_memory(std::string_view space) {
  return space == "gpu" ? MemoryKind::cuda : MemoryKind::host;
}

std::string device_description() {
  if (!gpu_found())
    return "OpenMP target host fallback (no offload device)";
  return "OpenMP target device " + std::to_string(omp_get_default_device()) + " of " +
         std::to_string(omp_get_num_devices());
}

std::vector<std::string_view> loop_shapes(const VariantInfo& variant) {
  try {
    return kernel_of(variant).shapes();
  } catch (const UnsupportedRequest&) {
    return {};
  }
}

std::unique_ptr<Stepper> make_stepper(const CheckedConfig& config, std::string_view space) {
  Launch launch;
  if (space == "host") {
    launch.on_device = false;
  } else if (space.empty() || space == "gpu") {
    launch.on_device = gpu_found();
    if (space == "gpu" && !launch.on_device)
      throw UnsupportedRequest("-impl omptarget -space gpu: " + device_description());
  } else {
    throw UnsupportedRequest("-impl omptarget has no execution space '" + std::string(space) +
                             "' (its spaces: gpu, host)");
  }
  const Kernel kernel = kernel_of(*config->variant);
  launch.loop_shape =
      loop_shape_from_environment("omptarget", config->variant->name, kernel.shapes());
  return std::make_unique<OmpTargetStepper>(config, kernel, launch);
}

}  // namespace stencil::omptarget
