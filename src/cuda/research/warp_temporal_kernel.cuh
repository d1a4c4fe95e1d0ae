// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The warp-pipelined temporal kernel: k = G x L iterations fused into one pass, G warps per block,
// each warp holding L levels of C columns per lane in registers and handing its last level's rows
// to the next warp through shared memory.
//
// Why: perf/temporal_ab/pipelined_temporal_kernel.cuh gives each thread one 16-byte vector of
// columns (two in fp64), so every level of every thread publishes and reads two x edges through
// shared memory for two to four updates, and one barrier per step waits for them. Here a warp spans
// the whole tile and a lane holds C consecutive columns, so a level's x neighbours across lanes are
// two warp shuffles for C updates, and the C updates of a level are independent, which is the
// arithmetic the FP pipe overlaps. Only the rows handed from warp to warp, the staged input row
// and the staged output row pass through shared memory.
//
// Shape:
//  * A block has G warps. Lane i of warp g owns the columns first_column + C i .. + C - 1 at
//    levels g L + 1 .. g L + L. The tile is 32 C columns wide; the block outputs its middle
//    32 C - 2 k (lanes 0 and 31 take their own values for the missing neighbour, a wrong value
//    that reaches one column further in at each level; neighbouring blocks recompute the overlap).
//    stencil/tile_placement.hpp places the tiles, so that the first and last blocks of a row
//    each keep one border cell at a place fixed at compile time.
//  * Step s: warp g's input level brings in row s - g (L + 1), and its level g L + t computes
//    the row t below it: above and centre from earlier steps, below from this step. Warp g's last
//    level row goes to shared memory and is warp g + 1's input row at step s + 1; the last warp's
//    is the output row, which every thread stores, coalesced, at step s + 1.
//  * Every thread requests its share of the tile's input row three steps ahead into registers and
//    writes it to shared memory a step before warp 0 takes it, coalesced in both directions.
//  * Windows, shared slots and the requested rows rotate with period 3 and the step loop is
//    unrolled by 3, so rotations are compile-time register names and address offsets.
// Every update is stencil::five_point on exactly the values k single steps use, and border cells
// copy their centre at every level, so the result is bit-identical to k single steps.
#pragma once

#include <cuda_runtime.h>

#include <type_traits>

#include "cuda/research/deep_pass_launch.cuh"
#include "cuda/runtime/dynamic_shared.cuh"
#include "stencil/arithmetic.hpp"
#include "stencil/column_run.hpp"
#include "stencil/row_chunks.hpp"
#include "stencil/tile_placement.hpp"

