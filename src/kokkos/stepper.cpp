#include "kokkos/stepper.hpp"

#include <chrono>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <type_traits>
#include <utility>

#include "kokkos/kernels.hpp"
#include "kokkos/region_kernels.hpp"
#include "kokkos/region_table.hpp"
#include "stencil/memory_budget.hpp"
#include "stencil/shape_dispatch.hpp"

namespace stencil::kokkos {
namespace {

template <class ExecSpace>
using StepFunction = void (*)(STENCIL_KOKKOS_STEP_PARAMETERS(ExecSpace));

// Generated from STENCIL_VARIANTS: each variant's kernel, at the instantiation of its run-time
// shape value. A variant the table does not give to "kokkos" has no case.
#define STENCIL_STEP_none(name) &name##_step<ExecSpace>
#define STENCIL_STEP_SHAPED(name, shape)                                                   \
  pick_instantiation<STENCIL_SHAPE_CHOICES_##shape>(config.shape_value(), [](auto value) { \
    return &name##_step<decltype(value)::value, ExecSpace>;                                \
  })
#define STENCIL_STEP_pitch(name) STENCIL_STEP_SHAPED(name, pitch)
#define STENCIL_STEP_patch(name) STENCIL_STEP_SHAPED(name, patch)
#define STENCIL_STEP_fuse(name) STENCIL_STEP_SHAPED(name, fuse)
#define STENCIL_STEP_CASE(name, dimensions, chunks, shape, ...) \
  case Variant::name:                                           \
    if constexpr (info(Variant::name).implemented_by("kokkos")) \
      return STENCIL_STEP_##shape(name);                        \
    break;

template <class ExecSpace>
StepFunction<ExecSpace> step_function(const RunConfig& config) {
  switch (config.variant->id) { STENCIL_VARIANTS(STENCIL_STEP_CASE) }
  throw UnsupportedRequest("-impl kokkos has no kernel for variant " +
                           std::string(config.variant->name));
}

template <class ExecSpace>
std::size_t free_bytes(const ExecSpace& space) {
#if defined(KOKKOS_ENABLE_CUDA)
  if constexpr (std::is_same_v<ExecSpace, Kokkos::Cuda>) {
    (void)space;
    std::size_t free = 0, total = 0;
    if (cudaMemGetInfo(&free, &total) != cudaSuccess)
      return std::numeric_limits<std::size_t>::max();
    return free;
  }
#endif
  (void)space;
  return host_available_bytes();
}

// The CUDA stream a Kokkos execution space queues its kernels on; nullptr for host spaces.
template <class ExecSpace>
void* cuda_stream_of(const ExecSpace& space) {
#if defined(KOKKOS_ENABLE_CUDA)
  if constexpr (std::is_same_v<ExecSpace, Kokkos::Cuda>) {
    return space.cuda_stream();
  }
#endif
  (void)space;
  return nullptr;
}

// Unmanaged views over memory the caller owns, for deep_copy.
using HostCells = Kokkos::View<float*, Kokkos::HostSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;
using ConstHostCells =
    Kokkos::View<const float*, Kokkos::HostSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;

template <class ExecSpace>
class KokkosStepper final : public Stepper {
 public:
  explicit KokkosStepper(const CheckedConfig& config)
      : config_(config.get()),
        shape_(config_.stepped_shape()),
        cells_(config_.local_cells()),
        step_(step_function<ExecSpace>(config_)) {
    // Two device grids; a host space also holds the driver's initial and final copies.
    const std::size_t grids = kRunsOnHost<ExecSpace> ? 4 : 2;
    require_memory(grids * cells_ * sizeof(float), free_bytes(space_),
                   lower_space_name<ExecSpace>());
    try {
      current_ = DeviceView<ExecSpace>(
          Kokkos::view_alloc(Kokkos::WithoutInitializing, "stencil::grid_a"), cells_);
      next_ = DeviceView<ExecSpace>(
          Kokkos::view_alloc(Kokkos::WithoutInitializing, "stencil::grid_b"), cells_);
    } catch (const std::exception& e) {
      throw UnsupportedRequest("cannot allocate two grids of " + std::to_string(cells_) +
                               " cells in " + lower_space_name<ExecSpace>() + ": " + e.what());
    }
  }

  std::string implementation() const override { return "kokkos"; }

  std::string execution_space() const override {
    std::ostringstream out;
    out << ExecSpace::name() << " (concurrency " << space_.concurrency() << ")";
    return out.str();
  }

  void upload(const std::vector<float>& cells) override {
    check_size(cells.size());
    Kokkos::View<const float*, Kokkos::HostSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>> host(
        cells.data(), cells.size());
    Kokkos::deep_copy(space_, current_, host);
    space_.fence();
  }

