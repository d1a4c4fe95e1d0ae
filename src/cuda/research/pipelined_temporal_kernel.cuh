// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The pipelined temporal kernel: k = G x L iterations fused into one pass, the levels split
// between G groups of warps, each group holding L levels in registers and handing its last
// level's rows to the next group through shared memory.
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
//    s - g (a L + 1), and its level g L + t computes the row a t below it, from the level under
//    it, where a = kSkew. At a = 1 above and centre come from earlier steps and below from this
//    step; at a = 2 all three come from earlier steps. Group g's last level row goes to shared
//    memory and is group g + 1's input row at step s + 1, so no group waits for another within a
//    step: one barrier per step publishes every group's rows.
//  * x neighbours cross threads only at a thread's first and last column: each level publishes
//    those two values per thread, as in temporal_kernel.cuh. At a = 1 a group's input level was
//    published by the group before it, one step earlier than its own levels are; at a = 2 each
//    group publishes its input level itself.
//  * The windows, the published edges, the hand-off rows and group 0's ring of input rows
//    requested ahead rotate with period 3 and the step loop is unrolled by 3, so rotations are
//    compile-time register names and address offsets.
// Every update is stencil::five_point on exactly the values k single steps use, and border cells
// copy their centre at every level, so the result is bit-identical to k single steps.
#pragma once

#include <cuda_runtime.h>

#include <type_traits>

#include "cuda/runtime/check.hpp"
#include "cuda/runtime/device_info.hpp"
#include "cuda/runtime/dynamic_shared.cuh"
#include "cuda/runtime/vector_access.cuh"
#include "stencil/arithmetic.hpp"
#include "stencil/row_chunks.hpp"

