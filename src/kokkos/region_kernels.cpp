// Halo regions are thin (k rows or columns of a rank's tile), so a flat RangePolicy over all their
// cells is enough on every space: on the GPU consecutive threads take consecutive cells of a
// region row, which coalesces for the row regions and costs one sector per cell for the column
// regions (a few thousand cells); on a host the loop is short. A cell's (y, x) costs one
// division, which is nothing beside the launch.
#include "kokkos/region_kernels.hpp"

#include <cstdint>

#include "stencil/stepped_cell.hpp"

namespace stencil::kokkos {
namespace {

template <class ExecSpace>
using CellPolicy = Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<std::int64_t>>;

}  // namespace

template <class ExecSpace>
void pack_region_cells(const ExecSpace& space, const float* state, int rows, int cols,
                       PackedValue value, const RegionTable& table, float* buffer) {
  const RegionTable regions = table;  // by value into the kernel
  Kokkos::parallel_for(
      "stencil::kokkos::halo_pack",
      CellPolicy<ExecSpace>(space, table.first_cell(), table.end_cell()),
      KOKKOS_LAMBDA(const std::int64_t i) {
        int y = 0, x = 0;
        regions.locate(i, y, x);
        switch (value) {
          case PackedValue::current:
            buffer[i] = state[static_cast<std::int64_t>(y) * cols + x];
            break;
          case PackedValue::stepped_2d:
            buffer[i] = stepped_cell_2d(state, rows, cols, y, x);
            break;
          case PackedValue::stepped_1d:
            buffer[i] = stepped_cell_1d(state, cols, x);
            break;
        }
      });
}

template <class ExecSpace>
void unpack_region_cells(const ExecSpace& space, float* state, int cols, const RegionTable& table,
                         const float* buffer) {
  const RegionTable regions = table;
  Kokkos::parallel_for(
      "stencil::kokkos::halo_unpack",
      CellPolicy<ExecSpace>(space, table.first_cell(), table.end_cell()),
      KOKKOS_LAMBDA(const std::int64_t i) {
        int y = 0, x = 0;
        regions.locate(i, y, x);
        state[static_cast<std::int64_t>(y) * cols + x] = buffer[i];
      });
}

#define INSTANTIATE(Space)                                                                  \
  template void pack_region_cells<Space>(const Space&, const float*, int, int, PackedValue, \
                                         const RegionTable&, float*);                       \
  template void unpack_region_cells<Space>(const Space&, float*, int, const RegionTable&,   \
                                           const float*);
STENCIL_FOR_EACH_KOKKOS_SPACE(INSTANTIATE)

}  // namespace stencil::kokkos