  void poison_next_output() override {
    Kokkos::deep_copy(space_, next_, std::numeric_limits<float>::quiet_NaN());
  }

  void step() override {
    step_(space_, current_, next_, shape_.rows, shape_.cols, config_.chunks);
    std::swap(current_, next_);
  }

  void warm_up() override {
    step_(space_, current_, next_, shape_.rows, shape_.cols, config_.chunks);
  }

  int iterations_per_step() const override { return config_.iterations_per_step(); }

  void fence() override { space_.fence(); }

  double copy_seconds(int repetitions) override {
    space_.fence();
    const auto start = std::chrono::steady_clock::now();
    for (int r = 0; r < repetitions; ++r)
      Kokkos::deep_copy(space_, next_, current_);
    space_.fence();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }

  // Halo access (stencil/stepper.hpp). Every form runs the same two kernels (region_kernels.hpp),
  // one launch per RegionTable, i.e. one for any halo exchange, on this stepper's space: ordered
  // after the steps already queued there.

  // Page-locked on a CUDA space, so the staging copies below run at full speed; the View lives as
  // long as the buffer (the shared_ptr's deleter holds it).
  HostBuffer host_staging(std::size_t cells) override {
#if defined(KOKKOS_ENABLE_CUDA)
    if constexpr (std::is_same_v<ExecSpace, Kokkos::Cuda>) {
      using PinnedCells = Kokkos::View<float*, Kokkos::CudaHostPinnedSpace>;
      PinnedCells pinned(Kokkos::view_alloc(Kokkos::WithoutInitializing, "stencil::halo_host"),
                         cells == 0 ? 1 : cells);
      float* const data = pinned.data();
      return HostBuffer(data, [pinned](float*) mutable { pinned = PinnedCells(); });
    }
#endif
    return Stepper::host_staging(cells);
  }

  void pack_regions(const std::vector<GridRegion>& regions, float* buffer) override {
    pack_to_host(regions, PackedValue::current, buffer);
  }
  void pack_stepped_regions(const std::vector<GridRegion>& regions, float* buffer) override {
    require_single_iteration();
    pack_to_host(regions, stepped_value(), buffer);
  }

  // A host space unpacks straight from `buffer`; a device space copies it into its staging first
  // and leaves the unpack kernel queued (the next step on this space runs after it). Either way
  // `buffer` has been read when this returns.
  void unpack_regions(const std::vector<GridRegion>& regions, const float* buffer) override {
    require_inside(regions, shape_.rows, shape_.cols);
    const std::size_t cells = static_cast<std::size_t>(buffer_cells(regions));
    if (cells == 0)
      return;
    if constexpr (kRunsOnHost<ExecSpace>) {
      unpack(regions, buffer);
      space_.fence();
    } else {
      const auto staging = staging_cells(cells);
      Kokkos::deep_copy(space_, staging, ConstHostCells(buffer, cells));
      space_.fence();  // a copy from page-locked memory is asynchronous
      unpack(regions, staging.data());
    }
  }

  // -halo nccl: the same kernels on device buffers, queued and not waited for.
  float* device_staging(int slot, std::size_t cells) override {
    require_device_buffers();
    if (slot != 0 && slot != 1)
      throw std::invalid_argument("device staging slot must be 0 or 1, got " +
                                  std::to_string(slot));
    DeviceView<ExecSpace>& buffer = device_slots_[slot];
    if (buffer.extent(0) < cells) {
      space_.fence();  // queued kernels may still use the old buffer
      buffer = DeviceView<ExecSpace>(
          Kokkos::view_alloc(Kokkos::WithoutInitializing, "stencil::halo_device_slot"),
          cells == 0 ? 1 : cells);
    }
    return buffer.data();
  }
  void pack_regions_on_device(const std::vector<GridRegion>& regions,
                              float* device_buffer) override {
    require_device_buffers();
    require_inside(regions, shape_.rows, shape_.cols);
    pack(regions, PackedValue::current, device_buffer);
  }
  void pack_stepped_regions_on_device(const std::vector<GridRegion>& regions,
                                      float* device_buffer) override {
    require_device_buffers();
    require_single_iteration();
    require_inside(regions, shape_.rows, shape_.cols);
    pack(regions, stepped_value(), device_buffer);
  }
  void unpack_regions_on_device(const std::vector<GridRegion>& regions,
                                const float* device_buffer) override {
    require_device_buffers();
    require_inside(regions, shape_.rows, shape_.cols);
    unpack(regions, device_buffer);
  }

  bool launches_cuda_kernels() const override {
#if defined(KOKKOS_ENABLE_CUDA)
    return std::is_same_v<ExecSpace, Kokkos::Cuda>;
#else
    return false;
#endif
  }
  void* cuda_stream() const override {
    return cuda_stream_of(space_);
  }

