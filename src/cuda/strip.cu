// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// strip (lesson 000 starter): a 256x1x1 block owns a 256-column strip and one chunk of rows and
// walks it top to bottom, re-reading rows y-1, y and y+1 from global memory at every step. The
// x neighbours come from a static 258-cell shared row.
#include "cuda/kernels.hpp"
#include "cuda/runtime/check.hpp"
#include "cuda/strip_column.cuh"
#include "stencil/arithmetic.hpp"
#include "stencil/cell_offset.hpp"
#include "stencil/row_chunks.hpp"
#include "stencil/variants.hpp"

namespace stencil::cuda {

// No __restrict__ here, on purpose: with it the compiler may keep rows y and y+1 from one step
// to the next (the input provably never changes), quietly turning the starter into a partial
// rolling window. Measured on the H200 with __restrict__: 747M sectors instead of the contract's
// 852M. Without it, the stores to `out` may alias `in`, so every step re-reads its three rows,
// which is exactly the waste this starter exists to show.
template <class T, class Index>  // Index: the offset type (cell_offset.hpp)
__global__ void __launch_bounds__(kStripWidth)
    strip_kernel(const T* in, T* out, int rows, int cols) {
  __shared__ T row[kStripWidth + 2];
  const auto [x, cx, sx, xl, xr] = strip_column(cols);

  // The chunk comes from the launched grid (row_chunks.hpp), so the chunks cover every row.
  const RowChunk chunk = row_chunk(rows, static_cast<int>(gridDim.y), static_cast<int>(blockIdx.y));
  if (chunk.empty())
    return;  // whole block: trailing chunks can be empty
  const int y0 = chunk.begin;
  const int y_end = chunk.end;

  for (int y = y0; y < y_end; ++y) {
    const T above = y > 0 ? in[cell_offset<Index>(y - 1, cx, cols)] : T(0);
    const T centre = in[cell_offset<Index>(y, cx, cols)];
    const T below = y + 1 < rows ? in[cell_offset<Index>(y + 1, cx, cols)] : T(0);
    row[sx] = centre;
    if (threadIdx.x == 0)
      row[0] = in[cell_offset<Index>(y, xl, cols)];
    if (threadIdx.x == kStripWidth - 1)
      row[kStripWidth + 1] = in[cell_offset<Index>(y, xr, cols)];
    __syncthreads();  // the row is published before anyone reads a neighbour
    if (x < cols) {
      out[cell_offset<Index>(y, x, cols)] =
          is_border_2d(x, y, cols, rows)
              ? centre
              : five_point(centre, row[sx - 1], row[sx + 1], above, below);
    }
    __syncthreads();  // everyone is done reading the row before it is overwritten
  }
}

template <class T>
void launch_strip(const T* in, T* out, int rows, int cols, int chunks, cudaStream_t queue) {
  const dim3 grid = strip_grid(cols, chunks);
  if (offsets_fit_int(rows, cols))
    strip_kernel<T, int><<<grid, kStripWidth, 0, queue>>>(in, out, rows, cols);
  else
    strip_kernel<T, std::int64_t><<<grid, kStripWidth, 0, queue>>>(in, out, rows, cols);
  check_launch("strip_kernel launch");
}

#define STENCIL_INSTANTIATE(unused, T) \
  template void launch_strip<T>(const T*, T*, int, int, int, cudaStream_t);
STENCIL_ELEMENT_TYPES(STENCIL_INSTANTIATE, )
#undef STENCIL_INSTANTIATE

}  // namespace stencil::cuda
