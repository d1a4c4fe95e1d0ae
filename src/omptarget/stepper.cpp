// The OpenMP target stepper. Its two grids are host arrays mapped to the device for the stepper's
// whole lifetime (one unstructured data region: target enter data in the constructor, target exit
// data in the destructor). Steps swap the two mirrors without moving a byte between host and
// device; only upload, download and the halo regions cross, each with an explicit `target update`.
//
// -space host runs the same constructs on the host: every directive carries an `if` clause,
// which OpenMP defines as "run this target region on the host device and map nothing" when false.
#include "omptarget/stepper.hpp"

#include <omp.h>

#include <algorithm>
#include <chrono>
#include <limits>
#include <new>
#include <stdexcept>
#include <string>

#include "omptarget/kernels.hpp"
#include "stencil/arithmetic.hpp"
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

// No device, or OMP_TARGET_OFFLOAD=DISABLED: omp_get_num_devices() is 0.
bool gpu_found() {
  return omp_get_num_devices() > 0;
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

 private:
  std::size_t cells_;
  bool on_device_;
  std::unique_ptr<float[]> data_;
};

class OmpTargetStepper final : public Stepper {
 public:
  OmpTargetStepper(const CheckedConfig& config, Kernel kernel, Launch launch)
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

  std::string implementation() const override { return "omptarget"; }
  std::string execution_space() const override {
    return (launch_.on_device ? device_description() : "OpenMP target on the host (-space host)") +
           ", loop shape " + loop_shape_name_;
  }

  void upload(const std::vector<float>& cells) override {
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
    kernel_.step(current(), next(), shape_, config_, launch_);
    current_ = 1 - current_;
  }
  void warm_up() override {
    kernel_.step(current(), next(), shape_, config_, launch_);
  }
  int iterations_per_step() const override {
    return config_.iterations_per_step();
  }
  // The kernels are synchronous (no nowait clause): a returned step has finished.
  void fence() override {}

  std::vector<float> download() override {
    float* grid = current();
    const std::size_t count = cells_;
    const bool on_device = launch_.on_device;
#pragma omp target update from(grid [0:count]) if (on_device)
    return std::vector<float>(grid, grid + count);
  }

  // The copy reference: the same bytes as one step, read and written by a plain OpenMP target loop
  // between the two grids.
  double copy_seconds(int repetitions) override {
    const float* from = current();
    float* to = next();
    const long count = static_cast<long>(cells_);
    const bool on_device = launch_.on_device;
    const auto start = std::chrono::steady_clock::now();
    for (int r = 0; r < repetitions; ++r) {
#pragma omp target teams distribute parallel for map(alloc                      \
                                                     : from [0:count],          \
                                                       to [0:count]) if (target \
                                                                         : on_device)
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
#pragma omp target enter data map(alloc : buffer [0:count]) if (on_device)
    return HostBuffer(buffer, [count, on_device](float* p) {
#pragma omp target exit data map(delete : p [0:count]) if (on_device)
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
    // A buffer host_staging gave is mapped already, and `alloc` then maps nothing new.
#pragma omp target data map(alloc : buffer [0:total]) if (on_device)
    {
#pragma omp target update to(buffer [0:total]) if (on_device)
      long offset = 0;
      for (const GridRegion& region : regions) {
        const long row0 = region.row0, col0 = region.col0;
        const long region_rows = region.rows, cols = region.cols;
#pragma omp target teams distribute parallel for collapse(2) \
    map(alloc                                                \
        : grid [0:count], buffer [0:total]) if (target       \
                                                : on_device)
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
  // gives (stencil/stepped_cell.hpp's arithmetic and border rule, written out as in the OpenACC
  // model, whose compiler cannot take the call).
  void pack(const std::vector<GridRegion>& regions, float* buffer, bool stepped) {
    const float* grid = current();
    const long count = static_cast<long>(cells_);
    const int rows = shape_.rows;
    const int local_cols = shape_.cols;
    const bool one_d = config_.variant->dimensions == 1;
    const long total = buffer_cells(regions);
    const bool on_device = launch_.on_device;
#pragma omp target data map(alloc : buffer [0:total]) if (on_device)
    {
      long offset = 0;
      for (const GridRegion& region : regions) {
        const long row0 = region.row0, col0 = region.col0;
        const long region_rows = region.rows, cols = region.cols;
        if (!stepped) {
#pragma omp target teams distribute parallel for collapse(2) \
    map(alloc                                                \
        : grid [0:count], buffer [0:total]) if (target       \
                                                : on_device)
          for (long r = 0; r < region_rows; ++r)
            for (long c = 0; c < cols; ++c)
              buffer[offset + r * cols + c] = grid[(row0 + r) * local_cols + col0 + c];
        } else if (one_d) {
#pragma omp target teams distribute parallel for map(alloc                          \
                                                     : grid [0:count],              \
                                                       buffer [0:total]) if (target \
                                                                             : on_device)
          for (long c = 0; c < cols; ++c) {
            const int i = static_cast<int>(col0 + c);
            buffer[offset + c] = is_border_1d(i, local_cols)
                                     ? grid[i]
                                     : three_point(grid[i - 1], grid[i], grid[i + 1]);
          }
        } else {
#pragma omp target teams distribute parallel for collapse(2) \
    map(alloc                                                \
        : grid [0:count], buffer [0:total]) if (target       \
                                                : on_device)
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
#pragma omp target update from(buffer [0:total]) if (on_device)
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
    throw UnsupportedRequest("-impl omptarget has the spaces gpu and host; not '" +
                             std::string(space) + "'");
  }
  const Kernel kernel = kernel_of(*config->variant);
  launch.loop_shape =
      loop_shape_from_environment("omptarget", config->variant->name, kernel.shapes());
  return std::make_unique<OmpTargetStepper>(config, kernel, launch);
}

}  // namespace stencil::omptarget