  std::vector<float> download() override {
    std::vector<float> cells(cells_);
    Kokkos::View<float*, Kokkos::HostSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>> host(
        cells.data(), cells.size());
    space_.fence();
    Kokkos::deep_copy(host, current_);
    return cells;
  }

 private:
  void check_size(std::size_t size) const {
    if (size != cells_) {
      throw std::invalid_argument("state has " + std::to_string(size) + " cells, expected " +
                                  std::to_string(cells_));
    }
  }

  void require_single_iteration() const {
    if (config_.iterations_per_step() != 1)
      throw UnsupportedRequest("only single-iteration steps can send their halos ahead");
  }
  void require_device_buffers() const {
    if (!launches_cuda_kernels()) {
      throw UnsupportedRequest("-impl kokkos has device halo buffers only on a CUDA space, not " +
                               lower_space_name<ExecSpace>());
    }
  }
  PackedValue stepped_value() const {
    return config_.variant->dimensions == 2 ? PackedValue::stepped_2d : PackedValue::stepped_1d;
  }

  // One pack (unpack) kernel per table, on this space, into (from) memory it can access.
  void pack(const std::vector<GridRegion>& regions, PackedValue value, float* target) {
    for (const RegionTable& table : region_tables(regions))
      pack_region_cells(space_, current_.data(), shape_.rows, shape_.cols, value, table, target);
  }
  void unpack(const std::vector<GridRegion>& regions, const float* source) {
    for (const RegionTable& table : region_tables(regions))
      unpack_region_cells(space_, current_.data(), shape_.cols, table, source);
  }

  // Returns once `buffer` holds the packed regions. A device space packs into its staging and
  // copies that in one piece; a host space packs straight into `buffer`.
  void pack_to_host(const std::vector<GridRegion>& regions, PackedValue value, float* buffer) {
    require_inside(regions, shape_.rows, shape_.cols);
    const std::size_t cells = static_cast<std::size_t>(buffer_cells(regions));
    if (cells == 0)
      return;
    if constexpr (kRunsOnHost<ExecSpace>) {
      pack(regions, value, buffer);
    } else {
      const auto staging = staging_cells(cells);
      pack(regions, value, staging.data());
      Kokkos::deep_copy(space_, HostCells(buffer, cells), staging);
    }
    space_.fence();
  }

  // The first `cells` cells of the staging buffer that host copies go through, grown as needed.
  // Every use is ordered on space_, so one buffer serves packs and unpacks alike.
  auto staging_cells(std::size_t cells) {
    if (staging_.extent(0) < cells) {
      space_.fence();  // a queued unpack may still read the old buffer
      staging_ = DeviceView<ExecSpace>(
          Kokkos::view_alloc(Kokkos::WithoutInitializing, "stencil::halo_staging"), cells);
    }
    return Kokkos::subview(staging_, std::make_pair(std::size_t{0}, cells));
  }

  RunConfig config_;
  ArrayShape shape_;
  std::size_t cells_;
  ExecSpace space_{};
  StepFunction<ExecSpace> step_;
  DeviceView<ExecSpace> current_;
  DeviceView<ExecSpace> next_;
  DeviceView<ExecSpace> staging_;          // pack_regions / unpack_regions on a device
  DeviceView<ExecSpace> device_slots_[2];  // device_staging: 0 sends, 1 receives
};

template <class ExecSpace>
void add_name(std::vector<std::string>& names) {
  names.push_back(lower_space_name<ExecSpace>());
}

}  // namespace

std::vector<std::string> space_names() {
  std::vector<std::string> names;
  add_name<Kokkos::DefaultExecutionSpace>(names);
#define ADD_IF_NOT_DEFAULT(Space)                            \
  if (!std::is_same_v<Space, Kokkos::DefaultExecutionSpace>) \
    add_name<Space>(names);
  STENCIL_FOR_EACH_KOKKOS_SPACE(ADD_IF_NOT_DEFAULT)
#undef ADD_IF_NOT_DEFAULT
  return names;
}

std::unique_ptr<Stepper> make_stepper(const CheckedConfig& config, std::string_view space) {
  // The default's name must outlive `space`, which only views it.
  const std::string default_space = space_names().front();
  if (space.empty())
    space = default_space;
#define MAKE_IF_NAMED(Space)              \
  if (space == lower_space_name<Space>()) \
    return std::make_unique<KokkosStepper<Space>>(config);
  STENCIL_FOR_EACH_KOKKOS_SPACE(MAKE_IF_NAMED)
#undef MAKE_IF_NAMED
  std::string known;
  for (const auto& name : space_names())
    known += (known.empty() ? "" : ", ") + name;
  throw UnsupportedRequest("execution space '" + std::string(space) +
                           "' is not in this Kokkos build (available: " + known + ")");
}

}  // namespace stencil::kokkos
