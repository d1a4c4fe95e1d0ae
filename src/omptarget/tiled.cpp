// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// tiled: each team stages a W x H block of outputs plus its one-cell halo in a team-private
// array, then computes the block from it.
//   for each block: tile = in[oy-1 .. oy+H][ox-1 .. ox+W] (clamped); out = five_point on tile
// The tile is declared in the body of the `teams distribute` loop, so it is private to the team
// and shared by the team's threads. clang places it in CUDA shared memory ("Replaced globalized
// variable with ... bytes of shared memory", -Rpass=openmp-opt) and turns the kernel into SPMD
// mode. `#pragma omp allocate(tile) allocator(omp_pteam_mem_alloc)` would say the same
// explicitly, but libomp's host fallback has no such allocator: it warns on every team and
// allocates from the heap. The worksharing loop that loads the tile ends in the region's
// barrier, so the whole tile is loaded before any output reads a neighbour. The loop shapes are
// the block sizes (W x H outputs, W x H threads): 32x8 (the CUDA twin's block, the default),
// 64x4, 32x16, 64x8.
#include "omptarget/kernels.hpp"
#include "stencil/arithmetic.hpp"
#include "stencil/cell_offset.hpp"

namespace stencil::omptarget {
namespace {

template <int kWidth, int kHeight, class T>
void tiled_blocks(const T* __restrict in, T* __restrict out, int rows, int cols, bool on_device) {
  constexpr int kColumns = kWidth + 2;
  constexpr int kRows = kHeight + 2;
  const long cells = static_cast<long>(rows) * cols;
  const int blocks_y = (rows + kHeight - 1) / kHeight;
  const int blocks_x = (cols + kWidth - 1) / kWidth;
#pragma omp target teams distribute collapse(2) thread_limit(kWidth* kHeight) if (target       \
                                                                                  : on_device) \
    map(alloc                                                                                  \
        : in [0:cells], out [0:cells])
  for (int by = 0; by < blocks_y; ++by) {
    for (int bx = 0; bx < blocks_x; ++bx) {
      T tile[kRows][kColumns];  // team-private: CUDA shared memory
      const int oy = by * kHeight;
      const int ox = bx * kWidth;
#pragma omp parallel num_threads(kWidth* kHeight)
      {
        // Clamped: the halo past the grid's edge holds a value, which border cells never read.
#pragma omp for collapse(2)
        for (int sy = 0; sy < kRows; ++sy) {
          for (int sx = 0; sx < kColumns; ++sx) {
            tile[sy][sx] = in[cell_offset(clamp_index(oy + sy - 1, 0, rows - 1),
                                          clamp_index(ox + sx - 1, 0, cols - 1), cols)];
          }
        }
#pragma omp for collapse(2) nowait
        for (int ty = 1; ty <= kHeight; ++ty) {
          for (int tx = 1; tx <= kWidth; ++tx) {
            const int x = ox + tx - 1;
            const int y = oy + ty - 1;
            if (x < cols && y < rows) {
              out[cell_offset(y, x, cols)] =
                  is_border_2d(x, y, cols, rows)
                      ? tile[ty][tx]
                      : five_point(tile[ty][tx], tile[ty][tx - 1], tile[ty][tx + 1],
                                   tile[ty - 1][tx], tile[ty + 1][tx]);
            }
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

template <class T>
void tiled_step(const T* in, T* out, ArrayExtent extent, const RunConfig& /*config*/,
                Launch launch) {
  switch (launch.loop_shape) {
    case 1:
      return tiled_blocks<64, 4>(in, out, extent.rows, extent.cols, launch.on_device);
    case 2:
      return tiled_blocks<32, 16>(in, out, extent.rows, extent.cols, launch.on_device);
    case 3:
      return tiled_blocks<64, 8>(in, out, extent.rows, extent.cols, launch.on_device);
    default:
      return tiled_blocks<32, 8>(in, out, extent.rows, extent.cols, launch.on_device);
  }
}

STENCIL_ELEMENT_TYPES(STENCIL_DIRECTIVE_INSTANTIATE_STEP, tiled)

}  // namespace stencil::omptarget
