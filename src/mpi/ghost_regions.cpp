// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "mpi/ghost_regions.hpp"

namespace stencil::mpi {
namespace {

// The rows (or columns) of one axis of a region: owned cells next to the side for sends, the
// ghost layer on that side for receives, the whole owned span along an axis the direction does not
// move.
struct AxisRange {
  std::int64_t first;
  std::int64_t count;
};

AxisRange send_axis(int step, std::int64_t ghost_before, std::int64_t owned, int depth) {
  if (step < 0)
    return {ghost_before, depth};
  if (step > 0)
    return {ghost_before + owned - depth, depth};
  return {ghost_before, owned};
}

AxisRange receive_axis(int step, std::int64_t ghost_before, std::int64_t owned, int depth) {
  if (step < 0)
    return {ghost_before - depth, depth};
  if (step > 0)
    return {ghost_before + owned, depth};
  return {ghost_before, owned};
}

}  // namespace

bool has_neighbour(const ProcessGrid& grid, int grid_row, int grid_col, int direction) {
  const int row = grid_row + kDirections[direction].dy;
  const int col = grid_col + kDirections[direction].dx;
  return row >= 0 && row < grid.rows && col >= 0 && col < grid.cols;
}

Region send_region(const Subgrid& subgrid, int depth, int direction) {
  const auto rows =
      send_axis(kDirections[direction].dy, subgrid.ghost_top, subgrid.rows.count, depth);
  const auto cols =
      send_axis(kDirections[direction].dx, subgrid.ghost_left, subgrid.cols.count, depth);
  return Region{rows.first, rows.count, cols.first, cols.count};
}

Region receive_region(const Subgrid& subgrid, int depth, int direction) {
  const auto rows =
      receive_axis(kDirections[direction].dy, subgrid.ghost_top, subgrid.rows.count, depth);
  const auto cols =
      receive_axis(kDirections[direction].dx, subgrid.ghost_left, subgrid.cols.count, depth);
  return Region{rows.first, rows.count, cols.first, cols.count};
}

}  // namespace stencil::mpi
