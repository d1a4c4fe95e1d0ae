// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The pipelined temporal kernel: k = G x L iterations fused into one pass, the levels split
// between G groups of warps, each group holding L levels in registers and handing its last
// level's rows to the next group through shared memory. Only stencil_temporal_ab runs it, beside
// the form the mini-app ships (src/cuda/research/warp_temporal_kernel.cuh).
//
// Why: temporal_kernel.cuh keeps all k levels of a thread's columns in its own registers, so its
// depth is bounded by the register file (k = 8 needs about 165 registers, one 256-thread block
// per SM, 8 warps to hide each step's barrier) and each step is one chain of k dependent levels.
// Here a thread holds L levels whatever the depth, so the depth grows with the block (16 or 32
// levels in 512 or 1,024 threads) while each warp's chain per step stays L levels long and an SM
// holds 16 to 32 warps.
//
// Shape:
//  * A block has G x W threads. Thread (g, i), g = threadIdx.x / W, owns the c = kColumns
//    consecutive columns first_column + c i .. + c - 1 (one 16-byte vector per thread in fp32 and
//    fp64) at levels g L + 1 .. g L + L. All groups span the same W c input columns; the block
//    outputs the middle W c - 2 h, h = k rounded up to whole threads (each level loses one valid
//    column per side; neighbouring blocks recompute the overlap).
//  * Step s: group g's input level (level g L: the grid's row for g = 0) brings in row
//    s - g (L + 1), and its level g L + t computes the row t below it, from the level under it:
//    above and centre from earlier steps, below from this step. Group g's last level row goes to
//    shared memory and is group g + 1's input row at step s + 1, so no group waits for another
//    within a step: one barrier per step publishes every group's rows.
//  * x neighbours cross threads only at a thread's first and last column: each level publishes
//    those two values per thread, as in temporal_kernel.cuh. A group's input level was published
//    by the group before it, one step earlier than its own levels are.
//  * The windows, the published edges, the hand-off rows and group 0's ring of input rows
//    requested ahead rotate with period 3 and the step loop is unrolled by 3, so rotations are
//    compile-time register names and address offsets.
// Every update is stencil::five_point on exactly the values k single steps use, and border cells
// copy their centre at every level, so the result is bit-identical to k single steps.
#pragma once

#include <cuda_runtime.h>

#include <type_traits>

#include "cuda/research/deep_pass_launch.cuh"
#include "cuda/runtime/dynamic_shared.cuh"
#include "cuda/runtime/vector_access.cuh"
#include "stencil/arithmetic.hpp"
#include "stencil/column_run.hpp"
#include "stencil/row_chunks.hpp"

