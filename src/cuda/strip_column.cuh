// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The block layout strip and rolling share (lesson 000): a block of kStripWidth threads owns a
// kStripWidth-column strip and one chunk of rows (row_chunks.hpp), a thread per column.
#pragma once

#include <cuda_runtime.h>

#include "stencil/arithmetic.hpp"
#include "stencil/variants.hpp"

namespace stencil::cuda {

// This thread's columns in its block's strip.
struct StripColumn {
  int x;   // its output column (past the grid's edge in a strip the edge cuts)
  int cx;  // the column it loads: a strip cut by the edge repeats its last column
  int sx;  // its place in the shared row, after the one-cell left halo
  int xl;  // the strip's left and right x-halo columns, clamped into the grid
  int xr;
};

// The kernels' own expressions, in their order and with their unsigned index arithmetic: so
// written, nvcc emits the same code as for the lines inline.
__device__ __forceinline__ StripColumn strip_column(int cols) {
  const int x = blockIdx.x * kStripWidth + threadIdx.x;
  const int cx = x < cols ? x : cols - 1;
  const int sx = threadIdx.x + 1;
  const int xl = blockIdx.x * kStripWidth > 0 ? blockIdx.x * kStripWidth - 1 : 0;
  const int xr = clamp_index(blockIdx.x * kStripWidth + kStripWidth, 0, cols - 1);
  return StripColumn{x, cx, sx, xl, xr};
}

// A block per strip and chunk of rows.
inline dim3 strip_grid(int cols, int chunks) {
  return dim3((cols + kStripWidth - 1) / kStripWidth, chunks);
}

}  // namespace stencil::cuda