namespace stencil::cuda::pipelined_temporal {

constexpr int kPeriod = 3;  // window rows per level = buffers per published row = rows ahead

// kSkew: the rows between a level and the one above it. At 1, level t's row of a step is the row
// below level t - 1's of the same step, so a step's levels form one chain of dependent updates.
// At 2, every level reads only rows of earlier steps, so a step's levels are independent and
// their arithmetic overlaps, for a pass k more steps long.
template <class T, int kGroups, int kLevels, int kGroupThreads, int kMinBlocks, int kSkewRows = 1>
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
  static constexpr int kSkew = kSkewRows;
  static_assert(kSkew == 1 || kSkew == 2, "a level sits one or two rows below the one above it");
  // Group g's input row at step s is s - g kLag.
  static constexpr int kLag = kSkew * kLevels + 1;
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

template <class T, int kColumns>
struct Run {
  T v[kColumns];
};

// f(integral_constant<int, t>) for t = kFirst .. kEnd - 1, and for t = kFirst down to kEnd + 1:
// a level's index is a compile-time constant, so its window slots are register names.
template <int kFirst, int kEnd, class F>
__device__ __forceinline__ void for_each_level(F&& f) {
  if constexpr (kFirst < kEnd) {
    f(std::integral_constant<int, kFirst>{});
    for_each_level<kFirst + 1, kEnd>(f);
  }
}
template <int kFirst, int kEnd, class F>
__device__ __forceinline__ void for_each_level_down(F&& f) {
  if constexpr (kFirst > kEnd) {
    f(std::integral_constant<int, kFirst>{});
    for_each_level_down<kFirst - 1, kEnd>(f);
  }
}

// One block's walk over its chunk of rows. kColumnEdges: some thread holds a border column, a
// column outside the grid, or a row that is not 16-byte aligned.
template <class S, bool kColumnEdges, class T = typename S::Element>
__device__ __forceinline__ void walk_chunk(const T* __restrict__ in, T* __restrict__ out, int rows,
                                           int cols, int first_column, RowChunk chunk, T* shared) {
  constexpr int kColumns = S::kColumns;
  constexpr int kLevels = S::kLevelsPerGroup;
  constexpr int kFuse = S::kFuse;
  constexpr int kPitch = S::kPitch;
  constexpr int kSkew = S::kSkew;
  using Cells = Run<T, kColumns>;
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
  const int lag = group * S::kLag;
  const int s_begin = chunk.begin - kFuse;
  // The last group's last level writes row chunk.end - 1 at step chunk.end - 1 + lag + kSkew L.
  const int steps = chunk.rows() + (kSkew + 1) * kFuse + S::kGroupCount - 1;
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
    auto take_input_row = [&] {
      if (first_group) {
        window[0][now] = ring[now];
        load_row(ring[now], s + kPeriod);
      } else {
        vector_load_shared(handoff_in + previous * S::kBlockInput, window[0][now].v);
      }
    };
    // Level t from level t - 1: at skew 1 its rows of steps s - 2, s - 1 and s (so the input
    // row comes first, and level t - 1 before level t); at skew 2 those of steps s - 3, s - 2
    // and s - 1 (so level t reads slot `now` of level t - 1 before level t - 1 replaces it).
    Cells last;
    auto level = [&](auto t_constant) {
      constexpr int t = decltype(t_constant)::value;
      constexpr int kAbove = kSkew == 1 ? earlier : now;
      constexpr int kCentre = kSkew == 1 ? previous : earlier;
      constexpr int kBelow = kSkew == 1 ? now : previous;
      const Cells& above = window[t - 1][kAbove];
      const Cells& centre = window[t - 1][kCentre];
      const Cells& below = window[t - 1][kBelow];
      // At skew 1 the input level's centre row was published by the group before, a step before
      // this group's own levels publish theirs; at skew 2 each group publishes its input level.
      const T* published =
          kSkew == 1 && t == 1 && !first_group ? edges_of(0, earlier) : edges_of(t - 1, kCentre);
      const T left_edge = published[kPitch + me];
      const T right_edge = published[me + 2];
      Cells& produced = t < kLevels ? window[t < kLevels ? t : 0][now] : last;
      bool row_border = false;
      if constexpr (kRowBorders) {
        const int y = y_in - kSkew * t;
        row_border = y == 0 || y == rows - 1;
      }
#pragma unroll
      for (int c = 0; c < kColumns; ++c) {
        const T left = c > 0 ? centre.v[c - 1] : left_edge;
        const T right = c + 1 < kColumns ? centre.v[c + 1] : right_edge;
        const T updated = five_point(centre.v[c], left, right, above.v[c], below.v[c]);
        produced.v[c] = kRowBorders && row_border ? centre.v[c] : updated;
      }
      if constexpr (kColumnEdges) {
#pragma unroll
        for (int c = 0; c < kColumns; ++c)
          produced.v[c] = column_border[c] ? centre.v[c] : produced.v[c];
      }
    };
    if constexpr (kSkew == 1) {
      take_input_row();
      for_each_level<1, kLevels + 1>(level);
    } else {
      for_each_level_down<kLevels, 0>(level);
      take_input_row();
    }
    // Publish: the input level's edges (skew 1: group 0 only; the group before publishes the
    // others'); every group its levels below the last; the last level's row (skew 1: and its
    // edges) for the next group, or the output row.
    if (kSkew == 2 || first_group) {
      edges_of(0, now)[me + 1] = window[0][now].v[0];
      edges_of(0, now)[kPitch + me + 1] = window[0][now].v[kColumns - 1];
    }
#pragma unroll
    for (int t = 1; t < kLevels; ++t) {
      edges_of(t, now)[me + 1] = window[t][now].v[0];
      edges_of(t, now)[kPitch + me + 1] = window[t][now].v[kColumns - 1];
    }
    if (!last_group) {
      if constexpr (kSkew == 1) {
        edges_of(kLevels, now)[me + 1] = last.v[0];
        edges_of(kLevels, now)[kPitch + me + 1] = last.v[kColumns - 1];
      }
      auto* slot = reinterpret_cast<Vector<T>*>(handoff_out + now * S::kBlockInput);
#pragma unroll
      for (int v = 0; v < kColumns / S::kAlignment; ++v)
        slot[v] = pack(last.v + v * S::kAlignment);
    } else {
      const int y_out = y_in - kSkew * kLevels;
      if (y_out >= chunk.begin && y_out < chunk.end)
        store_row(last, y_out);
    }
    __syncthreads();
  };

  // Rows computed at step s: s - g kLag - kSkew t for level t of group g, from s - kSkew down to
  // s - kDeepest.
  constexpr int kDeepest = (S::kGroupCount - 1) * S::kLag + kSkew * kLevels;
  auto meets_border_row = [&](int s_first, int s_last) {
    return (s_last >= kSkew && s_first <= kDeepest) ||
           (s_last >= rows - 1 + kSkew && s_first <= rows - 1 + kDeepest);
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
  auto* kernel = &pipelined_kernel<S>;
  static int resident = 0;
  if (resident == 0) {
    check(
        cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, S::kSharedBytes),
        "cudaFuncSetAttribute(pipelined_kernel)");
    int blocks = 0;
    check(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, kernel, S::kThreads,
                                                        S::kSharedBytes),
          "cudaOccupancyMaxActiveBlocksPerMultiprocessor(pipelined_kernel)");
    resident = blocks > 0 ? blocks : 1;
  }
  const int column_blocks = (cols + S::kBlockOutput - 1) / S::kBlockOutput;
  int row_chunks = chunks;
  if (row_chunks <= 0)
    row_chunks = wave_filling_chunks(resident * multiprocessor_count(), column_blocks, rows, 64);
  kernel<<<dim3(column_blocks, row_chunks), S::kThreads, S::kSharedBytes, queue>>>(in, out, rows,
                                                                                   cols);
  check_launch("pipelined_kernel launch");
}

}  // namespace stencil::cuda::pipelined_temporal
