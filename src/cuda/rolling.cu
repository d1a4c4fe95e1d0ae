// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// rolling (lesson 000 solution): the strip contract, with the vertical window rolled through
// registers. Per step the only global read is row y+1; rows y-1 and y are already in this
// thread's registers. The shared row publishes row y for the x neighbours, which live in other
// threads; its footprint does not grow with the strip height.
#include "cuda/kernels.hpp"
#include "cuda/runtime/check.hpp"
#include "cuda/strip_column.cuh"
#include "stencil/arithmetic.hpp"
#include "stencil/cell_offset.hpp"
#include "stencil/row_chunks.hpp"
#include "stencil/variants.hpp"

namespace stencil::cuda {

template <class T>
__global__ void __launch_bounds__(kStripWidth)
    rolling_kernel(const T* __restrict__ in, T* __restrict__ out, int rows, int cols) {
  __shared__ T row[kStripWidth + 2];
  const auto [x, cx, sx, xl, xr] = strip_column(cols);

  // The chunk comes from the launched grid (row_chunks.hpp), so the chunks cover every row.
  const RowChunk chunk = row_chunk(rows, static_cast<int>(gridDim.y), static_cast<int>(blockIdx.y));
  if (chunk.empty())
    return;  // whole block: trailing chunks can be empty
  const int y0 = chunk.begin;
  const int y_end = chunk.end;

  // Row y's base pointers, 64-bit, advanced by one row per step; the columns and rows y-1 and y+1
  // are 32-bit offsets from them (computing the base from y at every step took 7 more registers).
  const T* in_row = in + row_offset(y0, cols);
  T* out_row = out + row_offset(y0, cols);
  T above = y0 > 0 ? in_row[cx - cols] : T(0);
  T centre = in_row[cx];
  for (int y = y0; y < y_end; ++y, in_row += cols, out_row += cols) {
    const T below = y + 1 < rows ? in_row[cx + cols] : T(0);  // the one new global read
    row[sx] = centre;
    if (threadIdx.x == 0)
      row[0] = in_row[xl];
    if (threadIdx.x == kStripWidth - 1)
      row[kStripWidth + 1] = in_row[xr];
    __syncthreads();  // the row is published before anyone reads a neighbour
    if (x < cols) {
      out[row_offset(y, cols) + x] =
          is_border_2d(x, y, cols, rows)
              ? centre
              : five_point(centre, row[sx - 1], row[sx + 1], above, below);
    }
    __syncthreads();  // everyone is done reading the row before it is overwritten
    above = centre;   // roll the window: y becomes y-1, y+1 becomes y
    centre = below;
  }
}

template <class T>
void launch_rolling(const T* in, T* out, int rows, int cols, int chunks, cudaStream_t queue) {
  rolling_kernel<<<strip_grid(cols, chunks), kStripWidth, 0, queue>>>(in, out, rows, cols);
  check_launch("rolling_kernel launch");
}

#define STENCIL_INSTANTIATE(unused, T) \
  template void launch_rolling<T>(const T*, T*, int, int, int, cudaStream_t);
STENCIL_ELEMENT_TYPES(STENCIL_INSTANTIATE, )
#undef STENCIL_INSTANTIATE

}  // namespace stencil::cuda
