// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// One fused level of a run of consecutive cells of a row, the inner loop of every register-
// streaming temporal kernel (native CUDA's and Kokkos'): a thread holds a run of kColumns cells
// of each of a level's last three rows, and computes the next level's run from them.
#pragma once

#include <cstring>
#include <type_traits>

#include "stencil/arithmetic.hpp"
#include "stencil/unroll.hpp"

namespace stencil {

// kColumns consecutive cells of one row, in a thread's registers.
template <class T, int kColumns>
struct ColumnRun {
  T v[kColumns];
};

// produced = the level above (above, centre, below) at the same columns: each cell's five-point
// update, its x neighbours from `centre` inside the run and left_edge / right_edge at the run's
// two ends. A border row (border_row) keeps its centre; with kColumnEdges, so does every cell
// whose column_border is set. A caller that passes a compile-time false for border_row, or
// kColumnEdges false, compiles no select.
template <bool kColumnEdges, int kColumns, class T, class Run>
STENCIL_HOST_DEVICE inline void update_run(const Run& above, const Run& centre, const Run& below,
                                           T left_edge, T right_edge, bool border_row,
                                           const bool* column_border, Run& produced) {
  STENCIL_UNROLL
  for (int c = 0; c < kColumns; ++c) {
    const T left = c > 0 ? centre.v[c - 1] : left_edge;
    const T right = c + 1 < kColumns ? centre.v[c + 1] : right_edge;
    const T updated = five_point(centre.v[c], left, right, above.v[c], below.v[c]);
    produced.v[c] = border_row ? centre.v[c] : updated;
  }
  if constexpr (kColumnEdges) {
    STENCIL_UNROLL
    for (int c = 0; c < kColumns; ++c)
      produced.v[c] = column_border[c] ? centre.v[c] : produced.v[c];
  }
}

// A pinned tile's border cell (tile_placement.hpp): column 0 or cols - 1, at column kColumn of
// the run of the lane that `keep` marks. Its centre stays; one select per level in place of one
// per cell.
template <int kColumn, class Run>
STENCIL_HOST_DEVICE inline void keep_border_cell(const Run& centre, bool keep, Run& produced) {
#if defined(__CUDA_ARCH__)
  // On the device the select is bitwise, one lop3 per 32-bit word ((kept & mask) | (computed &
  // ~mask) is truth table 0xE4), in inline PTX so that neither the compiler nor ptxas makes it a
  // floating-point select again: ptxas schedules an FSEL right behind the level's last update,
  // and the fp32 walk with it runs 0.94 of the walk with the lop3 (docs/stream-and-temporal.md).
  using Cell = std::remove_cv_t<std::remove_reference_t<decltype(produced.v[0])>>;
  constexpr int kWords = static_cast<int>(sizeof(Cell) / sizeof(unsigned));
  const unsigned mask = keep ? ~0u : 0u;
  unsigned kept[kWords];
  unsigned computed[kWords];
  memcpy(kept, &centre.v[kColumn], sizeof(Cell));
  memcpy(computed, &produced.v[kColumn], sizeof(Cell));
  for (int w = 0; w < kWords; ++w)
    asm("lop3.b32 %0, %1, %2, %3, 0xE4;"
        : "=r"(computed[w])
        : "r"(kept[w]), "r"(computed[w]), "r"(mask));
  memcpy(&produced.v[kColumn], computed, sizeof(Cell));
#else
  produced.v[kColumn] = keep ? centre.v[kColumn] : produced.v[kColumn];
#endif
}

}  // namespace stencil
