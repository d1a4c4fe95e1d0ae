// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The host memory kind: halo access by copying in place, and the copy reference as the model's
// own parallel copy, or else a parallel copy on the model's thread count
// (memory/halo_access.hpp, memory/grid_copy.hpp).
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>

#include "memory/grid_copy.hpp"
#include "memory/halo_access.hpp"
#include "stencil/stepped_cell.hpp"

namespace stencil {
namespace {

// Halo strips are thin (k rows or columns), so one thread copies them: a parallel region would
// cost more than the copy.
class HostHaloAccess final : public HaloAccess {
 public:
  explicit HostHaloAccess(Stepper& stepper)
      : stepper_(stepper), extent_(stepper.config().stepped_extent()) {}

  HostBuffer host_staging(std::size_t cells) override {
    return HostBuffer(
        new std::byte[(cells == 0 ? 1 : cells) * element_bytes(stepper_.precision())]);
  }

  void pack_regions(const std::vector<GridRegion>& regions, void* buffer) override {
    with_element_type(stepper_.precision(), [&](auto zero) {
      using T = decltype(zero);
      stencil::pack_regions(current<T>(regions), extent_.cols, regions, static_cast<T*>(buffer));
    });
  }
  void unpack_regions(const std::vector<GridRegion>& regions, const void* buffer) override {
    with_element_type(stepper_.precision(), [&](auto zero) {
      using T = decltype(zero);
      stencil::unpack_regions(current<T>(regions), extent_.cols, regions,
                              static_cast<const T*>(buffer));
    });
  }
  void pack_stepped_regions(const std::vector<GridRegion>& regions, void* buffer) override {
    if (stepper_.iterations_per_step() != 1)
      throw UnsupportedRequest("only single-iteration steps can send their halos ahead");
    with_element_type(stepper_.precision(), [&](auto zero) {
      using T = decltype(zero);
      pack_stepped(current<T>(regions), regions, static_cast<T*>(buffer));
    });
  }

  void* device_staging(int, std::size_t) override { refuse(); }
  void pack_regions_on_device(const std::vector<GridRegion>&, void*) override { refuse(); }
  void pack_stepped_regions_on_device(const std::vector<GridRegion>&, void*) override { refuse(); }
  void unpack_regions_on_device(const std::vector<GridRegion>&, const void*) override { refuse(); }

 private:
  template <class T>
  void pack_stepped(const T* in, const std::vector<GridRegion>& regions, T* buffer) const {
    const bool two_d = stepper_.config().variant->dimensions == 2;
    for (const GridRegion& region : regions) {
      for (std::int64_t r = 0; r < region.rows; ++r) {
        for (std::int64_t c = 0; c < region.cols; ++c) {
          const std::int64_t y = region.row0 + r;
          const std::int64_t x = region.col0 + c;
          *buffer++ = two_d ? stepped_cell_2d(in, extent_.rows, extent_.cols, y, x)
                            : stepped_cell_1d(in, extent_.cols, x);
        }
      }
    }
  }

  // The current state once every queued step has run, after checking the regions lie inside it.
  template <class T>
  T* current(const std::vector<GridRegion>& regions) {
    require_inside(regions, extent_.rows, extent_.cols);
    stepper_.fence();
    return stepper_.grids().current_as<T>();
  }
  [[noreturn]] void refuse() const {
    throw UnsupportedRequest("-impl " + stepper_.model() +
                             " has no device halo buffers: its grids are in host memory");
  }

  Stepper& stepper_;
  ArrayExtent extent_;
};

}  // namespace

std::unique_ptr<HaloAccess> make_host_halo_access(Stepper& stepper) {
  return std::make_unique<HostHaloAccess>(stepper);
}

namespace {

template <class T>
void parallel_copy(const T* from, T* to, std::int64_t count, int threads) {
#if defined(STENCIL_HAVE_OPENMP)
#pragma omp parallel for simd schedule(static) num_threads(threads)
#else
  (void)threads;
#endif
  for (std::int64_t i = 0; i < count; ++i)
    to[i] = from[i];
}

}  // namespace

void queue_host_copy(const GridAccess& grids, std::size_t cells) {
  if (grids.host_copy != nullptr)
    return grids.host_copy(grids.current, grids.next, cells);
  const auto count = static_cast<std::int64_t>(cells);
  with_element_type(grids.precision, [&](auto zero) {
    using T = decltype(zero);
    parallel_copy(grids.current_as<T>(), grids.next_as<T>(), count, grids.host_threads);
  });
}

double timed_host_copies(Stepper& stepper, int repetitions) {
  stepper.fence();
  const GridAccess grids = stepper.grids();
  const std::size_t cells = stepper.config().local_cells();
  const auto start = std::chrono::steady_clock::now();
  for (int r = 0; r < repetitions; ++r)
    queue_host_copy(grids, cells);
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace stencil
