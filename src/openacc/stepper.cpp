// The OpenACC stepper. Its two grids are host arrays with a device mirror for the stepper's whole
// lifetime (one unstructured data region: enter data in the constructor, exit data in the
// destructor). Steps swap the two mirrors without moving a byte between host and device; only
// upload, download and the halo regions cross, each with an explicit `update`.
//
// -space host runs the same constructs on the host: every directive carries `if(on_device)`,
// which OpenACC defines as "run this region on the local thread and map nothing" when false.
#include "openacc/stepper.hpp"

#include <openacc.h>

#include <algorithm>
#include <chrono>
#include <limits>
#include <new>
#include <stdexcept>
#include <string>

#include "openacc/kernels.hpp"
#include "stencil/arithmetic.hpp"
#include "stencil/loop_shape.hpp"
#include "stencil/memory_budget.hpp"
#include "stencil/models.hpp"

namespace stencil::openacc {
namespace {

struct Kernel {
  StepFunction step = nullptr;
  LoopShapesFunction shapes = nullptr;
};

// Generated from STENCIL_VARIANTS: a variant the openacc row does not name has no case.
#define STENCIL_OPENACC_KERNEL_CASE(name, ...)          \
  case Variant::name:                                   \
    if constexpr (model_implements("openacc", #name))   \
      return Kernel{&name##_step, &name##_loop_shapes}; \
    break;

Kernel kernel_of(const VariantInfo& variant) {
  switch (variant.id) { STENCIL_VARIANTS(STENCIL_OPENACC_KERNEL_CASE) }
  throw UnsupportedRequest("-impl openacc has no kernel for variant " + std::string(variant.name));
}
#undef STENCIL_OPENACC_KERNEL_CASE

bool gpu_found() {
  return acc_get_device_type() != acc_device_host && acc_get_num_devices(acc_device_nvidia) > 0;
}

// A host array of `cells` floats with a device mirror (on_device) for as long as it lives.
class MappedGrid {
 public:
  MappedGrid(std::size_t cells, bool on_device)
      : cells_(cells), on_device_(on_device), data_(new float[cells == 0 ? 1 : cells]) {
    [[maybe_unused]] float* p = data_.get();
#pragma acc enter data create(p [0:cells]) if (on_device)
  }
  ~MappedGrid() {
    [[maybe_unused]] float* p = data_.get();
    const std::size_t cells = cells_;
    const bool on_device = on_device_;
#pragma acc exit data delete (p [0:cells]) if (on_device)
  }
  MappedGrid(const MappedGrid&) = delete;
  MappedGrid& operator=(const MappedGrid&) = delete;
  float* data() {
    return data_.get();
  }

 private:
  std::size_t cells_;
  bool on_device_;
  std::unique_ptr<float[]> data_;
};

class OpenACCStepper final : public Stepper {
 public:
  OpenACCStepper(const CheckedConfig& config, Kernel kernel, Launch launch)
      : config_(config.get()),
        shape_(config_.stepped_shape()),
        cells_(config_.local_cells()),
        kernel_(kernel),
        launch_(launch),
        loop_shape_name_(kernel.shapes()[static_cast<std::size_t>(launch.loop_shape)]) {
    // The two grids, plus the driver's initial and final copies in the same memory.
    require_memory(4 * cells_ * sizeof(float), host_available_bytes(), "host memory");
    try {
      grids_[0] = std::make_unique<MappedGrid>(cells_, launch_.on_device);
      grids_[1] = std::make_unique<MappedGrid>(cells_, launch_.on_device);
    } catch (const std::bad_alloc&) {
      throw UnsupportedRequest("cannot allocate two grids of " + std::to_string(cells_) +
                               " cells in host memory");
    }
  }

  std::string implementation() const override { return "openacc"; }
  std::string execution_space() const override {
    return (launch_.on_device ? device_description() : "OpenACC on the host (-space host)") +
           ", loop shape " + loop_shape_name_;
  }

  void upload(const std::vector<float>& cells) override {
    require_size(cells.size());
    float* grid = current();
    const std::size_t count = cells_;
    const bool on_device = launch_.on_device;
    std::copy(cells.begin(), cells.end(), grid);
#pragma acc update device(grid [0:count]) if (on_device)
  }

  void poison_next_output() override {
    float* grid = next();
    const long count = static_cast<long>(cells_);
    const bool on_device = launch_.on_device;
    const float nan = std::numeric_limits<float>::quiet_NaN();
#pragma acc parallel loop present(grid [0:count]) if (on_device)
    for (long i = 0; i < count; ++i)
      grid[i] = nan;
  }

  void step() override {
    kernel_.step(current(), next(), shape_, config_, launch_);
    current_ = 1 - current_;
  }
  void warm_up() override {
    kernel_.step(current(), next(), shape_, config_, launch_);
  }
  int iterations_per_step() const override {
    return config_.iterations_per_step();
  }
  // The kernels are synchronous (no async clause): a returned step has finished.
  void fence() override {}

  std::vector<float> download() override {
    float* grid = current();
    const std::size_t count = cells_;
    const bool on_device = launch_.on_device;
#pragma acc update self(grid [0:count]) if (on_device)
    return std::vector<float>(grid, grid + count);
  }

  // The copy reference: the same bytes as one step, read and written by a plain OpenACC loop
  // between the two grids.
  double copy_seconds(int repetitions) override {
    const float* from = current();
    float* to = next();
    const long count = static_cast<long>(cells_);
    const bool on_device = launch_.on_device;
    const auto start = std::chrono::steady_clock::now();
    for (int r = 0; r < repetitions; ++r) {
#pragma acc parallel loop present(from [0:count], to [0:count]) if (on_device)
      for (long i = 0; i < count; ++i)
        to[i] = from[i];
    }
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }

  // Halo buffers with a device mirror, so the regions are packed on the device and cross in one
  // update of the whole buffer.
  HostBuffer host_staging(std::size_t cells) override {
    const std::size_t count = cells == 0 ? 1 : cells;
    const bool on_device = launch_.on_device;
    float* buffer = new float[count];
#pragma acc enter data create(buffer [0:count]) if (on_device)
    return HostBuffer(buffer, [count, on_device](float* p) {
#pragma acc exit data delete (p [0:count]) if (on_device)
      delete[] p;
    });
  }

  void pack_regions(const std::vector<GridRegion>& regions, float* buffer) override {
    require_inside(regions, shape_.rows, shape_.cols);
    pack(regions, buffer, /*stepped=*/false);
  }
  void pack_stepped_regions(const std::vector<GridRegion>& regions, float* buffer) override {
    require_inside(regions, shape_.rows, shape_.cols);
    if (config_.iterations_per_step() != 1)
      throw UnsupportedRequest("only single-iteration steps can send their halos ahead");
    pack(regions, buffer, /*stepped=*/true);
  }
  void unpack_regions(const std::vector<GridRegion>& regions, const float* buffer) override {
    require_inside(regions, shape_.rows, shape_.cols);
    float* grid = current();
    const long count = static_cast<long>(cells_);
    const long local_cols = shape_.cols;
    const long total = buffer_cells(regions);
    const bool on_device = launch_.on_device;
    // A buffer host_staging gave is present already, and `create` then maps nothing new.
#pragma acc data create(buffer [0:total]) if (on_device)
    {
#pragma acc update device(buffer [0:total]) if (on_device)
      long offset = 0;
      for (const GridRegion& region : regions) {
        const long row0 = region.row0, col0 = region.col0;
        const long region_rows = region.rows, cols = region.cols;
#pragma acc parallel loop collapse(2) present(grid [0:count], buffer [0:total]) if (on_device)
        for (long r = 0; r < region_rows; ++r)
          for (long c = 0; c < cols; ++c)
            grid[(row0 + r) * local_cols + col0 + c] = buffer[offset + r * cols + c];
        offset += region.cells();
      }
    }
  }

 private:
  float* current() {
    return grids_[current_]->data();
  }
  float* next() {
    return grids_[1 - current_]->data();
  }

  void require_size(std::size_t size) const {
    if (size != cells_) {
      throw std::invalid_argument("state has " + std::to_string(size) + " cells, expected " +
                                  std::to_string(cells_));
    }
  }

  // One kernel per region and kind of value: plain copies, or the values the next iteration
  // gives. The latter are stencil/stepped_cell.hpp's, written out with the same arithmetic and
  // border rule: GCC 12's nvptx compiler crashes (internal compiler error) on a call of
  // stepped_cell_2d or stepped_cell_1d inside a compute region.
  void pack(const std::vector<GridRegion>& regions, float* buffer, bool stepped) {
    const float* grid = current();
    const long count = static_cast<long>(cells_);
    const int rows = shape_.rows;
    const int local_cols = shape_.cols;
    const bool one_d = config_.variant->dimensions == 1;
    const long total = buffer_cells(regions);
    const bool on_device = launch_.on_device;
#pragma acc data create(buffer [0:total]) if (on_device)
    {
      long offset = 0;
      for (const GridRegion& region : regions) {
        const long row0 = region.row0, col0 = region.col0;
        const long region_rows = region.rows, cols = region.cols;
        if (!stepped) {
#pragma acc parallel loop collapse(2) present(grid [0:count], buffer [0:total]) if (on_device)
          for (long r = 0; r < region_rows; ++r)
            for (long c = 0; c < cols; ++c)
              buffer[offset + r * cols + c] = grid[(row0 + r) * local_cols + col0 + c];
        } else if (one_d) {
#pragma acc parallel loop present(grid [0:count], buffer [0:total]) if (on_device)
          for (long c = 0; c < cols; ++c) {
            const int i = static_cast<int>(col0 + c);
            buffer[offset + c] = is_border_1d(i, local_cols)
                                     ? grid[i]
                                     : three_point(grid[i - 1], grid[i], grid[i + 1]);
          }
        } else {
#pragma acc parallel loop collapse(2) present(grid [0:count], buffer [0:total]) if (on_device)
          for (long r = 0; r < region_rows; ++r) {
            for (long c = 0; c < cols; ++c) {
              const int y = static_cast<int>(row0 + r);
              const int x = static_cast<int>(col0 + c);
              const int i = y * local_cols + x;
              buffer[offset + r * cols + c] =
                  is_border_2d(x, y, local_cols, rows)
                      ? grid[i]
                      : five_point(grid[i], grid[i - 1], grid[i + 1], grid[i - local_cols],
                                   grid[i + local_cols]);
            }
          }
        }
        offset += region.cells();
      }
#pragma acc update self(buffer [0:total]) if (on_device)
    }
  }

  RunConfig config_;
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
    return "OpenACC host fallback (no GPU)";
  const int device = acc_get_device_num(acc_device_nvidia);
  const char* name = acc_get_property_string(device, acc_device_nvidia, acc_property_name);
  return "OpenACC on " + std::string(name != nullptr ? name : "an NVIDIA GPU") + " (device " +
         std::to_string(device) + ")";
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
      throw UnsupportedRequest("-impl openacc -space gpu: " + device_description());
  } else {
    throw UnsupportedRequest("-impl openacc has the spaces gpu and host; not '" +
                             std::string(space) + "'");
  }
  const Kernel kernel = kernel_of(*config->variant);
  launch.loop_shape =
      loop_shape_from_environment("openacc", config->variant->name, kernel.shapes());
  return std::make_unique<OpenACCStepper>(config, kernel, launch);
}

}  // namespace stencil::openacc
