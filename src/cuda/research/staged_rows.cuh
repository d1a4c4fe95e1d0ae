// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// StagedRows: the input rows of one temporal block, kDepth at a time, in a shared-memory ring
// that the multiprocessor's bulk copy engine fills (cp.async.bulk). With it the rows requested
// ahead cost no registers, so they can be requested kDepth - 1 steps ahead where the register
// ring of temporal_kernel.cuh reaches three.
//
// Only the experiment perf/temporal_ring runs it (temporal_kernel.cuh with kRing > 0). The
// copy engine's reads are not counted by the SASS sector metric the mini-app reports, nor by the
// ncu metric the cross-check compares with, so the mini-app keeps the register ring
// (docs/stream-and-temporal.md, "input rows by bulk copy").
//
// Row y of the walk, which starts at row `first`, sits in slot (y - first) mod kDepth. Each slot
// has one mbarrier that completes one phase per use: thread 0 arrives on it once per row, with
// the row's bytes when it copies the row, with none when the row lies outside the rows to load.
// So the u-th row of a slot is the mbarrier's phase u, and every thread waits on parity u & 1.
// A slot is refilled only after the block barrier that follows every thread's read of it.
#pragma once

#include <cstdint>
#include <cuda/ptx>

#include "cuda/runtime/vector_access.cuh"

namespace stencil::cuda {

// Rows of cells of type T.
template <class T, int kDepth>
class StagedRows {
  static_assert(kDepth >= 2 && (kDepth & (kDepth - 1)) == 0, "a power of two of at least 2");

 public:
  // Shared bytes for the mbarriers and kDepth rows of up to `widest` cells. The rows start
  // 128 bytes after `shared`, which must be 128-byte aligned.
  static constexpr int shared_bytes(int widest) {
    return kBarrierBytes + kDepth * widest * static_cast<int>(sizeof(T));
  }

  // `source` is the block's first column of row 0; each row is `width` cells (whole 16-byte
  // vectors, 16-byte aligned at every row) and `pitch` cells after the one above. Rows outside
  // [load_begin, load_end) are never consumed by a needed cell and are not copied; rows at or
  // after `last` are never taken.
  __device__ StagedRows(void* shared, const T* source, int width, long pitch, int first, int last,
                        int load_begin, int load_end)
      : barriers_(static_cast<std::uint64_t*>(shared)),
        rows_(reinterpret_cast<T*>(static_cast<char*>(shared) + kBarrierBytes)),
        source_(source),
        width_(width),
        pitch_(pitch),
        first_(first),
        last_(last),
        load_begin_(load_begin),
        load_end_(load_end) {}

  // Block-uniform: arms the mbarriers and requests the first kDepth - 1 rows.
  __device__ void start() {
    if (threadIdx.x == 0) {
      for (int s = 0; s < kDepth; ++s)
        ::cuda::ptx::mbarrier_init(barriers_ + s, 1);
      ::cuda::ptx::fence_mbarrier_init(::cuda::ptx::sem_release, ::cuda::ptx::scope_cluster);
    }
    __syncthreads();
    for (int y = first_; y < first_ + kDepth - 1; ++y)
      request(y);
  }

  // Thread 0 requests row y into its slot; every thread calls it. The slot's previous row must
  // have been read by every thread before a block barrier this thread has passed.
  __device__ void request(int y) {
    if (threadIdx.x != 0 || y >= last_)
      return;
    std::uint64_t* barrier = barriers_ + slot(y);
    if (y < load_begin_ || y >= load_end_) {
      ::cuda::ptx::mbarrier_arrive(barrier);
      return;
    }
    const auto bytes = static_cast<std::uint32_t>(width_ * sizeof(T));
    ::cuda::ptx::mbarrier_arrive_expect_tx(::cuda::ptx::sem_release, ::cuda::ptx::scope_cta,
                                           ::cuda::ptx::space_shared, barrier, bytes);
    ::cuda::ptx::cp_async_bulk(::cuda::ptx::space_cluster, ::cuda::ptx::space_global, row(y),
                               source_ + y * pitch_, bytes, barrier);
  }

  // Waits for row y and reads the kCells cells at `column` (16-byte aligned) into v.
  template <int kCells>
  __device__ void take(int y, int column, T (&v)[kCells]) {
    const auto parity = static_cast<std::uint32_t>(((y - first_) / kDepth) & 1);
    while (!::cuda::ptx::mbarrier_try_wait_parity(barriers_ + slot(y), parity)) {
    }
    vector_load_shared(row(y) + column, v);
  }

 private:
  static constexpr int kBarrierBytes = 128;  // keeps the rows 128-byte aligned
  static_assert(kDepth * sizeof(std::uint64_t) <= kBarrierBytes, "the mbarriers fit");

  __device__ int slot(int y) const { return (y - first_) & (kDepth - 1); }
  __device__ T* row(int y) const { return rows_ + slot(y) * width_; }

  std::uint64_t* barriers_;
  T* rows_;
  const T* source_;
  int width_;
  long pitch_;
  int first_, last_, load_begin_, load_end_;
};

}  // namespace stencil::cuda
