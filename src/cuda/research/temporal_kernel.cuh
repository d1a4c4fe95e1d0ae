// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The temporal kernel: k iterations fused into one pass over the grid, so the grid crosses HBM
// once per k iterations instead of once per iteration. temporal.cu instantiates it for the
// mini-app (kRing = 0); perf/temporal_ring also runs it with the input rows staged in shared
// memory (kRing > 0, staged_rows.cuh).
//
// Shape (AN5D-style register streaming, with a skewed wavefront so one barrier per row suffices):
//  * A block of W threads owns cW input columns (c consecutive columns per thread: one 16-byte
//    vector, 4 floats or 2 doubles, kThreadColumns) and produces the cW - 2h in the middle, h = k
//    rounded up to whole threads: each fused level loses one valid column per side, so the
//    overlap between neighbouring blocks is recomputed rather than exchanged, and whole threads of
//    overlap keep every block 16-byte aligned. W is the fewest warps (at most 8) that give the
//    grid as few column blocks as 256 threads would, so no warp walks a chunk for columns the grid
//    does not have.
//  * The block walks its chunk of rows downwards in "steps". At step j, level 0 brings in input
//    row j, and level t (1..k) computes row j - t from level t-1's rows j-t-1 .. j-t+1, which
//    level t-1 produced at steps j-2 .. j. Only the centre row's x neighbours cross threads, and
//    that row was published at step j-1, so one barrier per step publishes every level's row.
//  * Each thread keeps, per level, the last three rows of its c columns in registers (the
//    vertical window). Only a thread's first and last column have x neighbours in other threads:
//    each level publishes just those two values per thread to shared memory, and the level
//    above reads them one step later.
//  * The window, the shared buffers and the ring of input rows requested ahead all rotate with
//    period 3, and the step loop is unrolled by 3, so every rotation is a register name or an
//    address offset fixed at compile time: no value is moved to age it.
//  * Border handling stays off the hot path: a block that holds no border column and no column
//    outside the grid compiles without any column test, and only the steps where some level meets
//    row 0 or the last row test rows.
// Every cell update is stencil::five_point on exactly the values k single steps would use, and
// border cells copy their centre at every level, so the result is bit-identical to k steps.
#pragma once

#include <cuda_runtime.h>

#include <type_traits>

#include "cuda/research/staged_rows.cuh"
#include "cuda/runtime/check.hpp"
#include "cuda/runtime/device_info.hpp"
#include "cuda/runtime/dynamic_shared.cuh"
#include "cuda/runtime/vector_access.cuh"
#include "stencil/arithmetic.hpp"
#include "stencil/column_run.hpp"
#include "stencil/row_chunks.hpp"

