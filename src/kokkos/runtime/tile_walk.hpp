// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Teams that walk several tiles each: the device form of the kernels whose native twin gives every
// block one small tile of few outputs per thread (tiled, halo1d: one; regblock at p = 2: four;
// regblock at p = 4, whose threads own 16 outputs each, keeps one tile per team).
//
// Kokkos' CUDA backend sets up every league rank with a few dozen instructions per thread before
// the team's lambda runs (its level-1 scratch pointer includes a 64-bit division, whatever the
// scratch size: Kokkos_Cuda_Parallel_Team.hpp). A kernel whose team computes one output per
// thread pays that once per output: on the H200, ncu counted 109 instructions per output for
// Kokkos halo1d against 54 for its native twin (docs/design.md, "One Kokkos kernel for host and
// device"). A team that walks many tiles pays it once for all of them. This is plain Kokkos: a loop
// over work items inside the team, stepping by the league size (a grid-stride loop).
#pragma once

#include <algorithm>

#include <Kokkos_Core.hpp>

namespace stencil::kokkos {

// Teams for `tiles` work items of `team_size` threads each: about kTilesPerTeam tiles per team,
// but at least two waves of the teams the space runs at once where there are fewer tiles (so
// that no multiprocessor idles), and never more teams than tiles.
template <class ExecSpace>
int walking_league(const ExecSpace& space, long tiles, int team_size) {
  constexpr long kTilesPerTeam = 16;
  const long resident = std::max<long>(space.concurrency() / team_size, 1);
  const long by_tiles = (tiles + kTilesPerTeam - 1) / kTilesPerTeam;
  return static_cast<int>(std::max(by_tiles, std::min(tiles, 2 * resident)));
}

// The tiles of a tiles_x x tiles_y grid (row-major) that one team visits: its league rank, then
// every league_size-th tile after it. The teams running at once therefore work on neighbouring
// tiles, as a native grid's blocks do, and sharing halo rows in L2 works the same. Stepping keeps
// the tile's column and row by addition, with no division per tile.
class TileWalk {
 public:
  KOKKOS_INLINE_FUNCTION TileWalk(int league_rank, int league_size, int tiles_x, int tiles_y)
      : column_(league_rank % tiles_x),
        row_(league_rank / tiles_x),
        step_columns_(league_size % tiles_x),
        step_rows_(league_size / tiles_x),
        tiles_x_(tiles_x),
        tiles_y_(tiles_y) {}

  KOKKOS_INLINE_FUNCTION bool more() const { return row_ < tiles_y_; }
  KOKKOS_INLINE_FUNCTION int column() const { return column_; }
  KOKKOS_INLINE_FUNCTION int row() const { return row_; }
  KOKKOS_INLINE_FUNCTION void next() {
    column_ += step_columns_;
    row_ += step_rows_;
    if (column_ >= tiles_x_) {
      column_ -= tiles_x_;
      ++row_;
    }
  }

 private:
  int column_, row_;
  int step_columns_, step_rows_;
  int tiles_x_, tiles_y_;
};

}  // namespace stencil::kokkos
