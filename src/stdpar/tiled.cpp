// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// tiled (cache blocking): one index per tile of kTileColumns x kTileRows outputs, walked row by
// row inside the tile, so the three input rows a tile row needs stay in L1 and each input is
// fetched from memory about once however wide the grid is. The parallel algorithm hands whole
// tiles to its threads; a CPU's cache does the staging the device form does in shared memory.
#include <algorithm>
#include <execution>

#include "stdpar/kernels.hpp"
#include "stdpar/row_update.hpp"
#include "stdpar/runtime/index_range.hpp"

namespace stencil::stdpar {
namespace {

// 4 KiB of a row in either precision (1024 floats, 512 doubles): long enough for the prefetcher,
// and three of them stay in L1.
constexpr std::int64_t kTileRowBytes = 4096;
template <class T>
constexpr std::int64_t kTileColumns = kTileRowBytes / static_cast<std::int64_t>(sizeof(T));
constexpr std::int64_t kTileRows = 64;

}  // namespace

template <class T>
void tiled_step(const T* in, T* out, ArrayExtent extent, const RunConfig& /*config*/) {
  constexpr std::int64_t kColumns = kTileColumns<T>;
  const std::int64_t rows = extent.rows;
  const std::int64_t cols = extent.cols;
  const std::int64_t tiles_x = (cols + kColumns - 1) / kColumns;
  const std::int64_t tiles_y = (rows + kTileRows - 1) / kTileRows;
  const IndexRange tiles{tiles_x * tiles_y};
  std::for_each(std::execution::par_unseq, tiles.begin(), tiles.end(), [=](std::int64_t tile) {
    const std::int64_t y0 = tile / tiles_x * kTileRows;
    const std::int64_t x0 = tile % tiles_x * kColumns;
    const std::int64_t y_end = std::min(y0 + kTileRows, rows);
    const std::int64_t x_end = std::min(x0 + kColumns, cols);
    for (std::int64_t y = y0; y < y_end; ++y)
      update_row_2d(in, out, y, rows, cols, x0, x_end);
  });
}

STENCIL_ELEMENT_TYPES(STENCIL_STDPAR_INSTANTIATE_STEP, tiled)

}  // namespace stencil::stdpar
