// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "kokkos/runtime/stepper.hpp"

#include <limits>
#include <sstream>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <vector>

#include "kokkos/kernels.hpp"
#include "stencil/cells.hpp"
#include "stencil/memory_budget.hpp"
#include "stencil/precision.hpp"
#include "stencil/shape_dispatch.hpp"

namespace stencil::kokkos {
namespace {

// Every step is called as a 1-D one, with 64-bit cols; a 2-D kernel, whose cols is an int (at
// most kMaxN2d), is called through narrowed_step.
template <class T, class ExecSpace>
using StepFunction = void (*)(STENCIL_KOKKOS_STEP_PARAMETERS_1D(T, ExecSpace));

template <auto kStep, class T, class ExecSpace>
void narrowed_step(STENCIL_KOKKOS_STEP_PARAMETERS_1D(T, ExecSpace)) {
  kStep(space, in, out, rows, static_cast<int>(cols), chunks);
}
#define STENCIL_STEP_AS_1(...) __VA_ARGS__
#define STENCIL_STEP_AS_2(...) &narrowed_step<__VA_ARGS__, T, ExecSpace>

// Generated from STENCIL_VARIANTS: each variant's kernel, at the instantiation of its run-time
// shape value. A variant the table does not give to "kokkos" has no case.
#define STENCIL_STEP_none(name, dimensions) STENCIL_STEP_AS_##dimensions(&name##_step<T, ExecSpace>)
#define STENCIL_STEP_SHAPED(name, shape, dimensions)                                         \
  pick_instantiation<STENCIL_SHAPE_CHOICES_##shape>(config.shape_value(), [](auto value) {   \
    return STENCIL_STEP_AS_##dimensions(&name##_step<decltype(value)::value, T, ExecSpace>); \
  })
#define STENCIL_STEP_pitch(name, dimensions) STENCIL_STEP_SHAPED(name, pitch, dimensions)
#define STENCIL_STEP_patch(name, dimensions) STENCIL_STEP_SHAPED(name, patch, dimensions)
#define STENCIL_STEP_fuse(name, dimensions) STENCIL_STEP_SHAPED(name, pipelined_fuse, dimensions)
#define STENCIL_STEP_CASE(name, dimensions, chunks, shape, ...) \
  case Variant::name:                                           \
    if constexpr (info(Variant::name).implemented_by("kokkos")) \
      return STENCIL_STEP_##shape(name, dimensions);            \
    break;

template <class T, class ExecSpace>
StepFunction<T, ExecSpace> step_function(const RunConfig& config) {
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

// The stepper of one execution space, for cells of type T (float or double).
template <class T, class ExecSpace>
class KokkosStepper final : public Stepper {
 public:
  explicit KokkosStepper(const CheckedConfig& config)
      : Stepper(config.get()),
        extent_(config->stepped_extent()),
        cells_(config->local_cells()),
        step_(step_function<T, ExecSpace>(config.get())) {
    // Two grids in the space's memory; the caller's host copies join them on a host space and
    // have host memory of their own otherwise.
    const std::size_t copies = static_cast<std::size_t>(config->host_copies);
    if constexpr (kRunsOnHost<ExecSpace>) {
      require_grids(config.get(), 2 + copies, host_available_bytes(), "host memory");
    } else {
      require_grids(config.get(), 2, free_bytes(space_), lower_space_name<ExecSpace>() + " memory");
      require_grids(config.get(), copies, host_available_bytes(), "host memory");
      if (config->variant->dimensions == 1 && config->n > kMaxDeviceCells1D) {
        throw UnsupportedRequest("a 1-D grid of " + std::to_string(config->n) +
                                 " cells exceeds one launch's " +
                                 std::to_string(kMaxDeviceCells1D) + " cells");
      }
    }
    try {
      current_ = DeviceView<T, ExecSpace>(
          Kokkos::view_alloc(Kokkos::WithoutInitializing, "stencil::grid_a"), cells_);
      next_ = DeviceView<T, ExecSpace>(
          Kokkos::view_alloc(Kokkos::WithoutInitializing, "stencil::grid_b"), cells_);
    } catch (const std::exception& e) {
      throw UnsupportedRequest("cannot allocate two grids of " + std::to_string(cells_) +
                               " cells in " + lower_space_name<ExecSpace>() + ": " + e.what());
    }
  }

  std::string model() const override { return "kokkos"; }

  std::string execution_space() const override {
    std::ostringstream out;
    out << ExecSpace::name() << " (concurrency " << space_.concurrency() << ")";
    return out.str();
  }

  void upload(const Cells& cells) override {
    require_upload_shape(cells);
    const std::vector<T>& values = cells.values<T>();
    Kokkos::View<const T*, Kokkos::HostSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>> host(
        values.data(), values.size());
    Kokkos::deep_copy(space_, current_, host);
    space_.fence();
  }

  void poison_next_output() override {
    Kokkos::deep_copy(space_, next_, std::numeric_limits<T>::quiet_NaN());
  }

  void step() override {
    step_(space_, current_, next_, extent_.rows, extent_.cols, config().chunks);
    std::swap(current_, next_);
  }

  void warm_up() override {
    step_(space_, current_, next_, extent_.rows, extent_.cols, config().chunks);
  }

  void fence() override { space_.fence(); }

  GridAccess grids() override {
    GridAccess grids;
    grids.memory = kRunsOnHost<ExecSpace> ? MemoryKind::host : MemoryKind::cuda;
    grids.precision = precision_of<T>();
    grids.current = current_.data();
    grids.next = next_.data();
    grids.cuda_stream = cuda_stream_of(space_);
    grids.host_threads = kRunsOnHost<ExecSpace> ? space_.concurrency() : 1;
    return grids;
  }

  Cells download() override {
    std::vector<T> cells(cells_);
    Kokkos::View<T*, Kokkos::HostSpace, Kokkos::MemoryTraits<Kokkos::Unmanaged>> host(cells.data(),
                                                                                      cells.size());
    space_.fence();
    Kokkos::deep_copy(host, current_);
    return Cells(std::move(cells));
  }

 private:
  void pass_depth_changed() override { step_ = step_function<T, ExecSpace>(config()); }

  ArrayExtent extent_;
  std::size_t cells_;
  ExecSpace space_{};
  StepFunction<T, ExecSpace> step_;
  DeviceView<T, ExecSpace> current_;
  DeviceView<T, ExecSpace> next_;
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
#define MAKE_IF_NAMED(Space)                                                                 \
  if (space == lower_space_name<Space>())                                                    \
    return with_element_type(config->precision, [&](auto zero) -> std::unique_ptr<Stepper> { \
      return std::make_unique<KokkosStepper<decltype(zero), Space>>(config);                 \
    });
  STENCIL_FOR_EACH_KOKKOS_SPACE(MAKE_IF_NAMED)
#undef MAKE_IF_NAMED
  std::string known;
  for (const auto& name : space_names())
    known += (known.empty() ? "" : ", ") + name;
  throw UnsupportedRequest("execution space '" + std::string(space) +
                           "' is not in this Kokkos build (available: " + known + ")");
}

}  // namespace stencil::kokkos
