// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The tile placement of the deep temporal kernels (stencil/tile_placement.hpp), checked against
// the contract each kernel relies on, at every width from 1 to 2,000 columns and at the
// published grids' widths:
//  * every grid column is stored by exactly one tile;
//  * a tile stores only columns it computes exactly: kHalo or more from either end of the tile;
//  * `none` tiles hold no border column; `pinned` tiles hold exactly one, column 0 at
//    kLeftBorder or cols - 1 at kRightBorder, both at run column kBorderColumn of a lane, the
//    place the kernels keep at compile time; `any` is everything else;
//  * at the published widths every tile of the kernels' shapes is `none` or `pinned` (in the
//    small test shapes, whose halo is wider than a tile's output, middle tiles reach a border).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "stencil/tile_placement.hpp"

namespace stencil {
namespace {

template <class Geometry>
void expect_placement_contract(int cols) {
  SCOPED_TRACE(std::to_string(cols) + " columns");
  std::vector<int> stored(static_cast<std::size_t>(cols), 0);
  const int tiles = Geometry::tiles(cols);
  for (int t = 0; t < tiles; ++t) {
    SCOPED_TRACE("tile " + std::to_string(t));
    const TilePlacement tile = place_tile<Geometry>(t, cols);
    const int halo = Geometry::kHaloColumns;
    ASSERT_LE(0, tile.out_begin);
    ASSERT_LE(tile.out_begin, tile.out_end);
    ASSERT_LE(tile.out_end, cols);
    EXPECT_GE(tile.out_begin, tile.first_column + halo);
    EXPECT_LE(tile.out_end, tile.first_column + Geometry::kInput - halo);
    for (int x = tile.out_begin; x < tile.out_end; ++x)
      ++stored[static_cast<std::size_t>(x)];

    const int last_column = tile.first_column + Geometry::kInput - 1;
    const bool holds_first = tile.first_column <= 0 && last_column >= 0;
    const bool holds_last = tile.first_column <= cols - 1 && last_column >= cols - 1;
    switch (tile.edges) {
      case TileEdges::none:
        EXPECT_FALSE(holds_first);
        EXPECT_FALSE(holds_last);
        break;
      case TileEdges::pinned:
        EXPECT_NE(holds_first, holds_last);
        if (holds_first)
          EXPECT_EQ(0 - tile.first_column, Geometry::kLeftBorder);
        else
          EXPECT_EQ(cols - 1 - tile.first_column, Geometry::kRightBorder);
        break;
      case TileEdges::any:
        EXPECT_TRUE(holds_first || holds_last);
        EXPECT_FALSE(holds_first != holds_last &&
                     (holds_first ? -tile.first_column == Geometry::kLeftBorder
                                  : cols - 1 - tile.first_column == Geometry::kRightBorder))
            << "a tile that could be pinned tests every cell";
        break;
    }
  }
  for (int x = 0; x < cols; ++x)
    ASSERT_EQ(stored[static_cast<std::size_t>(x)], 1) << "column " << x;
}

template <class Geometry>
void expect_published_widths_pinned() {
  for (const int cols : {4096, 15312, 15488, 15708, 16384}) {
    for (int t = 0; t < Geometry::tiles(cols); ++t)
      EXPECT_NE(place_tile<Geometry>(t, cols).edges, TileEdges::any)
          << cols << " columns, tile " << t;
  }
}

template <class Geometry>
void expect_geometry() {
  for (int cols = 1; cols <= 2000; ++cols)
    expect_placement_contract<Geometry>(cols);
  for (const int cols : {4096, 15312, 15488, 15708, 16384})
    expect_placement_contract<Geometry>(cols);
}

// TileGeometry<tile input, halo, columns per lane>: native CUDA's and Kokkos' k = 16 in float
// (32 lanes of 13) and in double (32 of 7), and two small tiles whose output is one column or
// a few, where the last tile moves furthest.
TEST(TilePlacement, FloatDepthSixteen) {
  expect_geometry<TileGeometry<416, 16, 13>>();
  expect_published_widths_pinned<TileGeometry<416, 16, 13>>();
}
TEST(TilePlacement, DoubleDepthSixteen) {
  expect_geometry<TileGeometry<224, 16, 7>>();
  expect_published_widths_pinned<TileGeometry<224, 16, 7>>();
}
TEST(TilePlacement, OneColumnOutput) {
  expect_geometry<TileGeometry<9, 4, 9>>();
}
TEST(TilePlacement, FewColumnsOutput) {
  expect_geometry<TileGeometry<20, 6, 5>>();
}

// Where the places are: the last tile's column cols - 1 is its last output column, 399 of a
// 416-column float tile (lane 30, run column 9); column 0 sits at the first place at least the
// halo in at the same run column, 22 (lane 1), so the first tile outputs 378 columns.
TEST(TilePlacement, BorderPlaces) {
  using Float = TileGeometry<416, 16, 13>;
  EXPECT_EQ(Float::kRightBorder, 399);
  EXPECT_EQ(Float::kRightLane, 30);
  EXPECT_EQ(Float::kBorderColumn, 9);
  EXPECT_EQ(Float::kLeftBorder, 22);
  EXPECT_EQ(Float::kLeftLane, 1);
  EXPECT_EQ(Float::kFirstOutput, 378);
  const TilePlacement first = place_tile<Float>(0, 16384);
  EXPECT_EQ(first.first_column, -22);
  EXPECT_EQ(first.out_begin, 0);
  EXPECT_EQ(first.out_end, 378);
  EXPECT_EQ(first.edges, TileEdges::pinned);
  EXPECT_EQ(place_tile<Float>(1, 16384).first_column, 378 - 16);
  const TilePlacement last = place_tile<Float>(Float::tiles(16384) - 1, 16384);
  EXPECT_EQ(last.first_column, 16384 - 400);
  EXPECT_EQ(last.out_end, 16384);
  EXPECT_EQ(last.edges, TileEdges::pinned);
  // A 224-column double tile: 207 (lane 29, run column 4) and 18 (lane 2).
  using Double = TileGeometry<224, 16, 7>;
  EXPECT_EQ(Double::kRightBorder, 207);
  EXPECT_EQ(Double::kBorderColumn, 4);
  EXPECT_EQ(Double::kLeftBorder, 18);
  EXPECT_EQ(Double::kLeftLane, 2);
}

}  // namespace
}  // namespace stencil
