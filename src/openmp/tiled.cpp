// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// tiled (cache blocking): the grid is walked in tiles of kTileColumns x kTileRows outputs, row by
// row inside a tile, so the three input rows a tile row needs (3 x 4 KiB) stay in L1 and each
// input is fetched from memory about once however wide the grid is. Threads take whole bands of
// tile rows (static schedule, contiguous rows: grid_buffer.cpp's first touch). The CUDA/Kokkos
// form stages a 34x10 tile in shared memory; a CPU's cache does that staging itself, so copying
// into a local tile would only add traffic.
#include "openmp/kernels.hpp"
#include "openmp/row_update.hpp"

namespace stencil::openmp {
namespace {

// 4 KiB of a row in either precision (1024 floats, 512 doubles): long enough for the hardware
// prefetcher, and three of them stay in L1.
constexpr int kTileRowBytes = 4096;
template <class T>
constexpr int kTileColumns = kTileRowBytes / static_cast<int>(sizeof(T));
constexpr int kTileRows = 64;

}  // namespace

template <class T>
void tiled_step(const T* in, T* out, ArrayExtent extent, const RunConfig& /*config*/) {
  constexpr int kColumns = kTileColumns<T>;
  const int rows = extent.rows;
  const int cols = extent.cols;
  const int tile_rows = (rows + kTileRows - 1) / kTileRows;
#pragma omp parallel for schedule(static)
  for (int ty = 0; ty < tile_rows; ++ty) {
    const int y_end = (ty + 1) * kTileRows < rows ? (ty + 1) * kTileRows : rows;
    for (int x0 = 0; x0 < cols; x0 += kColumns) {
      const int x_end = x0 + kColumns < cols ? x0 + kColumns : cols;
      for (int y = ty * kTileRows; y < y_end; ++y) {
        update_row_2d(row_above(in, y, cols), grid_row(in, y, cols), row_below(in, y, rows, cols),
                      out + static_cast<long>(y) * cols, y, rows, cols, x0, x_end);
      }
    }
  }
}

STENCIL_ELEMENT_TYPES(STENCIL_OPENMP_INSTANTIATE_STEP, tiled)

}  // namespace stencil::openmp
