// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Where each column tile of a deep temporal pass sits in the grid: native CUDA's warp kernel
// (src/cuda/research/warp_temporal_kernel.cuh) and its Kokkos twin
// (src/kokkos/research/group_temporal.hpp) place their tiles by it.
//
// Why: a tile that holds a border column keeps that column's centre at every level. Where the
// border may fall anywhere in the tile, every cell tests its column at every level, and such a
// tile runs 1.19x (fp64) to 1.32x (fp32) as long as an interior one; in a one-wave pass the two
// edge tiles of each row chunk then set the pass's length (docs/stream-and-temporal.md). So the
// first tile holds column 0 at a fixed place (kLeftBorder, where the regular grid of tiles puts
// it) and the last tile is moved left until column cols - 1 sits at a fixed place
// (kRightBorder, the tile's last output column). A thread then holds at most one border cell, at
// a lane and a column of its run known at compile time. The moved tile stores only its own
// output columns, so no cell is written twice.
#pragma once

#include "stencil/arithmetic.hpp"

namespace stencil {

// What a tile holds of the grid's first and last columns.
enum class TileEdges {
  none,    // neither: no cell tests its column
  pinned,  // one of them, column 0 at kLeftBorder or column cols - 1 at kRightBorder
  any,     // both, or one elsewhere (grids of about a tile's width): every cell tests its column
};

// Tiles of kTileInput columns, kColumns per lane, that output their middle kTileInput - 2 kHalo.
template <int kTileInput, int kHalo, int kColumns>
struct TileGeometry {
  static constexpr int kInput = kTileInput;
  static constexpr int kOutput = kTileInput - 2 * kHalo;
  static constexpr int kLeftBorder = kHalo;
  static constexpr int kRightBorder = kTileInput - kHalo - 1;
  static constexpr int kLeftLane = kLeftBorder / kColumns;
  static constexpr int kLeftColumn = kLeftBorder % kColumns;
  static constexpr int kRightLane = kRightBorder / kColumns;
  static constexpr int kRightColumn = kRightBorder % kColumns;
  static_assert(kOutput > 0, "a tile outputs at least one column");
  static_assert(kTileInput % kColumns == 0, "a tile is a whole number of lanes");

  STENCIL_HOST_DEVICE static constexpr int tiles(int cols) {
    return (cols + kOutput - 1) / kOutput;
  }
};

struct TilePlacement {
  int first_column;  // the grid column of the tile's first cell; negative: left of the grid
  int out_begin;     // the tile stores the grid columns [out_begin, out_end)
  int out_end;
  TileEdges edges;
};

// Tile `tile` of Geometry::tiles(cols): it stores columns tile * kOutput onwards, kOutput of
// them or up to the grid's end.
template <class Geometry>
STENCIL_HOST_DEVICE inline TilePlacement place_tile(int tile, int cols) {
  TilePlacement placement{};
  placement.out_begin = tile * Geometry::kOutput;
  placement.out_end = placement.out_begin + Geometry::kOutput < cols
                          ? placement.out_begin + Geometry::kOutput
                          : cols;
  const int halo = Geometry::kLeftBorder;
  const bool last = tile == Geometry::tiles(cols) - 1;
  // Moved left from its regular place (out_begin - halo) so that cols - 1 sits at kRightBorder;
  // its output columns stay at kLeftBorder or right of it since out_begin >= cols - kOutput.
  placement.first_column =
      last && tile > 0 ? cols - 1 - Geometry::kRightBorder : placement.out_begin - halo;
  const int last_column = placement.first_column + Geometry::kInput - 1;
  const bool holds_first = placement.first_column <= 0;
  const bool holds_last = last_column >= cols - 1;
  const bool first_pinned = placement.first_column == -halo;
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
