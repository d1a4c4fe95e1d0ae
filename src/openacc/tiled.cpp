// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// tiled: each gang stages a W x H block of outputs plus its one-cell halo in a tile of its own,
// then computes the block from it.
//   for each block: tile = in[oy-1 .. oy+H][ox-1 .. ox+W] (clamped); out = five_point on tile
// The two vector loops end in a gang-wide barrier, so the whole tile is loaded before any output
// reads a neighbour. The loop shapes are the block sizes (W x H outputs, W x H vector lanes):
//   32x8 (the CUDA twin's block, the default), 64x4, 32x16, 64x8.
//
// The tile is not a gang-private array (an array declared in the gang loop's body, or named in
// its `private` clause), which GCC 12 would place in CUDA shared memory: GCC 12 also keeps a copy
// of such an array in the kernel's frame, and at the start of every vector loop each lane copies
// the whole frame from the gang's broadcast buffer (1,360 bytes per lane for 32x8), which makes
// the kernel a hundred times slower than the naive one. The `cache` directive would say the same
// thing about `in`, but GCC 12 accepts it and does nothing. So, as in temporal.cpp, each gang
// works in its own slot of a device array (`declare create`: allocated when the program loads),
// which its lanes write and read through L1, and walks the blocks slot, slot + slots, ... in
// turn. The kernel then has no frame, and a vector loop's start broadcasts only the loop's
// scalars.
#include <type_traits>

#include "openacc/kernels.hpp"
#include "stencil/arithmetic.hpp"
#include "stencil/cell_offset.hpp"

namespace stencil::openacc {
namespace {

constexpr int kGangSlots = 1024;              // gangs in flight: about 8 per SM of an H200
constexpr int kMaxTile = (64 + 2) * (8 + 2);  // the largest shape's tile, halo included
// One slot array per element type.
float tile_slots_fp32[kGangSlots][kMaxTile];   // 2.7 MB
double tile_slots_fp64[kGangSlots][kMaxTile];  // 5.4 MB
#pragma acc declare create(tile_slots_fp32, tile_slots_fp64)

// Gang slot `slot`'s tile of cells of type T.
template <class T>
T* tile_slot(int slot) {
  if constexpr (std::is_same_v<T, double>)
    return tile_slots_fp64[slot];
  else
    return tile_slots_fp32[slot];
}

template <int kWidth, int kHeight, class T>
void tiled_blocks(const T* __restrict in, T* __restrict out, int rows, int cols, bool on_device) {
  constexpr int kColumns = kWidth + 2;
  constexpr int kRows = kHeight + 2;
  static_assert(kColumns * kRows <= kMaxTile, "a tile fits its slot");
  const long cells = static_cast<long>(rows) * cols;
  const int blocks_y = (rows + kHeight - 1) / kHeight;
  const int blocks_x = (cols + kWidth - 1) / kWidth;
  // An int block index: a grid of 2^31 blocks would be half a terabyte. A long one costs the
  // kernel 12 registers and a third of its speed on the H200.
  const int blocks = blocks_y * blocks_x;
  const int slots = blocks < kGangSlots ? blocks : kGangSlots;
#pragma acc parallel loop gang num_gangs(slots) vector_length(kWidth* kHeight) if (on_device) \
    present(in [0:cells], out [0:cells]) async(kStepQueue)
  for (int slot = 0; slot < slots; ++slot) {
#pragma acc loop seq
    for (int block = slot; block < blocks; block += slots) {
      T* const tile = tile_slot<T>(slot);  // kRows x kColumns, row-major
      const int oy = block / blocks_x * kHeight;
      const int ox = block % blocks_x * kWidth;
      // Clamped: the halo past the grid's edge holds a value, which border cells never read.
#pragma acc loop vector collapse(2)
      for (int sy = 0; sy < kRows; ++sy) {
        for (int sx = 0; sx < kColumns; ++sx) {
          tile[sy * kColumns + sx] = in[cell_offset(clamp_index(oy + sy - 1, 0, rows - 1),
                                                    clamp_index(ox + sx - 1, 0, cols - 1), cols)];
        }
      }
#pragma acc loop vector collapse(2)
      for (int ty = 1; ty <= kHeight; ++ty) {
        for (int tx = 1; tx <= kWidth; ++tx) {
          const int x = ox + tx - 1;
          const int y = oy + ty - 1;
          const int t = ty * kColumns + tx;
          if (x < cols && y < rows) {
            out[cell_offset(y, x, cols)] = is_border_2d(x, y, cols, rows)
                                               ? tile[t]
                                               : five_point(tile[t], tile[t - 1], tile[t + 1],
                                                            tile[t - kColumns], tile[t + kColumns]);
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

}  // namespace stencil::openacc
