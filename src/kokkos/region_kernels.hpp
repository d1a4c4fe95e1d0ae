// The kernels behind the Kokkos stepper's halo access (stencil/stepper.hpp): one launch packs or
// unpacks every region of a RegionTable. Both pointers must be memory `ExecSpace` can access (the
// stepper's state and its staging buffer on a device; on a host space also the caller's buffer).
// Launched on `space` and not waited for.
#pragma once

#include "kokkos/region_table.hpp"
#include "kokkos/spaces.hpp"

namespace stencil::kokkos {

// What a pack copies for each cell: the current value, or the value the next iteration gives it
// (stencil/stepped_cell.hpp) on a rows x cols array or on a 1-D array of cols cells.
enum class PackedValue { current, stepped_2d, stepped_1d };

// buffer[i] = the value of the cell buffer cell i stands for, in a rows x cols row-major state.
template <class ExecSpace>
void pack_region_cells(const ExecSpace& space, const float* state, int rows, int cols,
                       PackedValue value, const RegionTable& table, float* buffer);

// The regions' cells of a state `cols` wide = buffer.
template <class ExecSpace>
void unpack_region_cells(const ExecSpace& space, float* state, int cols, const RegionTable& table,
                         const float* buffer);

}  // namespace stencil::kokkos
