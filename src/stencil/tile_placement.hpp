// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Where each column tile of a deep temporal pass sits in the grid: native CUDA's warp kernel
// (src/cuda/research/warp_temporal_kernel.cuh) and its Kokkos twin
// (src/kokkos/research/group_temporal.hpp) place their tiles by it.
//
// Why: a tile that holds a border column keeps that column's centre at every level. Where the
// border may fall anywhere in the tile, every cell tests its column at every level, and such a
// tile runs 1.19x (fp64) to 1.32x (fp32) as long as an interior one; in a one-wave pass the two
// edge tiles of each row chunk then set the pass's length (docs/stream-and-temporal.md). So the
// last tile is moved left until column cols - 1 sits at its last output column (kRightBorder),
// and the first tile holds column 0 at the first place at least kHalo in (kLeftBorder) that
// falls at the same column of a lane's run. A thread then holds at most one border cell, at one
// run column known at compile time, kept by one select per level, and the kernels run interior
// tiles on the same code: a second code path for the edge tiles costs more than the selects it
// saves, as two code paths on one multiprocessor compete for its instruction cache. The moved
// tiles store only their own output columns, so no cell is written twice.
#pragma once

#include "stencil/arithmetic.hpp"

namespace stencil {

// What a tile holds of the grid's first and last columns.
enum class TileEdges {
  none,    // neither: no cell tests its column
  pinned,  // one of them, column 0 at kLeftBorder or column cols - 1 at kRightBorder
  any,     // both, or one elsewhere (grids of about a tile's width): every cell tests its column
};

// Tiles of kTileInput columns, kColumns per lane, that output their middle kTileInput - 2 kHalo;
// the first tile outputs kFirstOutput, from column 0.
template <int kTileInput, int kHalo, int kColumns>
struct TileGeometry {
  static constexpr int kInput = kTileInput;
  static constexpr int kHaloColumns = kHalo;
  static constexpr int kOutput = kTileInput - 2 * kHalo;
  static constexpr int kRightBorder = kTileInput - kHalo - 1;
  static constexpr int kBorderColumn = kRightBorder % kColumns;
  static constexpr int kLeftBorder =
      kHalo + (kBorderColumn - kHalo % kColumns + kColumns) % kColumns;
  static constexpr int kLeftLane = kLeftBorder / kColumns;
  static constexpr int kRightLane = kRightBorder / kColumns;
  static constexpr int kFirstOutput = kRightBorder + 1 - kLeftBorder;
  static_assert(kOutput > 0, "a tile outputs at least one column");
  static_assert(kTileInput % kColumns == 0, "a tile is a whole number of lanes");
  static_assert(kLeftBorder % kColumns == kBorderColumn, "both borders at one run column");
  static_assert(kFirstOutput > 0, "the first tile outputs at least one column");

  STENCIL_HOST_DEVICE static constexpr int tiles(int cols) {
    return cols <= kFirstOutput ? 1 : 1 + (cols - kFirstOutput + kOutput - 1) / kOutput;
  }
};

struct TilePlacement {
  int first_column;  // the grid column of the tile's first cell; negative: left of the grid
  int out_begin;     // the tile stores the grid columns [out_begin, out_end)
  int out_end;
  TileEdges edges;
};

// Tile `tile` of Geometry::tiles(cols): the first stores columns 0 .. kFirstOutput - 1, the
// others kOutput each after it, the last up to the grid's end.
template <class Geometry>
STENCIL_HOST_DEVICE inline TilePlacement place_tile(int tile, int cols) {
  TilePlacement placement{};
  placement.out_begin = tile == 0 ? 0 : Geometry::kFirstOutput + (tile - 1) * Geometry::kOutput;
  const int width = tile == 0 ? Geometry::kFirstOutput : Geometry::kOutput;
  placement.out_end = placement.out_begin + width < cols ? placement.out_begin + width : cols;
  const int halo = Geometry::kHaloColumns;
  const bool last = tile == Geometry::tiles(cols) - 1;
  // The last tile moves left from its regular place (out_begin - halo) so that cols - 1 sits at
  // kRightBorder; its output columns stay at halo or right of it since out_begin >=
  // cols - kOutput.
  if (tile == 0)
    placement.first_column = -Geometry::kLeftBorder;
  else if (last)
    placement.first_column = cols - 1 - Geometry::kRightBorder;
  else
    placement.first_column = placement.out_begin - halo;
  const int last_column = placement.first_column + Geometry::kInput - 1;
  const bool holds_first = placement.first_column <= 0;
  const bool holds_last = last_column >= cols - 1;
  const bool first_pinned = placement.first_column == -Geometry::kLeftBorder;
  const bool last_pinned = last_column == cols - 1 + halo;
  if (!holds_first && !holds_last)
    placement.edges = TileEdges::none;
  else if (holds_first != holds_last && (holds_first ? first_pinned : last_pinned))
    placement.edges = TileEdges::pinned;
  else
    placement.edges = TileEdges::any;
  return placement;
}

}  // namespace stencil
