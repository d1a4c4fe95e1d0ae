// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// temporal: k = config.fuse iterations per pass over the grid (temporal blocking), bit-identical
// to k single steps. Each team owns a W x H block of outputs and stages the (W+2k) x (H+2k) input
// region around it in team-private arrays (CUDA shared memory, as in tiled.cpp), then advances
// it k levels, ping-ponging between two arrays: level l is valid on the region shrunk by l cells
// on each side, so after k levels the block itself holds level k. The k-cell rims are recomputed
// by the neighbouring teams instead of exchanged, so teams never wait for each other, and the
// grid crosses memory once per k iterations. Where the two arrays of the whole region would not
// fit a CUDA block's 48 KB of static shared memory (64x32 at depth 8 in fp64), the team advances
// its block in row halves, one after the other (row_parts).
//   for level in 1..k: for each (x, y): next[y][x] = border ? cur[y][x] : five_point(...)
// One parallel region per block; each level is a worksharing loop whose closing barrier makes
// level l complete before level l+1 reads it. Cells outside the grid are skipped; the border
// cells that would read them copy their centre. The loop shapes are the block sizes: 32x32 (the
// default), 64x16, 64x32. The twin of openacc/research/temporal.cpp: the same blocks and levels,
// in team-private arrays where OpenACC needs device slots.
#include <cstddef>

#include "omptarget/kernels.hpp"
#include "stencil/arithmetic.hpp"
#include "stencil/cell_offset.hpp"
#include "stencil/shape_dispatch.hpp"
#include "stencil/variants.hpp"

namespace stencil::omptarget {
namespace {

constexpr int kTeamThreads = 256;
// The team-private bytes a team's two level arrays may take: a CUDA block's 48 KB of static shared
// memory, less what the OpenMP device runtime keeps there.
constexpr std::size_t kTeamMemoryBytes = 46 * 1024;

// The row parts a team advances its W x H block in, one after the other: 1 where the two levels of
// the whole (W+2k) x (H+2k) region fit the team's memory, else halves (64x32 at depth 8 in fp64).
template <int kFuse, int kWidth, int kHeight, class T>
constexpr int row_parts() {
  int parts = 1;
  while (2 * (kWidth + 2 * kFuse) * (kHeight / parts + 2 * kFuse) * sizeof(T) > kTeamMemoryBytes)
    parts *= 2;
  return parts;
}

template <int kFuse, int kWidth, int kHeight, class T>
void temporal_blocks(const T* __restrict in, T* __restrict out, int rows, int cols,
                     bool on_device) {
  constexpr int kParts = row_parts<kFuse, kWidth, kHeight, T>();
  constexpr int kPartHeight = kHeight / kParts;
  static_assert(kPartHeight * kParts == kHeight, "the parts tile the block");
  constexpr int kColumns = kWidth + 2 * kFuse;
  constexpr int kRows = kPartHeight + 2 * kFuse;
  const long cells = static_cast<long>(rows) * cols;
  const int blocks_y = (rows + kHeight - 1) / kHeight;
  const int blocks_x = (cols + kWidth - 1) / kWidth;
#pragma omp target teams distribute collapse(2) thread_limit(kTeamThreads) if (target       \
                                                                               : on_device) \
    map(alloc                                                                               \
        : in [0:cells], out [0:cells])
  for (int by = 0; by < blocks_y; ++by) {
    for (int bx = 0; bx < blocks_x; ++bx) {
      T even[kRows][kColumns];  // levels 0, 2, 4, ...; team-private: CUDA shared memory
      T odd[kRows][kColumns];   // levels 1, 3, 5, ...
      for (int part = 0; part < kParts; ++part) {
        const int y0 = by * kHeight + part * kPartHeight - kFuse;  // the region's first grid row
        const int x0 = bx * kWidth - kFuse;
#pragma omp parallel num_threads(kTeamThreads)
        {
#pragma omp for collapse(2)
          for (int sy = 0; sy < kRows; ++sy) {
            for (int sx = 0; sx < kColumns; ++sx) {
              even[sy][sx] = in[cell_offset(clamp_index(y0 + sy, 0, rows - 1),
                                            clamp_index(x0 + sx, 0, cols - 1), cols)];
            }
          }
          for (int level = 1; level <= kFuse; ++level) {
            T(*from)[kColumns] = level % 2 == 1 ? even : odd;
            T(*to)[kColumns] = level % 2 == 1 ? odd : even;
#pragma omp for collapse(2)
            for (int sy = level; sy < kRows - level; ++sy) {
              for (int sx = level; sx < kColumns - level; ++sx) {
                const int y = y0 + sy;
                const int x = x0 + sx;
                if (y >= 0 && y < rows && x >= 0 && x < cols) {
                  to[sy][sx] = is_border_2d(x, y, cols, rows)
                                   ? from[sy][sx]
                                   : five_point(from[sy][sx], from[sy][sx - 1], from[sy][sx + 1],
                                                from[sy - 1][sx], from[sy + 1][sx]);
                }
              }
            }
          }
          T(*result)[kColumns] = kFuse % 2 == 0 ? even : odd;
#pragma omp for collapse(2) nowait
          for (int sy = kFuse; sy < kFuse + kPartHeight; ++sy) {
            for (int sx = kFuse; sx < kFuse + kWidth; ++sx) {
              const int y = y0 + sy;
              const int x = x0 + sx;
              if (y < rows && x < cols)
                out[cell_offset(y, x, cols)] = result[sy][sx];
            }
          }
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

}  // namespace stencil::omptarget
