// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// tiled: each gang stages a W x H block of outputs plus its one-cell halo in a gang-private
// array, then computes the block from it.
//   for each block: tile = in[oy-1 .. oy+H][ox-1 .. ox+W] (clamped); out = five_point on tile
// OpenACC's own way to stage data per gang is a gang-private array: GCC places an array declared
// in a gang loop's body in CUDA shared memory (`__gang_private_shared` in the PTX). The `cache`
// directive would say the same thing about `in`, but GCC 12 accepts it and does nothing. The two
// vector loops end in a gang-wide barrier, so the whole tile is loaded before any output reads
// a neighbour. The loop shapes are the block sizes (W x H outputs, W x H vector lanes):
//   32x8 (the CUDA twin's block, the default), 64x4, 32x16, 64x8.
#include "openacc/kernels.hpp"
#include "stencil/arithmetic.hpp"
#include "stencil/cell_offset.hpp"

namespace stencil::openacc {
namespace {

template <int kWidth, int kHeight>
void tiled_blocks(const Element* __restrict in, Element* __restrict out, int rows, int cols,
                  bool on_device) {
  constexpr int kColumns = kWidth + 2;
  constexpr int kRows = kHeight + 2;
  const long cells = static_cast<long>(rows) * cols;
  const int blocks_y = (rows + kHeight - 1) / kHeight;
  const int blocks_x = (cols + kWidth - 1) / kWidth;
#pragma acc parallel loop gang collapse(2) vector_length(kWidth* kHeight) if (on_device) \
    present(in [0:cells], out [0:cells])
  for (int by = 0; by < blocks_y; ++by) {
    for (int bx = 0; bx < blocks_x; ++bx) {
      Element tile[kRows][kColumns];  // gang-private: CUDA shared memory
      const int oy = by * kHeight;
      const int ox = bx * kWidth;
      // Clamped: the halo past the grid's edge holds a value, which border cells never read.
#pragma acc loop vector collapse(2)
      for (int sy = 0; sy < kRows; ++sy) {
        for (int sx = 0; sx < kColumns; ++sx) {
          tile[sy][sx] = in[cell_offset(clamp_index(oy + sy - 1, 0, rows - 1),
                                        clamp_index(ox + sx - 1, 0, cols - 1), cols)];
        }
      }
#pragma acc loop vector collapse(2)
      for (int ty = 1; ty <= kHeight; ++ty) {
        for (int tx = 1; tx <= kWidth; ++tx) {
          const int x = ox + tx - 1;
          const int y = oy + ty - 1;
          if (x < cols && y < rows) {
            out[cell_offset(y, x, cols)] =
                is_border_2d(x, y, cols, rows)
                    ? tile[ty][tx]
                    : five_point(tile[ty][tx], tile[ty][tx - 1], tile[ty][tx + 1], tile[ty - 1][tx],
                                 tile[ty + 1][tx]);
          }
        }
      }
    }
  }
}

}  // namespace

std::vector<std::string_view> tiled_loop_shapes() {
  return {"32x8", "64x4", "32x16", "64x8"};
}

void tiled_step(const Element* in, Element* out, ArrayExtent shape, const RunConfig& /*config*/,
                Launch launch) {
  switch (launch.loop_shape) {
    case 1:
      return tiled_blocks<64, 4>(in, out, shape.rows, shape.cols, launch.on_device);
    case 2:
      return tiled_blocks<32, 16>(in, out, shape.rows, shape.cols, launch.on_device);
    case 3:
      return tiled_blocks<64, 8>(in, out, shape.rows, shape.cols, launch.on_device);
    default:
      return tiled_blocks<32, 8>(in, out, shape.rows, shape.cols, launch.on_device);
  }
}

}  // namespace stencil::openacc