namespace stencil::cuda::temporal_detail {

constexpr int kMaxThreads = 256;
// Consecutive columns per thread: a thread's run of cells (kRunCells, runtime/vector_access.cuh).
template <class T>
constexpr int kThreadColumns = kRunCells<T>;
constexpr int kPeriod = 3;  // rows per level window = shared buffers per level = input rows ahead
// One published value per thread, one pad each side; the widest block's pitch at every width,
// so every shared address is a thread's base plus a constant.
constexpr int kPitch = kMaxThreads + 2;
constexpr int kSharedCellsPerLevel = kPeriod * 2 * kPitch;
// Dynamic shared bytes: the published edges of every level, then (kRing > 0) the staged rows,
// 128-byte aligned.
template <int kFuse, class T>
constexpr int kEdgeBytes = (kFuse * kSharedCellsPerLevel * static_cast<int>(sizeof(T)) + 127) /
                           128 * 128;
template <int kFuse, int kRing, class T>
constexpr int shared_bytes() {
  if constexpr (kRing > 0)
    return kEdgeBytes<kFuse, T> +
           StagedRows<T, kRing>::shared_bytes(kMaxThreads * kThreadColumns<T>);
  else
    return kFuse * kSharedCellsPerLevel * static_cast<int>(sizeof(T));
}
// Input columns a block holds beyond its output on each side: at least kFuse (each fused level
// loses one valid column per side), rounded up to whole threads, so that every block's first
// column is 16-byte aligned wherever the grid's rows are and interior blocks take 16-byte vector
// loads. (In float, an overlap of exactly k columns would start every block at 2 mod 4 at k = 2,
// and send every block through the scalar form with column tests.)
template <class T>
constexpr int whole_threads(int columns) {
  return (columns + kThreadColumns<T> - 1) / kThreadColumns<T> * kThreadColumns<T>;
}
template <int kFuse, class T>
constexpr int kHalo = whole_threads<T>(kFuse);

// The consecutive cells of one row a thread owns, kept in registers.
template <class T>
struct ThreadColumns {
  T v[kThreadColumns<T>];
};

// Blocks at depths up to 4 must fit two per multiprocessor (128 registers): 16 warps hide the
// barrier of each step. Deeper windows need more registers than that.
template <int kFuse>
constexpr int kMinBlocks = kFuse <= 4 ? 2 : 1;

// One block's walk over its chunk. kColumnEdges: some thread holds a border column, a column
// outside the grid, or a row that is not 16-byte aligned. kRing > 0: level 0's input rows come
// from a StagedRows ring of kRing rows at `staging` (interior blocks only), not from registers.
template <int kFuse, bool kColumnEdges, int kRing, class T>
__device__ __forceinline__ void walk_chunk(const T* __restrict__ in, T* __restrict__ out, int rows,
                                           int cols, int first_column, RowChunk chunk, T* edges,
                                           void* staging) {
  static_assert(kRing == 0 || !kColumnEdges, "staged rows need whole aligned rows");
  constexpr int kColumns = kThreadColumns<T>;
  constexpr int kAlignment = kVectorCells<T>;  // cells of 16 bytes
  const int threads = static_cast<int>(blockDim.x);
  // Level t's first columns of all threads for rotation r, then its last columns.
  auto firsts = [&](int level, int rotation) {
    return edges + (level * kPeriod + rotation) * 2 * kPitch;
  };
  const int me = static_cast<int>(threadIdx.x);
  const int x0 = first_column + me * kColumns;
  const int block_input = threads * kColumns;
  // Output columns of this block: the middle block_input - 2 kHalo, clipped to the array.
  constexpr int kSide = kHalo<kFuse, T>;
  const int out_begin = first_column + kSide > 0 ? first_column + kSide : 0;
  const int out_end =
      first_column + block_input - kSide < cols ? first_column + block_input - kSide : cols;
  const bool vector_ok =
      !kColumnEdges || ((cols % kAlignment == 0) && (x0 & (kAlignment - 1)) == 0 && x0 >= 0 &&
                        x0 + kColumns <= cols);
  const bool store_whole = vector_ok && x0 >= out_begin && x0 + kColumns <= out_end;
  bool column_border[kColumns], column_inside[kColumns];
#pragma unroll
  for (int c = 0; c < kColumns; ++c) {
    column_border[c] = x0 + c == 0 || x0 + c == cols - 1;
    column_inside[c] = x0 + c >= 0 && x0 + c < cols;
  }

  // Input rows the chunk needs: kFuse above and below its own rows, clipped to the array.
  const int load_begin = chunk.begin - kFuse > 0 ? chunk.begin - kFuse : 0;
  const int load_end = chunk.end + kFuse < rows ? chunk.end + kFuse : rows;
  auto load_row = [&](ThreadColumns<T>& q, int y) {
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
  auto store_row = [&](const ThreadColumns<T>& r, int y) {
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

  // window[t][s % kPeriod]: level t's row produced at step s; ring[s % kPeriod]: the input row
  // of step s, requested at step s - kPeriod (kRing = 0).
  ThreadColumns<T> window[kFuse][kPeriod];
  [[maybe_unused]] ThreadColumns<T> ring[kPeriod];
  const int j_begin = chunk.begin - kFuse;  // level 0 row of the first step
  const int steps = chunk.rows() + 2 * kFuse;
  [[maybe_unused]] auto staged = [&] {
    if constexpr (kRing > 0) {
      return StagedRows<T, kRing>(staging, in + first_column, block_input, cols, j_begin,
                                  j_begin + steps, load_begin, load_end);
    } else {
      return 0;
    }
  }();
  if constexpr (kRing > 0) {
    staged.start();
  } else {
#pragma unroll
    for (int a = 0; a < kPeriod; ++a)
      load_row(ring[a], j_begin + a);
  }

  // One step; `now` is the step's rotation. kRowBorders: some level's row may be a border row.
  auto step = [&](auto now_constant, auto row_borders_constant, int j) {
    constexpr int now = decltype(now_constant)::value;
    constexpr bool kRowBorders = decltype(row_borders_constant)::value;
    constexpr int previous = (now + kPeriod - 1) % kPeriod;
    constexpr int earlier = (now + kPeriod - 2) % kPeriod;
    if constexpr (kRing > 0) {
      staged.request(j + kRing - 1);  // into the slot of row j - 1, free since the last barrier
      staged.take(j, me * kColumns, window[0][now].v);
    } else {
      window[0][now] = ring[now];
      load_row(ring[now], j + kPeriod);  // refill: requested kPeriod steps before it is needed
    }
    ThreadColumns<T> last_level;
#pragma unroll
    for (int t = 1; t <= kFuse; ++t) {
      const ThreadColumns<T>& above = window[t - 1][earlier];
      const ThreadColumns<T>& centre = window[t - 1][previous];
      const ThreadColumns<T>& below = window[t - 1][now];
      // Thread i's values sit at index i + 1: the left neighbour is the previous thread's last
      // column, the right neighbour the next thread's first (pads at the block's two ends).
      const T* published = firsts(t - 1, previous);
      const T left_edge = published[kPitch + me];
      const T right_edge = published[me + 2];
      ThreadColumns<T>& produced = t < kFuse ? window[t < kFuse ? t : 0][now] : last_level;
      bool row_border = false;
      if constexpr (kRowBorders) {
        const int y = j - t;  // the row level t computes at this step
        row_border = y == 0 || y == rows - 1;
      }
      update_run<kColumnEdges, kColumns>(above, centre, below, left_edge, right_edge,
                                         kRowBorders && row_border, column_border, produced);
    }

    // Publish levels 0..kFuse-1 for the level above; store the last level's row.
#pragma unroll
    for (int t = 0; t < kFuse; ++t) {
      firsts(t, now)[me + 1] = window[t][now].v[0];
      firsts(t, now)[kPitch + me + 1] = window[t][now].v[kColumns - 1];
    }
    const int y_out = j - kFuse;
    if (y_out >= chunk.begin && y_out < chunk.end)
      store_row(last_level, y_out);
    __syncthreads();  // this step's rows are published; the buffer rewritten next is free
  };

  // Rows level t meets at step j: j - t, for t = 1..kFuse.
  auto meets_border_row = [&](int j_first, int j_last) {
    return (j_last >= 1 && j_first <= kFuse) || (j_last >= rows && j_first <= rows - 1 + kFuse);
  };
  for (int s_block = 0; s_block < steps; s_block += kPeriod) {
    const int j_block = j_begin + s_block;
    auto period = [&](auto row_borders) {
      step(std::integral_constant<int, 0>{}, row_borders, j_block);
      if (s_block + 1 < steps)  // block-uniform
        step(std::integral_constant<int, 1>{}, row_borders, j_block + 1);
      if (s_block + 2 < steps)
        step(std::integral_constant<int, 2>{}, row_borders, j_block + 2);
    };
    if (meets_border_row(j_block, j_block + kPeriod - 1))
      period(std::true_type{});
    else
      period(std::false_type{});
  }
}

template <int kFuse, int kRing, class T>
__global__ void __launch_bounds__(kMaxThreads, kMinBlocks<kFuse>)
    temporal_kernel(const T* __restrict__ in, T* __restrict__ out, int rows, int cols) {
  constexpr int kColumns = kThreadColumns<T>;
  constexpr int kAlignment = kVectorCells<T>;  // cells of 16 bytes
  // For each level 0..kFuse-1 and rotation 0..kPeriod-1: the first columns of all threads, then
  // the last columns, published for the level above. Then the staged rows (kRing > 0).
  T* edges = dynamic_shared<T>();
  const int block_input = static_cast<int>(blockDim.x) * kColumns;
  constexpr int kSide = kHalo<kFuse, T>;
  const int first_column = static_cast<int>(blockIdx.x) * (block_input - 2 * kSide) - kSide;
  // The chunk comes from the launched grid (row_chunks.hpp), so the chunks cover every row.
  const RowChunk chunk = row_chunk(rows, static_cast<int>(gridDim.y), static_cast<int>(blockIdx.y));
  if (chunk.empty())
    return;  // whole block: trailing chunks can be empty
  // Inside: every thread's columns are in the grid, none is a border column, and all are
  // 16-byte aligned.
  const bool inside = cols % kAlignment == 0 && (first_column & (kAlignment - 1)) == 0 &&
                      first_column >= 1 && first_column + block_input <= cols - 1;
  void* staging = reinterpret_cast<char*>(edges) + kEdgeBytes<kFuse, T>;
  if (inside)
    walk_chunk<kFuse, false, kRing>(in, out, rows, cols, first_column, chunk, edges, staging);
  else
    walk_chunk<kFuse, true, 0>(in, out, rows, cols, first_column, chunk, edges, staging);
}

// Threads per block: the fewest whole warps whose blocks cover cols in as few column blocks as
// kMaxThreads threads would.
template <int kFuse, class T>
int block_threads(int cols) {
  constexpr int kColumns = kThreadColumns<T>;
  const int widest_output = kMaxThreads * kColumns - 2 * kHalo<kFuse, T>;
  const int column_blocks = (cols + widest_output - 1) / widest_output;
  const int output = (cols + column_blocks - 1) / column_blocks;
  const int threads = (output + 2 * kHalo<kFuse, T> + kColumns - 1) / kColumns;
  const int warps = (threads + 31) / 32;
  return warps * 32 < kMaxThreads ? warps * 32 : kMaxThreads;
}

// One pass of kFuse iterations, `chunks` row chunks (0: one wave of resident blocks). The element
// type T comes from the pointers.
template <int kFuse, int kRing, class T>
void launch(const T* in, T* out, int rows, int cols, int chunks, cudaStream_t queue) {
  auto* kernel = &temporal_kernel<kFuse, kRing, T>;
  const int threads = block_threads<kFuse, T>(cols);
  constexpr int kSharedBytes = shared_bytes<kFuse, kRing, T>();
  // Resident blocks per multiprocessor, per whole-warp block size.
  static int resident_blocks[kMaxThreads / 32 + 1] = {};
  int& resident = resident_blocks[threads / 32];
  if (resident == 0) {
    check(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, kSharedBytes),
          "cudaFuncSetAttribute(temporal_kernel)");
    int blocks = 0;
    check(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, kernel, threads, kSharedBytes),
          "cudaOccupancyMaxActiveBlocksPerMultiprocessor(temporal_kernel)");
    resident = blocks > 0 ? blocks : 1;
  }
  const int block_output = threads * kThreadColumns<T> - 2 * kHalo<kFuse, T>;
  const int column_blocks = (cols + block_output - 1) / block_output;
  int row_chunks = chunks;
  if (row_chunks <= 0) {  // one wave of resident blocks; chunks of at least 64 rows
    const int wave = resident * multiprocessor_count();
    const int fit = wave / column_blocks > 1 ? wave / column_blocks : 1;
    const int most = rows / 64 > 1 ? rows / 64 : 1;
    row_chunks = fit < most ? fit : most;
  }
  kernel<<<dim3(column_blocks, row_chunks), threads, kSharedBytes, queue>>>(in, out, rows, cols);
  check_launch("temporal_kernel launch");
}

}  // namespace stencil::cuda::temporal_detail
