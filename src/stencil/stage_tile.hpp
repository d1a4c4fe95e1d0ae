// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The stage tile of doublebuf and doublebuf_async, shared by the Kokkos and CUDA kernels so both
// follow one contract: a stage is kStageWidth x kStageHeight outputs of a strip, computed from a
// row-major (kStageWidth + 2) x (kStageHeight + 2) tile with a one-cell halo.
#pragma once

#include <cstdint>
#include <type_traits>

#include "stencil/arithmetic.hpp"
#include "stencil/cell_offset.hpp"
#include "stencil/variants.hpp"

namespace stencil::stage_tile {

inline constexpr int kColumns = kStageWidth + 2;
inline constexpr int kCells = kColumns * (kStageHeight + 2);  // 340 cells

// Index of tile cell t in a rows x cols row-major array, for the stage of the strip at column x0
// whose first output row is y. Clamped, so halo cells past the array still hold a value (border
// outputs never use it). In the offset type Index (cell_offset.hpp): 64-bit by default, as the
// row's offset passes 2^31 on large grids.
template <class Index = std::int64_t>
STENCIL_HOST_DEVICE inline Index source_index(int t, int x0, int y, int rows, int cols) {
  return cell_offset<Index>(clamp_index(y + t / kColumns - 1, 0, rows - 1),
                            clamp_index(x0 + t % kColumns - 1, 0, cols - 1), cols);
}
// The same on an n x n grid.
STENCIL_HOST_DEVICE inline std::int64_t source_index(int t, int x0, int y, int n) {
  return source_index(t, x0, y, n, n);
}

// Tile index of the stage's output (tx, ty): the halo shifts the interior by one in both axes.
STENCIL_HOST_DEVICE inline int centre_index(int tx, int ty) {
  return (ty + 1) * kColumns + tx + 1;
}

// The stage's output at cell (x, y) of a rows x cols array, whose tile cell is index c of `tile`
// (a pointer or a rank-1 Kokkos view of element type T): border cells copy their centre, the rest
// take the five-point update.
template <class Tile>
STENCIL_HOST_DEVICE inline auto output(const Tile& tile, int c, int x, int y, int rows, int cols) {
  using T = std::remove_cv_t<std::remove_reference_t<decltype(tile[c])>>;
  return is_border_2d(x, y, cols, rows) ? T(tile[c])
                                        : five_point<T>(tile[c], tile[c - 1], tile[c + 1],
                                                        tile[c - kColumns], tile[c + kColumns]);
}
// The same on an n x n grid.
template <class Tile>
STENCIL_HOST_DEVICE inline auto output(const Tile& tile, int c, int x, int y, int n) {
  return output(tile, c, x, y, n, n);
}

}  // namespace stencil::stage_tile
