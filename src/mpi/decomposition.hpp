// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The 2-D domain decomposition of an N x N grid over a P x Q grid of ranks (P rank rows along y,
// Q rank columns along x), and the subgrid each rank owns with its ghost layer. Pure arithmetic: no
// MPI, so every rule here is unit-tested without launching ranks.
//
// Global indices are 64-bit: the global N may exceed what one rank's 32-bit kernels address.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace stencil::mpi {

// A contiguous range [begin, begin + count) of global rows or columns.
struct Span {
  std::int64_t begin = 0;
  std::int64_t count = 0;
  std::int64_t end() const { return begin + count; }
};

// n cells split into `parts` nearly equal spans: the first n % parts spans get one cell more, so
// spans differ by at most one cell and cover every cell exactly once. Needs n >= parts >= 1.
Span split_evenly(std::int64_t n, int parts, int index);

// The rank grid: `rows` ranks along y times `cols` ranks along x.
struct ProcessGrid {
  int rows = 1;
  int cols = 1;
  int size() const { return rows * cols; }
};

// "PxQ" (also "P,Q"): P rank rows, Q rank columns, both >= 1. nullopt for anything else.
std::optional<ProcessGrid> parse_process_grid(std::string_view text);
std::string to_string(const ProcessGrid& grid);

// What one rank holds: the cells it owns, and how many ghost cells it keeps on each side. A side
// on the global border has no ghost layer, so the kernels' "copy the outermost ring" rule applies
// there to the true border and elsewhere only to ghost cells, which the next exchange overwrites.
struct Subgrid {
  Span rows;  // owned global rows (y)
  Span cols;  // owned global columns (x)
  int ghost_top = 0;
  int ghost_bottom = 0;
  int ghost_left = 0;
  int ghost_right = 0;

  std::int64_t local_rows() const { return ghost_top + rows.count + ghost_bottom; }
  std::int64_t local_cols() const { return ghost_left + cols.count + ghost_right; }
  std::int64_t local_cells() const { return local_rows() * local_cols(); }
};

// The global array a run decomposes: N x N for the 2-D variants, one row of N cells for the 1-D
// ones (split over a 1 x P rank grid).
struct GlobalExtent {
  std::int64_t rows = 0;
  std::int64_t cols = 0;
  int dimensions = 2;  // a 2-D grid of N = 1 is one row too, and its messages say 2-D
  static GlobalExtent square(std::int64_t n) { return {n, n, 2}; }
  static GlobalExtent of(int dimensions, std::int64_t n) {
    return dimensions == 1 ? GlobalExtent{1, n, 1} : square(n);
  }
};

// The subgrid of the rank at (grid_row, grid_col) with ghost layers `depth` cells deep (k for -fuse
// k).
Subgrid subgrid_of(const GlobalExtent& extent, const ProcessGrid& grid, int grid_row, int grid_col,
                   int depth);
inline Subgrid subgrid_of(std::int64_t n, const ProcessGrid& grid, int grid_row, int grid_col,
                          int depth) {
  return subgrid_of(GlobalExtent::square(n), grid, grid_row, grid_col, depth);
}

// Why the extent cannot be split over `grid` with ghost layers `depth` deep, or "" when it can. A
// rank must own at least one cell along each axis, and every rank with a neighbour must own at
// least `depth` cells towards it, so that a ghost layer comes from the nearest neighbour alone.
std::string decomposition_problem(const GlobalExtent& extent, const ProcessGrid& grid, int depth);
inline std::string decomposition_problem(std::int64_t n, const ProcessGrid& grid, int depth) {
  return decomposition_problem(GlobalExtent::square(n), grid, depth);
}

}  // namespace stencil::mpi
