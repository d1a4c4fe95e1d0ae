#include "kokkos_copy.hpp"

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "kokkos/spaces.hpp"
#include "stencil/memory_budget.hpp"
#include "stencil/stepper.hpp"

namespace stencil::perf {

// Free functions in a named namespace: nvcc does not accept extended lambdas in every enclosing
// scope (private members, for one).
template <class ExecSpace>
void fill_in_space(const ExecSpace& space, const kokkos::DeviceView<ExecSpace>& view, float value) {
  // Written by the copy's own threads, so a NUMA host places the pages where the copy reads them.
  Kokkos::parallel_for(
      "stencil::perf::first_touch",
      Kokkos::RangePolicy<ExecSpace>(space, 0, static_cast<std::int64_t>(view.extent(0))),
      KOKKOS_LAMBDA(const std::int64_t i) { view(i) = value; });
}

template <class ExecSpace>
void copy_in_space(const ExecSpace& space, const kokkos::ConstDeviceView<ExecSpace>& from,
                   const kokkos::DeviceView<ExecSpace>& to) {
  if constexpr (kokkos::kRunsOnHost<ExecSpace>) {
    Kokkos::parallel_for(
        "stencil::perf::copy",
        Kokkos::RangePolicy<ExecSpace>(space, 0, static_cast<std::int64_t>(to.extent(0))),
        KOKKOS_LAMBDA(const std::int64_t i) { to(i) = from(i); });
  } else {
    Kokkos::deep_copy(space, to, from);
  }
}

namespace {

template <class ExecSpace>
std::string lower_name() {
  std::string name = ExecSpace::name();
  std::transform(name.begin(), name.end(), name.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return name;
}

template <class ExecSpace>
std::size_t free_bytes() {
#if defined(KOKKOS_ENABLE_CUDA)
  if constexpr (std::is_same_v<ExecSpace, Kokkos::Cuda>) {
    std::size_t free = 0, total = 0;
    if (cudaMemGetInfo(&free, &total) != cudaSuccess)
      return std::numeric_limits<std::size_t>::max();
    return free;
  }
#endif
  return host_available_bytes();
}

template <class ExecSpace>
class KokkosCopy final : public CopyReference {
 public:
  explicit KokkosCopy(std::size_t cells) {
    require_memory(2 * cells * sizeof(float), free_bytes<ExecSpace>(), lower_name<ExecSpace>());
    from_ = kokkos::DeviceView<ExecSpace>(
        Kokkos::view_alloc(Kokkos::WithoutInitializing, "stencil::perf::copy_from"), cells);
    to_ = kokkos::DeviceView<ExecSpace>(
        Kokkos::view_alloc(Kokkos::WithoutInitializing, "stencil::perf::copy_to"), cells);
    fill_in_space(space_, from_, 1.0f);
    fill_in_space(space_, to_, 0.0f);
    space_.fence();
  }

  std::string description() const override {
    return kokkos::kRunsOnHost<ExecSpace>
               ? "Kokkos parallel_for copy in " + std::string(ExecSpace::name())
               : "Kokkos::deep_copy device to device in " + std::string(ExecSpace::name());
  }

  void copy() override { copy_in_space(space_, from_, to_); }
  void fence() override { space_.fence(); }

 private:
  ExecSpace space_{};
  kokkos::DeviceView<ExecSpace> from_;
  kokkos::DeviceView<ExecSpace> to_;
};

}  // namespace

std::unique_ptr<CopyReference> make_kokkos_copy(const std::string& space, std::size_t cells) {
#define MAKE_IF_NAMED(Space)        \
  if (space == lower_name<Space>()) \
    return std::make_unique<KokkosCopy<Space>>(cells);
  STENCIL_FOR_EACH_KOKKOS_SPACE(MAKE_IF_NAMED)
#undef MAKE_IF_NAMED
  throw UnsupportedRequest("execution space '" + space + "' is not in this Kokkos build");
}

}  // namespace stencil::perf
