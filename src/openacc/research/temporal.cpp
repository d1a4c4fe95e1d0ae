// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// temporal: k = config.fuse iterations per pass over the grid (temporal blocking), bit-identical
// to k single steps. A gang stages the (W+2k) x (H+2k) input region around a W x H block of
// outputs and advances it k levels, ping-ponging between two level buffers: level l is valid on
// the region shrunk by l cells on each side, so after k levels the block itself holds level k.
// The k-cell rims are recomputed by the neighbouring blocks instead of exchanged, so gangs never
// wait for each other, and the grid crosses memory once per k iterations.
//   for level in 1..k: for each (x, y): next[y][x] = border ? cur[y][x] : five_point(...)
// Every level is a vector loop, and a vector loop ends in a gang-wide barrier: level l is
// complete before level l+1 reads it. Cells outside the grid are skipped; the border cells that
// would read them copy their centre. The loop shapes are the block sizes: 32x32 (the default),
// 64x16, 64x32. The twin of omptarget/research/temporal.cpp: the same blocks and levels, in
// per-gang device slots where OpenMP target keeps team-private arrays (below says why).
//
// The level buffers are not gang-private arrays (CUDA shared memory, as in tiled.cpp): GCC 12
// gives every gang-private array of the program its own slice of one shared-memory buffer (the
// offsets add up over all offloaded functions instead of being reused per kernel), and it keeps a
// copy of each such array in the kernel's frame, which it broadcasts through shared memory too.
// The twelve depth x shape instantiations would ask for 262 KB of the 48 KB a kernel may have in
// float alone, and ptxas refuses the whole offload image then. So each gang works in its own slot
// of a device array (`declare create`: allocated when the program loads, one per element type),
// which its lanes read and write through L1, and walks the blocks slot, slot + slots, ... in turn.
#include <type_traits>

#include "openacc/kernels.hpp"
#include "stencil/arithmetic.hpp"
#include "stencil/cell_offset.hpp"
#include "stencil/shape_dispatch.hpp"
#include "stencil/variants.hpp"

namespace stencil::openacc {
namespace {

constexpr int kGangSlots = 1024;  // gangs in flight: about 8 per SM of an H200
constexpr int kMaxFuse = 8;
constexpr int kMaxRegion = (64 + 2 * kMaxFuse) * (32 + 2 * kMaxFuse);  // the largest shape's
// Two level buffers per gang slot, one slot array per element type.
float level_buffers_fp32[kGangSlots][2][kMaxRegion];   // 31 MB
double level_buffers_fp64[kGangSlots][2][kMaxRegion];  // 63 MB
#pragma acc declare create(level_buffers_fp32, level_buffers_fp64)

// Gang slot `slot`'s level buffer `parity` (0: even levels, 1: odd) of cells of type T.
template <class T>
T* level_buffer(int slot, int parity) {
  if constexpr (std::is_same_v<T, double>)
    return level_buffers_fp64[slot][parity];
  else
    return level_buffers_fp32[slot][parity];
}

template <int kFuse, int kWidth, int kHeight, class T>
void temporal_blocks(const T* __restrict in, T* __restrict out, int rows, int cols,
                     bool on_device) {
  constexpr int kColumns = kWidth + 2 * kFuse;
  constexpr int kRows = kHeight + 2 * kFuse;
  static_assert(kFuse <= kMaxFuse && kColumns * kRows <= kMaxRegion, "a region fits its slot");
  const long cells = static_cast<long>(rows) * cols;
  const int blocks_y = (rows + kHeight - 1) / kHeight;
  const int blocks_x = (cols + kWidth - 1) / kWidth;
  const long blocks = static_cast<long>(blocks_y) * blocks_x;
  const int slots = blocks < kGangSlots ? static_cast<int>(blocks) : kGangSlots;
#pragma acc parallel loop gang num_gangs(slots) vector_length(256) if (on_device) \
    present(in [0:cells], out [0:cells]) async(kStepQueue)
  for (int slot = 0; slot < slots; ++slot) {
#pragma acc loop seq
    for (long block = slot; block < blocks; block += slots) {
      T* const even = level_buffer<T>(slot, 0);                             // levels 0, 2, 4, ...
      T* const odd = level_buffer<T>(slot, 1);                              // levels 1, 3, 5, ...
      const int y0 = static_cast<int>(block / blocks_x) * kHeight - kFuse;  // region's first row
      const int x0 = static_cast<int>(block % blocks_x) * kWidth - kFuse;
#pragma acc loop vector collapse(2)
      for (int sy = 0; sy < kRows; ++sy) {
        for (int sx = 0; sx < kColumns; ++sx) {
          even[sy * kColumns + sx] = in[cell_offset(clamp_index(y0 + sy, 0, rows - 1),
                                                    clamp_index(x0 + sx, 0, cols - 1), cols)];
        }
      }
#pragma acc loop seq
      for (int level = 1; level <= kFuse; ++level) {
        const T* const from = level % 2 == 1 ? even : odd;
        T* const to = level % 2 == 1 ? odd : even;
#pragma acc loop vector collapse(2)
        for (int sy = level; sy < kRows - level; ++sy) {
          for (int sx = level; sx < kColumns - level; ++sx) {
            const int y = y0 + sy;
            const int x = x0 + sx;
            const int s = sy * kColumns + sx;
            if (y >= 0 && y < rows && x >= 0 && x < cols) {
              to[s] = is_border_2d(x, y, cols, rows)
                          ? from[s]
                          : five_point(from[s], from[s - 1], from[s + 1], from[s - kColumns],
                                       from[s + kColumns]);
            }
          }
        }
      }
      const T* const result = kFuse % 2 == 0 ? even : odd;
#pragma acc loop vector collapse(2)
      for (int sy = kFuse; sy < kFuse + kHeight; ++sy) {
        for (int sx = kFuse; sx < kFuse + kWidth; ++sx) {
          const int y = y0 + sy;
          const int x = x0 + sx;
          if (y < rows && x < cols)
            out[cell_offset(y, x, cols)] = result[sy * kColumns + sx];
        }
      }
    }
  }
}

template <int kFuse, class T>
void temporal_at_depth(const T* in, T* out, ArrayExtent extent, Launch launch) {
  switch (launch.loop_shape) {
    case 1:
      return temporal_blocks<kFuse, 64, 16>(in, out, extent.rows, extent.cols, launch.on_device);
    case 2:
      return temporal_blocks<kFuse, 64, 32>(in, out, extent.rows, extent.cols, launch.on_device);
    default:
      return temporal_blocks<kFuse, 32, 32>(in, out, extent.rows, extent.cols, launch.on_device);
  }
}

}  // namespace

std::vector<std::string_view> temporal_loop_shapes() {
  return {"32x32", "64x16", "64x32"};
}

template <class T>
void temporal_step(const T* in, T* out, ArrayExtent extent, const RunConfig& config,
                   Launch launch) {
  // The instantiation of config.fuse's depth (check_config() admits only kFuseDepths).
  const auto step = pick_instantiation<kFuseDepths>(
      config.fuse, [](auto depth) { return &temporal_at_depth<decltype(depth)::value, T>; });
  step(in, out, extent, launch);
}

STENCIL_ELEMENT_TYPES(STENCIL_DIRECTIVE_INSTANTIATE_STEP, temporal)

}  // namespace stencil::openacc
