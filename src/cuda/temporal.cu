// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// temporal: k iterations fused into one pass over the grid, so the grid crosses HBM
// once per k iterations instead of once per iteration.
//
// Shape (AN5D-style register streaming, with a skewed wavefront so one barrier per row suffices):
//  * A block owns 1024 input columns (256 threads x 4 consecutive columns) and produces the
//    1024 - 2k columns in the middle: each fused level loses one valid column per side, so the
//    overlap between neighbouring blocks is recomputed rather than exchanged.
//  * The block walks its chunk of rows downwards in "steps". At step j, level 0 brings in input
//    row j, and level t (1..k) computes row j - 2t from level t-1's rows j-2t-1 .. j-2t+1, which
//    level t-1 produced at steps j-3 .. j-1. Every dependency comes from an earlier step, so all
//    levels work at once and a single barrier per step publishes their rows.
//  * Each thread keeps, per level, the last three rows of its four columns in registers (the
//    vertical window). Only a thread's first and last column have x neighbours in other threads:
//    each level publishes just those two values per thread to shared memory, and the level
//    above reads them two steps later (three rotating buffers).
//  * Input rows are requested kAhead steps early, so loads overlap the arithmetic.
// Every cell update is stencil::five_point on exactly the values k single steps would use, and
// border cells copy their centre at every level, so the result is bit-identical to k steps.
#include <cstdlib>

#include "cuda/check.hpp"
#include "cuda/device_info.hpp"
#include "cuda/kernels.hpp"
#include "stencil/arithmetic.hpp"
#include "stencil/row_chunks.hpp"

