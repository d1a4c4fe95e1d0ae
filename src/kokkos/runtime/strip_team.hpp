// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The team layout strip and rolling share (lesson 000), the twin of src/cuda/strip_column.cuh: a
// team of kStripWidth members owns a kStripWidth-column strip and one chunk of rows
// (row_chunks.hpp), a member per column, with a scratch row of kStripWidth + 2 values for the
// x neighbours.
#pragma once

#include <Kokkos_Core.hpp>

#include "kokkos/runtime/team_policy.hpp"
#include "stencil/arithmetic.hpp"
#include "stencil/row_chunks.hpp"
#include "stencil/variants.hpp"

namespace stencil::kokkos {

// Strips of a grid `cols` wide.
inline int strip_count(int cols) {
  return (cols + kStripWidth - 1) / kStripWidth;
}

// A team per strip and chunk of rows, with its scratch row of cells of type T; the strips vary
// fastest along the league. kMinBlocks teams must fit on one multiprocessor: 8 (32 registers per
// member) keeps a full device of teams resident; fewer leave each member more registers.
template <class T, int kMinBlocks = 8, class ExecSpace>
auto strip_policy(const ExecSpace& space, int strips, int chunks) {
  return team_policy<kStripWidth, kMinBlocks>(space, strips * chunks, TeamShape{kStripWidth, 1},
                                              TeamScratch<T>{kStripWidth + 2});
}

// The chunk of rows a team owns.
template <class Member>
KOKKOS_INLINE_FUNCTION RowChunk strip_chunk(const Member& team, int strips, int rows, int chunks) {
  return row_chunk(rows, chunks, team.league_rank() / strips);
}

// One member's columns in its team's strip.
struct StripColumn {
  int member;  // its place in the strip; the scratch row holds it at member + 1
  int x;       // its output column (past the grid's edge in a strip the edge cuts)
  int cx;      // the column it loads: a strip cut by the edge repeats its last column
  int xl;      // the strip's left and right x-halo columns, clamped into the grid
  int xr;
};

template <class Member>
KOKKOS_INLINE_FUNCTION StripColumn strip_column(const Member& team, int strips, int cols) {
  const int member = team.team_rank();
  const int x0 = (team.league_rank() % strips) * kStripWidth;
  const int x = x0 + member;
  return StripColumn{member, x, x < cols ? x : cols - 1, x0 > 0 ? x0 - 1 : 0,
                     clamp_index(x0 + kStripWidth, 0, cols - 1)};
}

}  // namespace stencil::kokkos
