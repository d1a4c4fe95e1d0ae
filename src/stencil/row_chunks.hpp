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

}  // namespace stencil
