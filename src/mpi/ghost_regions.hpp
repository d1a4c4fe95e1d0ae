// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Which cells a rank sends to and receives from each of its up to eight neighbours, in the
// coordinates of its local array (subgrid plus ghost layer, row-major). Pure arithmetic: no MPI.
//
// Corners are exchanged with the diagonal neighbours directly, so one round of messages fills the
// whole ghost layer and k-deep ghost layers serve k fused steps (a cell k steps ahead depends on
// its diagonal neighbours too). Because the decomposition is a tensor product of row and column
// spans, what a rank sends towards direction d has exactly the shape its neighbour receives from
// -d.
#pragma once

#include <array>
#include <cstdint>

#include "mpi/decomposition.hpp"
#include "stencil/grid_region.hpp"

namespace stencil::mpi {

// A rectangle of the local array (the same type the steppers copy ghost cells through).
using Region = GridRegion;

// The eight directions (dy, dx), dy = -1 towards smaller global rows. Index 7 - d is the opposite
// of direction d, which pairs each send with its neighbour's receive (and the message tag).
struct Direction {
  int dy;
  int dx;
};
inline constexpr std::array<Direction, 8> kDirections{
    {{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}}};
inline constexpr int opposite(int direction) {
  return 7 - direction;
}

// Whether the rank at (grid_row, grid_col) has a neighbour in direction d.
bool has_neighbour(const ProcessGrid& grid, int grid_row, int grid_col, int direction);

// The owned cells next to side d that the neighbour there needs (depth cells deep).
Region send_region(const Subgrid& subgrid, int depth, int direction);
// The ghost cells on side d, which the neighbour there fills.
Region receive_region(const Subgrid& subgrid, int depth, int direction);

// Copying a region to or from a contiguous buffer (stencil/grid_region.hpp). The device backends
// will have their own packing kernels over the same regions.
using stencil::pack_region;
using stencil::unpack_region;

}  // namespace stencil::mpi