namespace stencil::cuda::warp_temporal {

constexpr int kPeriod = 3;  // window rows per level = shared slots per row = rows requested ahead
constexpr int kWarpSize = 32;
constexpr unsigned kFullWarp = 0xffffffffu;

template <class T, int kWarps, int kLevels, int kLaneColumns, int kMinBlocks>
struct Shape {
  using Element = T;
  static constexpr int kColumns = kLaneColumns;
  static constexpr int kFuse = kWarps * kLevels;
  static constexpr int kThreads = kWarps * kWarpSize;
  static constexpr int kWarpCount = kWarps;
  static constexpr int kLevelsPerWarp = kLevels;
  static constexpr int kBlocksPerSm = kMinBlocks;
  static constexpr int kHalo = kFuse;
  static constexpr int kBlockInput = kWarpSize * kColumns;
  static constexpr int kBlockOutput = kBlockInput - 2 * kHalo;
  static_assert(kBlockOutput > 0, "the overlap of a deep pass needs more columns per lane");
  using Tiles = TileGeometry<kBlockInput, kHalo, kColumns>;
  // The tile's input cells each thread requests per row, and output cells it stores.
  static constexpr int kRequests = (kBlockInput + kThreads - 1) / kThreads;
  static constexpr int kStores = (kBlockOutput + kThreads - 1) / kThreads;
  // Rows in shared memory: the staged input row, warps 0 .. G - 2's hand-off rows and the last
  // warp's output row, kPeriod slots each.
  static constexpr int kSlotCells = kBlockInput;
  static constexpr int kSharedCells = (kWarps + 1) * kPeriod * kSlotCells;
  static constexpr int kSharedBytes = kSharedCells * static_cast<int>(sizeof(T));
};

// Slot r of row buffer b (0: the staged input; 1 + g: warp g's last level).
template <class S, class T = typename S::Element>
__device__ __forceinline__ T* slot(T* shared, int buffer, int rotation) {
  return shared + (buffer * kPeriod + rotation) * S::kSlotCells;
}

// One block's walk over its chunk of rows, its tile placed by `tile` (kEdges = tile.edges).
template <class S, TileEdges kEdges, class T = typename S::Element>
__device__ __forceinline__ void walk_chunk(const T* __restrict__ in, T* __restrict__ out, int rows,
                                           int cols, TilePlacement tile, RowChunk chunk,
                                           T* shared) {
  constexpr int kColumns = S::kColumns;
  constexpr int kLevels = S::kLevelsPerWarp;
  constexpr int kFuse = S::kFuse;
  using Cells = ColumnRun<T, kColumns>;
  const int tid = static_cast<int>(threadIdx.x);
  const int warp = tid / kWarpSize;
  const int lane = tid - warp * kWarpSize;
  const bool first_warp = warp == 0;
  const bool last_warp = warp == S::kWarpCount - 1;
  using Tiles = typename S::Tiles;
  const int first_column = tile.first_column;
  const int x0 = first_column + lane * kColumns;
  bool column_border[kColumns];
#pragma unroll
  for (int c = 0; c < kColumns; ++c)
    column_border[c] = x0 + c == 0 || x0 + c == cols - 1;
  // A pinned tile's one border cell: the first tile's starts left of the grid. Interior tiles
  // run the same code and keep none.
  const bool keep_border = tile.edges == TileEdges::pinned &&
                           lane == (first_column < 0 ? Tiles::kLeftLane : Tiles::kRightLane);

  // The input row of step s, requested at step s - kPeriod: cell tid + r kThreads of the tile.
  // Which of a thread's requests fall inside the tile and the grid does not change from row to
  // row: bit r of request_mask says so for request r, so that a step tests the row once and each
  // request with one bit, where it would make four tests per request.
  const int load_begin = chunk.begin - kFuse > 0 ? chunk.begin - kFuse : 0;
  const int load_end = chunk.end + kFuse < rows ? chunk.end + kFuse : rows;
  unsigned request_mask = 0;
#pragma unroll
  for (int r = 0; r < S::kRequests; ++r) {
    const int i = tid + r * S::kThreads;
    const int x = first_column + i;
    if (i < S::kBlockInput && x >= 0 && x < cols)
      request_mask |= 1u << r;
  }
  T requested[kPeriod][S::kRequests];
  auto request_from = [&](T* cells, int y, const T* src) {
    const unsigned needed = y >= load_begin && y < load_end ? request_mask : 0u;
#pragma unroll
    for (int r = 0; r < S::kRequests; ++r)
      cells[r] = needed & (1u << r) ? __ldg(src + r * S::kThreads) : T(0);
  };
  auto row_start = [&](int y) { return in + static_cast<long>(y) * cols + first_column + tid; };
  auto request_row = [&](T* cells, int y) { request_from(cells, y, row_start(y)); };
  auto stage_row = [&](const T* cells, T* row) {
#pragma unroll
    for (int r = 0; r < S::kRequests; ++r) {
      const int i = tid + r * S::kThreads;
      if (i < S::kBlockInput)
        row[i] = cells[r];
    }
  };
  // A tile stores at most kBlockOutput cells per row: a fixed count of stores keeps the step's
  // code small enough for the instruction cache (docs/stream-and-temporal.md).
  const int out_x = tile.out_begin + tid;
  const int store_span = tile.out_end - out_x;  // this thread stores cell r where r kThreads < it
  T* const store_base = out + out_x;
  auto store_row = [&](const T* row, T* dst) {
    const T* src = row + (out_x - first_column);
#pragma unroll
    for (int r = 0; r < S::kStores; ++r) {
      if (r * S::kThreads < store_span)
        dst[r * S::kThreads] = src[r * S::kThreads];
    }
  };
  auto read_row = [&](const T* row, Cells& q) {
#pragma unroll
    for (int c = 0; c < kColumns; ++c)
      q.v[c] = row[lane * kColumns + c];
  };
  auto write_row = [&](const Cells& q, T* row) {
#pragma unroll
    for (int c = 0; c < kColumns; ++c)
      row[lane * kColumns + c] = q.v[c];
  };

  // window[t][s % kPeriod]: level base + t's row of step s, base = warp L.
  Cells window[kLevels][kPeriod];
  const int lag = warp * (kLevels + 1);  // warp g's input row at step s is s - lag
  // Rows computed at step s: s - l - g for level l = g L + t, from s - 1 to s - k - (G - 1).
  constexpr int kDeepest = kFuse + S::kWarpCount - 1;
  const int s_begin = chunk.begin - kFuse;
  // The last warp's last level computes row chunk.end - 1 at step chunk.end - 1 + k + G - 1, and
  // the row is stored one step later. The walk takes whole periods: with no step skipped, as
  // many input rows are in flight at every step, and the compiler waits for each row's own loads
  // rather than for every load in flight. The extra steps store nothing and load nothing.
  const int steps = (chunk.rows() + 2 * kFuse + S::kWarpCount + kPeriod - 1) / kPeriod * kPeriod;
#pragma unroll
  for (int a = 0; a < kPeriod; ++a)
    request_row(requested[a], s_begin + a);
  stage_row(requested[0], slot<S>(shared, 0, 0));
  request_row(requested[0], s_begin + kPeriod);
  __syncthreads();
  // The row each step requests and the row it stores advance by one row per step: two pointers
  // that move make each address one add, where the row's offset would be made anew at each step.
  const T* next_request = row_start(s_begin + 1 + kPeriod);
  T* next_store = store_base + static_cast<long>(s_begin - 1 - kDeepest) * cols;

  auto step = [&](auto now_constant, auto row_borders_constant, int s) {
    constexpr int now = decltype(now_constant)::value;
    constexpr bool kRowBorders = decltype(row_borders_constant)::value;
    constexpr int next = (now + 1) % kPeriod;
    constexpr int previous = (now + kPeriod - 1) % kPeriod;
    constexpr int earlier = (now + kPeriod - 2) % kPeriod;
    // The last warp's row of step s - 1, and the input row of step s + 1.
    const int y_stored = s - 1 - kDeepest;
    if (y_stored >= chunk.begin && y_stored < chunk.end)
      store_row(slot<S>(shared, S::kWarpCount, previous), next_store);
    next_store += cols;
    // The first step of a period stages its row after its updates: the compiler waits there for
    // every load in flight (it cannot count them across the loop's back edge), and by then the
    // newest of them has had two steps to arrive.
    constexpr bool kStageLate = now == 0;
    auto stage_and_request = [&] {
      stage_row(requested[next], slot<S>(shared, 0, next));
      request_from(requested[next], s + 1 + kPeriod, next_request);
      next_request += cols;
    };
    if constexpr (!kStageLate)
      stage_and_request();

    const int y_in = s - lag;
    read_row(first_warp ? slot<S>(shared, 0, now) : slot<S>(shared, warp, previous),
             window[0][now]);
    Cells last;
#pragma unroll
    for (int t = 1; t <= kLevels; ++t) {
      const Cells& above = window[t - 1][earlier];
      const Cells& centre = window[t - 1][previous];
      const Cells& below = window[t - 1][now];
      const T left_edge = __shfl_up_sync(kFullWarp, centre.v[kColumns - 1], 1);
      const T right_edge = __shfl_down_sync(kFullWarp, centre.v[0], 1);
      Cells& produced = t < kLevels ? window[t < kLevels ? t : 0][now] : last;
      bool row_border = false;
      if constexpr (kRowBorders) {
        const int y = y_in - t;
        row_border = y == 0 || y == rows - 1;
      }
      update_run<kEdges == TileEdges::any, kColumns>(above, centre, below, left_edge, right_edge,
                                                     kRowBorders && row_border, column_border,
                                                     produced);
      if constexpr (kEdges == TileEdges::pinned)
        keep_border_cell<Tiles::kBorderColumn>(centre, keep_border, produced);
    }
    write_row(last, slot<S>(shared, warp + 1, now));
    if constexpr (kStageLate)
      stage_and_request();
    __syncthreads();
  };

  auto meets_border_row = [&](int s_first, int s_last) {
    return (s_last >= 1 && s_first <= kDeepest) ||
           (s_last >= rows && s_first <= rows - 1 + kDeepest);
  };
  for (int s_block = 0; s_block < steps; s_block += kPeriod) {
    const int s = s_begin + s_block;
    auto period = [&](auto row_borders) {
      step(std::integral_constant<int, 0>{}, row_borders, s);
      step(std::integral_constant<int, 1>{}, row_borders, s + 1);
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
    warp_kernel(const T* __restrict__ in, T* __restrict__ out, int rows, int cols) {
  T* shared = dynamic_shared<T>();
  const RowChunk chunk = row_chunk(rows, static_cast<int>(gridDim.y), static_cast<int>(blockIdx.y));
  if (chunk.empty())
    return;  // whole block: trailing chunks can be empty
  // Slots not yet written are read by cells no output needs; zero them so that every read is of
  // initialised memory.
  for (int i = static_cast<int>(threadIdx.x); i < S::kSharedCells; i += S::kThreads)
    shared[i] = T(0);
  __syncthreads();
  const TilePlacement tile = place_tile<typename S::Tiles>(static_cast<int>(blockIdx.x), cols);
  // Interior tiles run the pinned tiles' code: two code paths resident on one multiprocessor
  // cost more than the select (docs/stream-and-temporal.md).
  if (tile.edges == TileEdges::any)
    walk_chunk<S, TileEdges::any>(in, out, rows, cols, tile, chunk, shared);
  else
    walk_chunk<S, TileEdges::pinned>(in, out, rows, cols, tile, chunk, shared);
}

// One pass of S::kFuse iterations in `chunks` row chunks (0: one wave of resident blocks, chunks
// of at least 64 rows).
template <class S, class T = typename S::Element>
void launch(const T* in, T* out, int rows, int cols, int chunks, cudaStream_t queue) {
  launch_deep_pass<S>(&warp_kernel<S>, "warp_kernel", in, out, rows, cols, S::Tiles::tiles(cols),
                      chunks, queue);
}

}  // namespace stencil::cuda::warp_temporal