namespace stencil::cuda {
namespace {

constexpr int kThreads = 256;
constexpr int kColumns = 4;                       // consecutive columns per thread
constexpr int kBlockInput = kThreads * kColumns;  // input columns a block holds
constexpr int kEdgePitch = kThreads + 2;          // one value per thread, one pad each side
constexpr int kAhead = 2;                         // input rows requested ahead of use

// The kColumns consecutive cells of one row a thread owns, kept in registers.
struct ThreadColumns {
  float v[kColumns];
};

template <int kFuse>
__global__ void __launch_bounds__(kThreads)
    temporal_kernel(const float* __restrict__ in, float* __restrict__ out, int rows, int cols) {
  constexpr int kBlockOutput = kBlockInput - 2 * kFuse;
  // For each level 0..kFuse-1 and rotation 0..2: the first columns of all threads, then the last
  // columns (kEdgePitch floats each), published for the level above.
  extern __shared__ float edges[];
  auto firsts = [&](int level, int rotation) {
    return edges + (level * 3 + rotation) * 2 * kEdgePitch;
  };
  auto lasts = [&](int level, int rotation) { return firsts(level, rotation) + kEdgePitch; };

  const int first_column = static_cast<int>(blockIdx.x) * kBlockOutput - kFuse;
  // The chunk comes from the launched grid (row_chunks.hpp), so the chunks cover every row.
  const RowChunk chunk = row_chunk(rows, static_cast<int>(gridDim.y), static_cast<int>(blockIdx.y));
  if (chunk.empty())
    return;  // whole block: trailing chunks can be empty
  const int y0 = chunk.begin;
  const int y_end = chunk.end;

  const int local = threadIdx.x * kColumns;  // first of this thread's columns in the block
  const int x0 = first_column + local;
  // Output columns of this block: the middle kBlockOutput, clipped to the array.
  const int out_begin = first_column + kFuse > 0 ? first_column + kFuse : 0;
  const int out_end =
      first_column + kFuse + kBlockOutput < cols ? first_column + kFuse + kBlockOutput : cols;
  // 16-byte accesses need 16-byte aligned rows and columns (columns: true for kFuse = 4 and 8;
  // rows: cols % 4 == 0, which a rank's odd-width tile is not).
  const bool vector_ok = (cols % 4 == 0) && (x0 & 3) == 0 && x0 >= 0 && x0 + kColumns <= cols;

  bool column_border[kColumns], column_inside[kColumns];
#pragma unroll
  for (int c = 0; c < kColumns; ++c) {
    column_border[c] = x0 + c == 0 || x0 + c == cols - 1;
    column_inside[c] = x0 + c >= 0 && x0 + c < cols;
  }

  // Input rows the chunk needs: kFuse above and below its own rows, clipped to the array.
  const int load_begin = y0 - kFuse > 0 ? y0 - kFuse : 0;
  const int load_end = y_end + kFuse < rows ? y_end + kFuse : rows;
  auto load_row = [&](ThreadColumns& q, int y) {
    if (y < load_begin || y >= load_end)
      return;  // never consumed by a needed cell
    const float* src = in + static_cast<long>(y) * cols + x0;
    if (vector_ok) {
      const float4 t = __ldg(reinterpret_cast<const float4*>(src));
      q.v[0] = t.x, q.v[1] = t.y, q.v[2] = t.z, q.v[3] = t.w;
    } else {
#pragma unroll
      for (int c = 0; c < kColumns; ++c) {
        if (column_inside[c])
          q.v[c] = __ldg(src + c);
      }
    }
  };

  // history[t][0..2]: level t's rows produced at steps j-1, j-2, j-3 (newest first).
  ThreadColumns history[kFuse][3];
  ThreadColumns ahead[kAhead];
  const int j_begin = y0 - kFuse;  // level 0 row of the first step
  const int j_end = y_end + 2 * kFuse;
#pragma unroll
  for (int a = 0; a < kAhead; ++a)
    load_row(ahead[a], j_begin + a);

  for (int j_block = j_begin; j_block < j_end; j_block += kAhead) {
#pragma unroll
    for (int a = 0; a < kAhead; ++a) {
      const int j = j_block + a;
      if (j >= j_end)
        break;  // block-uniform
      const int rotation = (j - j_begin) % 3;
      const int read_rotation = (j - j_begin + 1) % 3;  // == (j - 2) % 3 relative to j_begin

      ThreadColumns produced[kFuse + 1];
      produced[0] = ahead[a];
      load_row(ahead[a], j + kAhead);  // refill: requested kAhead steps before it is needed

#pragma unroll
      for (int t = 1; t <= kFuse; ++t) {
        const int y = j - 2 * t;  // the row level t computes at this step
        const bool row_border = y == 0 || y == rows - 1;
        const ThreadColumns& below = history[t - 1][0];
        const ThreadColumns& centre = history[t - 1][1];
        const ThreadColumns& above = history[t - 1][2];
        // Thread i's values sit at index i + 1: the left neighbour is the previous thread's last
        // column, the right neighbour the next thread's first (pads at the block's two ends).
        const float left_edge = lasts(t - 1, read_rotation)[threadIdx.x];
        const float right_edge = firsts(t - 1, read_rotation)[threadIdx.x + 2];
#pragma unroll
        for (int c = 0; c < kColumns; ++c) {
          const float left = c > 0 ? centre.v[c - 1] : left_edge;
          const float right = c + 1 < kColumns ? centre.v[c + 1] : right_edge;
          // Bitwise |, not ||: with the row and column limits now two values (rows, cols), nvcc
          // 13 evaluated || per cell through the uniform datapath, 14 more instructions per step
          // at -fuse 4; | keeps every depth at or below the square kernel's instruction count.
          produced[t].v[c] = row_border | column_border[c]
                                 ? centre.v[c]
                                 : five_point(centre.v[c], left, right, above.v[c], below.v[c]);
        }
      }

      // Publish levels 0..kFuse-1 for the level above; store the last level's row.
#pragma unroll
      for (int t = 0; t < kFuse; ++t) {
        firsts(t, rotation)[threadIdx.x + 1] = produced[t].v[0];
        lasts(t, rotation)[threadIdx.x + 1] = produced[t].v[kColumns - 1];
      }
      const int y_out = j - 2 * kFuse;
      if (y_out >= y0 && y_out < y_end) {
        float* dst = out + static_cast<long>(y_out) * cols + x0;
        if (vector_ok && x0 >= out_begin && x0 + kColumns <= out_end) {
          const ThreadColumns& r = produced[kFuse];
          *reinterpret_cast<float4*>(dst) = make_float4(r.v[0], r.v[1], r.v[2], r.v[3]);
        } else {
#pragma unroll
          for (int c = 0; c < kColumns; ++c) {
            if (x0 + c >= out_begin && x0 + c < out_end)
              dst[c] = produced[kFuse].v[c];
          }
        }
      }
      __syncthreads();  // this step's rows are published; the buffer rewritten next step is free

#pragma unroll
      for (int t = 0; t < kFuse; ++t) {
        history[t][2] = history[t][1];
        history[t][1] = history[t][0];
        history[t][0] = produced[t];
      }
    }
  }
}

}  // namespace

template <int kFuse>
void launch_temporal(const float* in, float* out, int rows, int cols, int chunks,
                     cudaStream_t queue) {
  auto* kernel = &temporal_kernel<kFuse>;
  constexpr int kSharedBytes = kFuse * 3 * 2 * kEdgePitch * sizeof(float);
  static const int resident_blocks = [&] {
    check(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, kSharedBytes),
          "cudaFuncSetAttribute(temporal_kernel)");
    int blocks = 0;
    check(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, kernel, kThreads, kSharedBytes),
          "cudaOccupancyMaxActiveBlocksPerMultiprocessor(temporal_kernel)");
    return blocks > 0 ? blocks : 1;
  }();
  constexpr int kBlockOutput = kBlockInput - 2 * kFuse;
  const int column_blocks = (cols + kBlockOutput - 1) / kBlockOutput;
  int row_chunks = chunks;
  if (row_chunks <= 0) {  // one wave of resident blocks; chunks of at least 64 rows
    const int wave = resident_blocks * multiprocessor_count();
    const int fit = wave / column_blocks > 1 ? wave / column_blocks : 1;
    const int most = rows / 64 > 1 ? rows / 64 : 1;
    row_chunks = fit < most ? fit : most;
  }
  kernel<<<dim3(column_blocks, row_chunks), kThreads, kSharedBytes, queue>>>(in, out, rows, cols);
  check_launch("temporal_kernel launch");
}

static_assert(kFuseDepths.size() == 4 && kFuseDepths[0] == 1 && kFuseDepths[1] == 2 &&
                  kFuseDepths[2] == 4 && kFuseDepths[3] == 8,
              "instantiate every depth of kFuseDepths below");
template void launch_temporal<1>(const float*, float*, int, int, int, cudaStream_t);
template void launch_temporal<2>(const float*, float*, int, int, int, cudaStream_t);
template void launch_temporal<4>(const float*, float*, int, int, int, cudaStream_t);
template void launch_temporal<8>(const float*, float*, int, int, int, cudaStream_t);

}  // namespace stencil::cuda
