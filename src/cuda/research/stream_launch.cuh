// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// stream: the launch policies of the single-step kernel in stream_kernel.cuh (plain
// one-wave launches, clusters of chunks, and the hybrid of the two), as templates over the
// kernel's shape; the element type T comes from the pointers. The mini-app instantiates only its
// default (stream.cu); stencil_stream_ab (perf/stream_ab/) instantiates the other shapes for
// experiments (scripts/stream-shapes.sh). The clustered and hybrid launches take slots of one
// thread's run of cells (kRunCells, runtime/vector_access.cuh).
#pragma once

#include "cuda/research/cluster_launch.hpp"
#include "cuda/research/stream_kernel.cuh"
#include "cuda/runtime/check.hpp"
#include "cuda/runtime/device_info.hpp"
#include "cuda/runtime/vector_access.cuh"
#include "stencil/row_chunks.hpp"

namespace stencil::cuda::stream_launch {

using stream_detail::kThreads;
using stream_detail::stream_kernel;

// Rows a cluster (or, without clusters, a chunk) keeps at the least: its two border rows are read
// twice, 2 rows in 2 x 256 read or written, under 0.4% of the traffic.
constexpr int kMinRowsPerCluster = 256;
constexpr int kMinRowsPerChunk = 128;

// Blocks of one kernel that fit on the GPU at once, counted in whole clusters.
template <int kCluster, class Kernel>
int resident_blocks(Kernel kernel, dim3 grid) {
  if constexpr (kCluster == 1) {
    int per_sm = 0;
    check(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, kThreads, 0),
          "cudaOccupancyMaxActiveBlocksPerMultiprocessor(stream_kernel)");
    return (per_sm > 0 ? per_sm : 1) * multiprocessor_count();
  } else {
    const ClusterLaunch launch(grid, dim3(kThreads), kCluster, nullptr);
    int clusters = 0;
    check(cudaOccupancyMaxActiveClusters(&clusters, kernel, &launch.config),
          "cudaOccupancyMaxActiveClusters(stream_kernel)");
    return (clusters > 0 ? clusters : 1) * kCluster;
  }
}

// Without clusters: one wave, as many blocks as fit on the GPU at once and no more, or whole
// waves where one wave fills the GPU poorly (wave_filling_chunks, row_chunks.hpp), chunks of at
// least kMinRowsPerChunk rows.
template <int kSlots, int kWidth, int kAhead, int kMinBlocks, bool kEvictFirst = false, class T>
void launch_plain(const T* in, T* out, int rows, int cols, int chunks, cudaStream_t queue) {
  constexpr int kBlockWidth = kThreads * kSlots * kWidth;
  auto* kernel = &stream_kernel<kSlots, kWidth, kAhead, kMinBlocks, 1, kEvictFirst, false, T>;
  const int column_blocks = (cols + kBlockWidth - 1) / kBlockWidth;
  if (chunks <= 0) {
    static const int wave = resident_blocks<1>(kernel, dim3());
    chunks = wave_filling_chunks(wave, column_blocks, rows, kMinRowsPerChunk);
  }
  kernel<<<dim3(column_blocks, chunks), kThreads, 0, queue>>>(in, out, rows, cols);
  check_launch("stream_kernel launch");
}

// With clusters of kCluster chunks stacked vertically. Taken when the chunk count (given, or the
// one-wave choice) is a multiple of kCluster and every chunk has two rows or more; otherwise the
// plain kernel of the same shape runs.
template <int kSlots, int kAhead, int kMinBlocks, int kCluster, bool kEvictFirst = false, class T>
void launch_clustered(const T* in, T* out, int rows, int cols, int chunks, cudaStream_t queue) {
  constexpr int kWidth = kRunCells<T>;
  constexpr int kBlockWidth = kThreads * kSlots * kWidth;
  auto* kernel =
      &stream_kernel<kSlots, kWidth, kAhead, kMinBlocks, kCluster, kEvictFirst, (kCluster > 1), T>;
  const int column_blocks = (cols + kBlockWidth - 1) / kBlockWidth;
  if (chunks <= 0) {
    static const int wave = resident_blocks<kCluster>(kernel, dim3(1, kCluster));
    const int fit = wave / column_blocks / kCluster;
    const int most = rows / kMinRowsPerCluster;
    chunks = (fit < most ? fit : most) * kCluster;
  }
  if (chunks < kCluster || chunks % kCluster != 0 || rows < 2 * chunks)
    return launch_plain<kSlots, kWidth, kAhead, kMinBlocks, kEvictFirst>(in, out, rows, cols,
                                                                         chunks, queue);

  const ClusterLaunch launch(dim3(column_blocks, chunks), dim3(kThreads), kCluster, queue);
  check(cudaLaunchKernelEx(&launch.config, kernel, in, out, rows, cols),
        "stream_kernel cluster launch");
}

// The default policy: clusters only where the sector budget, not the GPU, limits the chunk count.
// A large grid (N = 16384) fills one wave of plain blocks with chunks far longer than
// kMinRowsPerChunk, and clusters (fewer resident: whole clusters must fit in a GPC) would only
// cost blocks; a small one (N = 4096) gets kCluster times more chunks from them. The cluster
// kernel runs four blocks per SM (its x-halo in shared memory, so 64 registers suffice): 62
// clusters of 8 fit on the H200 against 45 at three blocks per SM, so N = 4096 runs 120 chunks
// instead of 88 (docs/stream-and-temporal.md). The plain and the clustered kernel each have their
// own slots per thread, rows ahead and blocks per SM.
template <int kPlainSlots, int kPlainAhead, int kPlainMinBlocks, int kClusterSlots,
          int kClusterAhead, int kClusterMinBlocks, int kCluster, class T>
void launch_hybrid(const T* in, T* out, int rows, int cols, int chunks, cudaStream_t queue) {
  if (chunks <= 0) {
    constexpr int kWidth = kRunCells<T>;
    constexpr int kBlockWidth = kThreads * kPlainSlots * kWidth;
    static const int wave = resident_blocks<1>(
        &stream_kernel<kPlainSlots, kWidth, kPlainAhead, kPlainMinBlocks, 1, false, false, T>,
        dim3());
    const int column_blocks = (cols + kBlockWidth - 1) / kBlockWidth;
    if (wave / column_blocks <= rows / kMinRowsPerChunk)
      return launch_plain<kPlainSlots, kWidth, kPlainAhead, kPlainMinBlocks>(in, out, rows, cols, 0,
                                                                             queue);
    return launch_clustered<kClusterSlots, kClusterAhead, kClusterMinBlocks, kCluster>(
        in, out, rows, cols, 0, queue);
  }
  // A given chunk count: clusters where it suits them (launch_clustered falls back otherwise).
  launch_clustered<kClusterSlots, kClusterAhead, kClusterMinBlocks, kCluster>(in, out, rows, cols,
                                                                              chunks, queue);
}

}  // namespace stencil::cuda::stream_launch
