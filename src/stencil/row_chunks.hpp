// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The row-chunk contract of strip, rolling, doublebuf*, stream and temporal, shared by the Kokkos
// and CUDA kernels and the host code that sizes their launches: n rows split into `chunks` chunks
// of ceil(n / chunks) rows each. The chunks together cover every row exactly once for any n >= 1;
// when ceil(n / chunks) * chunks > n the last chunks can be shorter or empty.
#pragma once

#include "stencil/arithmetic.hpp"

namespace stencil {

// Rows [begin, end) owned by one chunk. An empty chunk has begin >= end: its team or block has
// nothing to do and must return as a whole (it must not reach a barrier the others wait on).
struct RowChunk {
  int begin;
  int end;
  STENCIL_HOST_DEVICE bool empty() const { return begin >= end; }
  STENCIL_HOST_DEVICE int rows() const { return begin < end ? end - begin : 0; }
};

// Rows each chunk owns.
STENCIL_HOST_DEVICE inline int rows_per_chunk(int n, int chunks) {
  return (n + chunks - 1) / chunks;
}

// Chunk `chunk` (0-based) of n rows split into `chunks` chunks.
STENCIL_HOST_DEVICE inline RowChunk row_chunk(int n, int chunks, int chunk) {
  const int rows = rows_per_chunk(n, chunks);
  const int begin = chunk * rows;
  const int end = begin + rows < n ? begin + rows : n;
  return RowChunk{begin, end};
}

// The chunk count of a launch of `column_blocks` x chunks blocks that keeps a GPU's block slots
// busiest, `wave` blocks being resident at once, with at least `min_rows` rows per chunk. One
// wave of whole chunks where it fills 95% of the slots (a second, partial wave would take as long
// as the first). Where one wave leaves more idle, because the column-block count is a poor
// divisor of the wave (N = 60000 and 120000: 59 x 6 and 118 x 3 = 354 of 396 on the H200), the
// count of whole waves, up to four, whose blocks fill their slots best, the fewer waves where
// more would fill under 1% better: 118 x 10 = 1180 of 3 x 396.
inline int wave_filling_chunks(int wave, int column_blocks, int rows, int min_rows) {
  const int most = rows / min_rows > 1 ? rows / min_rows : 1;
  auto chunks_for = [&](int waves) {
    const int fit = waves * wave / column_blocks;
    const int chunks = fit < most ? fit : most;
    return chunks > 1 ? chunks : 1;
  };
  auto fill = [&](int chunks, int waves) {
    return static_cast<double>(column_blocks) * chunks / (static_cast<double>(waves) * wave);
  };
  int best = chunks_for(1);
  double best_fill = fill(best, 1);
  if (best_fill >= 0.95 || best == most)
    return best;
  for (int waves = 2; waves <= 4; ++waves) {
    const int chunks = chunks_for(waves);
    if (fill(chunks, waves) > best_fill + 0.01) {
      best = chunks;
      best_fill = fill(chunks, waves);
    }
  }
  return best;
}

}  // namespace stencil