namespace stencil::cuda::pipelined_temporal {

constexpr int kPeriod = 3;  // window rows per level = buffers per published row = rows ahead

template <class T, int kGroups, int kLevels, int kGroupThreads, int kMinBlocks>
struct Shape {
  using Element = T;
  static constexpr int kColumns = kRunCells<T>;
  static constexpr int kAlignment = kVectorCells<T>;
  static constexpr int kFuse = kGroups * kLevels;
  static constexpr int kThreads = kGroups * kGroupThreads;
  static constexpr int kGroupCount = kGroups;
  static constexpr int kLevelsPerGroup = kLevels;
  static constexpr int kThreadsPerGroup = kGroupThreads;
  static constexpr int kBlocksPerSm = kMinBlocks;
  // Whole threads of overlap keep every block's first column 16-byte aligned.
  static constexpr int kHalo = (kFuse + kColumns - 1) / kColumns * kColumns;
  static constexpr int kBlockInput = kGroupThreads * kColumns;
  static constexpr int kBlockOutput = kBlockInput - 2 * kHalo;
  static_assert(kBlockOutput > 0, "the overlap of a deep pass needs a wider group");
  static_assert(kGroupThreads % 32 == 0, "a group is whole warps, so its role is warp-uniform");
  // One published value per thread with a pad each side; firsts then lasts.
  static constexpr int kPitch = kGroupThreads + 2;
  // Levels 0 .. k - 1 publish edges (level k is only stored).
  static constexpr int kEdgeCells = kFuse * kPeriod * 2 * kPitch;
  static constexpr int kEdgeCellsAligned =
      (kEdgeCells * static_cast<int>(sizeof(T)) + 15) / 16 * 16 / static_cast<int>(sizeof(T));
  // Groups 0 .. G - 2 hand their last level's rows on.
  static constexpr int kHandoffCells = (kGroups - 1) * kPeriod * kBlockInput;
  static constexpr int kSharedCells = kEdgeCellsAligned + kHandoffCells;
  static constexpr int kSharedBytes = kSharedCells * static_cast<int>(sizeof(T));
};

// One block's walk over its chunk of rows. kColumnEdges: some thread holds a border column, a
// column outside the grid, or a row that is not 16-byte aligned.
template <class S, bool kColumnEdges, class T = typename S::Element>
__device__ __forceinline__ void walk_chunk(const T* __restrict__ in, T* __restrict__ out, int rows,
                                           int cols, int first_column, RowChunk chunk, T* shared) {
  constexpr int kColumns = S::kColumns;
  constexpr int kLevels = S::kLevelsPerGroup;
  constexpr int kFuse = S::kFuse;
  constexpr int kPitch = S::kPitch;
  using Cells = ColumnRun<T, kColumns>;
  const int group = static_cast<int>(threadIdx.x) / S::kThreadsPerGroup;
  const int me = static_cast<int>(threadIdx.x) - group * S::kThreadsPerGroup;
  const bool first_group = group == 0;
  const bool last_group = group == S::kGroupCount - 1;
  const int base = group * kLevels;  // this group's input level
  // Level l's firsts for rotation r are at edges + (l * kPeriod + r) * 2 * kPitch, its lasts
  // kPitch further; the group's levels start at its input level.
  T* const my_edges = shared + base * kPeriod * 2 * kPitch;
  auto edges_of = [&](int level_in_group, int rotation) {
    return my_edges + (level_in_group * kPeriod + rotation) * 2 * kPitch;
  };
  T* const handoff_out = shared + S::kEdgeCellsAligned + group * kPeriod * S::kBlockInput +
                         me * kColumns;  // used where !last_group
  const T* const handoff_in = shared + S::kEdgeCellsAligned +
                              (group - 1) * kPeriod * S::kBlockInput + me * kColumns;  // !first

  const int x0 = first_column + me * kColumns;
  const int out_begin = first_column + S::kHalo > 0 ? first_column + S::kHalo : 0;
  const int out_end = first_column + S::kBlockInput - S::kHalo < cols
                          ? first_column + S::kBlockInput - S::kHalo
                          : cols;
  const bool vector_ok =
      !kColumnEdges || ((cols % S::kAlignment == 0) && (x0 & (S::kAlignment - 1)) == 0 && x0 >= 0 &&
                        x0 + kColumns <= cols);
  const bool store_whole = vector_ok && x0 >= out_begin && x0 + kColumns <= out_end;
  bool column_border[kColumns], column_inside[kColumns];
#pragma unroll
  for (int c = 0; c < kColumns; ++c) {
    column_border[c] = x0 + c == 0 || x0 + c == cols - 1;
    column_inside[c] = x0 + c >= 0 && x0 + c < cols;
  }
  const int load_begin = chunk.begin - kFuse > 0 ? chunk.begin - kFuse : 0;
  const int load_end = chunk.end + kFuse < rows ? chunk.end + kFuse : rows;
  auto load_row = [&](Cells& q, int y) {
    if (y < load_begin || y >= load_end)
      return;  // never consumed by a needed cell
    const T* src = in + static_cast<long>(y) * cols + x0;
    if (vector_ok) {
      vector_load_global<false>(src, q.v);
    } else {
#pragma unroll
      for (int c = 0; c < kColumns; ++c) {
        if (column_inside[c])
          q.v[c] = __ldg(src + c);
      }
    }
  };
  auto store_row = [&](const Cells& r, int y) {
    T* dst = out + static_cast<long>(y) * cols + x0;
    if (store_whole) {
      vector_store_global<false>(dst, r.v);
    } else if (kColumnEdges) {
#pragma unroll
      for (int c = 0; c < kColumns; ++c) {
        if (x0 + c >= out_begin && x0 + c < out_end)
          dst[c] = r.v[c];
      }
    }
  };

  // window[t][s % kPeriod]: level base + t's row of step s.
  Cells window[kLevels][kPeriod];
  Cells ring[kPeriod];  // group 0: the input row of step s, requested at step s - kPeriod
  const int lag = group * (kLevels + 1);  // group g's input row at step s is s - lag
  const int s_begin = chunk.begin - kFuse;
  const int steps = chunk.rows() + 2 * kFuse + S::kGroupCount - 1;
  if (first_group) {
#pragma unroll
    for (int a = 0; a < kPeriod; ++a)
      load_row(ring[a], s_begin + a);
  }

  auto step = [&](auto now_constant, auto row_borders_constant, int s) {
    constexpr int now = decltype(now_constant)::value;
    constexpr bool kRowBorders = decltype(row_borders_constant)::value;
    constexpr int previous = (now + kPeriod - 1) % kPeriod;
    constexpr int earlier = (now + kPeriod - 2) % kPeriod;
    const int y_in = s - lag;
    if (first_group) {
      window[0][now] = ring[now];
      load_row(ring[now], s + kPeriod);
    } else {
      vector_load_shared(handoff_in + previous * S::kBlockInput, window[0][now].v);
    }
    Cells last;
#pragma unroll
    for (int t = 1; t <= kLevels; ++t) {
      const Cells& above = window[t - 1][earlier];
      const Cells& centre = window[t - 1][previous];
      const Cells& below = window[t - 1][now];
      // The input level's centre row was published by the group before, a step before this
      // group's own levels publish theirs.
      const T* published = t == 1 ? (first_group ? edges_of(0, previous) : edges_of(0, earlier))
                                  : edges_of(t - 1, previous);
      const T left_edge = published[kPitch + me];
      const T right_edge = published[me + 2];
      Cells& produced = t < kLevels ? window[t < kLevels ? t : 0][now] : last;
      bool row_border = false;
      if constexpr (kRowBorders) {
        const int y = y_in - t;
        row_border = y == 0 || y == rows - 1;
      }
      update_run<kColumnEdges, kColumns>(above, centre, below, left_edge, right_edge,
                                         kRowBorders && row_border, column_border, produced);
    }
    // Publish: group 0 its input level too; every group its levels below the last; the last
    // level's edges and row for the next group, or the output row.
    if (first_group) {
      edges_of(0, now)[me + 1] = window[0][now].v[0];
      edges_of(0, now)[kPitch + me + 1] = window[0][now].v[kColumns - 1];
    }
#pragma unroll
    for (int t = 1; t < kLevels; ++t) {
      edges_of(t, now)[me + 1] = window[t][now].v[0];
      edges_of(t, now)[kPitch + me + 1] = window[t][now].v[kColumns - 1];
    }
    if (!last_group) {
      edges_of(kLevels, now)[me + 1] = last.v[0];
      edges_of(kLevels, now)[kPitch + me + 1] = last.v[kColumns - 1];
      auto* slot = reinterpret_cast<Vector<T>*>(handoff_out + now * S::kBlockInput);
#pragma unroll
      for (int v = 0; v < kColumns / S::kAlignment; ++v)
        slot[v] = pack(last.v + v * S::kAlignment);
    } else {
      const int y_out = y_in - kLevels;
      if (y_out >= chunk.begin && y_out < chunk.end)
        store_row(last, y_out);
    }
    __syncthreads();
  };

  // Rows met at step s: s - l - g for level l = g L + t, from s - 1 to s - k - (G - 1).
  constexpr int kDeepest = kFuse + S::kGroupCount - 1;
  auto meets_border_row = [&](int s_first, int s_last) {
    return (s_last >= 1 && s_first <= kDeepest) ||
           (s_last >= rows && s_first <= rows - 1 + kDeepest);
  };
  for (int s_block = 0; s_block < steps; s_block += kPeriod) {
    const int s = s_begin + s_block;
    auto period = [&](auto row_borders) {
      step(std::integral_constant<int, 0>{}, row_borders, s);
      if (s_block + 1 < steps)  // block-uniform
        step(std::integral_constant<int, 1>{}, row_borders, s + 1);
      if (s_block + 2 < steps)
        step(std::integral_constant<int, 2>{}, row_borders, s + 2);
    };
    if (meets_border_row(s, s + kPeriod - 1))
      period(std::true_type{});
    else
      period(std::false_type{});
  }
}

template <class S, class T = typename S::Element>
__global__ void __launch_bounds__(S::kThreads, S::kBlocksPerSm)
    pipelined_kernel(const T* __restrict__ in, T* __restrict__ out, int rows, int cols) {
  T* shared = dynamic_shared<T>();
  const RowChunk chunk = row_chunk(rows, static_cast<int>(gridDim.y), static_cast<int>(blockIdx.y));
  if (chunk.empty())
    return;  // whole block: trailing chunks can be empty
  // Pads and rows not yet written are read by cells no output needs; zero them so that every
  // read is of initialised memory.
  for (int i = static_cast<int>(threadIdx.x); i < S::kSharedCells; i += S::kThreads)
    shared[i] = T(0);
  __syncthreads();
  const int first_column = static_cast<int>(blockIdx.x) * S::kBlockOutput - S::kHalo;
  const bool inside = cols % S::kAlignment == 0 && (first_column & (S::kAlignment - 1)) == 0 &&
                      first_column >= 1 && first_column + S::kBlockInput <= cols - 1;
  if (inside)
    walk_chunk<S, false>(in, out, rows, cols, first_column, chunk, shared);
  else
    walk_chunk<S, true>(in, out, rows, cols, first_column, chunk, shared);
}

// One pass of S::kFuse iterations in `chunks` row chunks (0: one wave of resident blocks, chunks
// of at least 64 rows).
template <class S, class T = typename S::Element>
void launch(const T* in, T* out, int rows, int cols, int chunks, cudaStream_t queue) {
  launch_deep_pass<S>(&pipelined_kernel<S>, "pipelined_kernel", in, out, rows, cols,
                      (cols + S::kBlockOutput - 1) / S::kBlockOutput, chunks, queue);
}

}  // namespace stencil::cuda::pipelined_temporal
