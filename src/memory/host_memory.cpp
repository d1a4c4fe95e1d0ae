// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The host memory kind: halo access by copying in place, and the copy reference as the model's
// own parallel copy, or else a parallel copy on the model's thread count
// (memory/halo_access.hpp, memory/grid_copy.hpp).
#include <chrono>
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
    return HostBuffer(new Element[cells == 0 ? 1 : cells]);
  }

  void pack_regions(const std::vector<GridRegion>& regions, Element* buffer) override {
    stencil::pack_regions(current(regions), extent_.cols, regions, buffer);
  }
  void unpack_regions(const std::vector<GridRegion>& regions, const Element* buffer) override {
    stencil::unpack_regions(current(regions), extent_.cols, regions, buffer);
  }
  void pack_stepped_regions(const std::vector<GridRegion>& regions, Element* buffer) override {
    if (stepper_.iterations_per_step() != 1)
      throw UnsupportedRequest("only single-iteration steps can send their halos ahead");
    const Element* in = current(regions);
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

  Element* device_staging(int, std::size_t) override { refuse(); }
  void pack_regions_on_device(const std::vector<GridRegion>&, Element*) override { refuse(); }
  void pack_stepped_regions_on_device(const std::vector<GridRegion>&, Element*) override {
    refuse();
  }
  void unpack_regions_on_device(const std::vector<GridRegion>&, const Element*) override {
    refuse();
  }

 private:
  // The current state once every queued step has run, after checking the regions lie inside it.
  Element* current(const std::vector<GridRegion>& regions) {
    require_inside(regions, extent_.rows, extent_.cols);
    stepper_.fence();
    return stepper_.grids().current;
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

void queue_host_copy(const GridAccess& grids, std::size_t cells) {
  const Element* from = grids.current;
  Element* to = grids.next;
  if (grids.host_copy != nullptr)
    return grids.host_copy(from, to, cells);
  const auto count = static_cast<std::int64_t>(cells);
#if defined(STENCIL_HAVE_OPENMP)
#pragma omp parallel for simd schedule(static) num_threads(grids.host_threads)
#endif
  for (std::int64_t i = 0; i < count; ++i)
    to[i] = from[i];
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
