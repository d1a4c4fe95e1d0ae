// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The stream kernel: a single step that reads every cell once and writes it once, at the
// device-to-device copy rate. Launch shapes and the chunk choice live in stream.cu.
//
// What the rolling variant already does, it keeps: a block walks a chunk of rows top to bottom
// with rows y-1 and y in registers, so each row is read from global memory once per chunk. What
// it adds, and why:
//  * wide rows per block (1024 or 2048 columns in float, 512 or 2048 in double): the x-halo (two
//    scalars per row) costs under 1% of the traffic;
//  * 16-byte loads and stores (float4, double2: runtime/vector_access.cuh) where rows are 16-byte
//    aligned (cols a multiple of a thread's run, kRunCells): a quarter of the memory instructions
//    in float, half in double; other widths take the same path one cell at a time;
//  * interleaved slots: lane t of a warp owns slots t, t + 256, ... so each warp instruction
//    covers 512 contiguous bytes (one vector per lane), every sector it touches fully used;
//  * a prefetch ring: row y + 1 + kAhead is requested while row y is computed, keeping kAhead
//    rows of loads in flight per thread, which is what feeds HBM at full rate;
//  * x neighbours from row y published in shared memory, double-buffered, so one barrier per
//    row instead of two;
//  * with kCluster > 1, a thread-block cluster of kCluster vertically adjacent chunks hands the
//    rows on its inner chunk borders over through distributed shared memory instead of reading
//    them twice from global memory. Only the cluster's outer borders cost extra sectors, so the
//    grid can be cut into kCluster times more chunks (blocks in flight) for the same sector
//    budget, which is what small grids (N = 4096) need.
//
// The cluster hand-over, for the block of cluster rank r owning rows [y0, y_end):
//  1. before any load, it arms an mbarrier to count the bytes rank r + 1 will push, and arrives
//     (relaxed) on the cluster barrier;
//  2. it requests its rows as without clusters; rank r > 0 starts at row y0 + 1 with row y0 as
//     `above`: row y0 is rank r - 1's to compute;
//  3. it waits on the cluster barrier (every rank's mbarrier is armed) and, rank r > 0, pushes
//     rows y0 and y0 + 1 and row y0's x-halo into rank r - 1's shared memory (st.async, counted
//     on rank r - 1's mbarrier: cluster_push.cuh);
//  4. it walks rows y_first ... y_end - 2 exactly as without clusters;
//  5. rank r < kCluster - 1 waits on its own mbarrier (long complete) and computes rows y_end - 1
//     and y_end from what rank r + 1 pushed.
// Rank 0 reads row y0 - 1 from global memory, the last rank row y_end. No block reads another's
// shared memory, and nothing waits at the end: the only cluster-wide wait is at the start, where
// the first loads are in flight anyway, and no fence waits for the loads in flight. Reading the
// neighbour's shared memory behind cluster barriers would make their release fences wait for the
// prefetch ring and the stores (docs/stream-and-temporal.md compares the two).
#pragma once

#include <cuda_pipeline.h>

#include <cstdint>

#include "cuda/research/cluster_push.cuh"
#include "cuda/runtime/vector_access.cuh"
#include "stencil/arithmetic.hpp"

namespace stencil::cuda::stream_detail {

constexpr int kThreads = 256;

// kWidth consecutive cells: one cell, or whole 16-byte vectors (vector_access.cuh) loaded and
// stored one instruction each.
template <class T, int kWidth>
struct Slot {
  static_assert(kWidth == 1 || kWidth % kVectorCells<T> == 0, "one cell or whole vectors");
  T v[kWidth];

  // kEvictFirst: the streaming cache hint (ld.global.cs), for data read once; otherwise the
  // read-only path (ld.global.nc).
  template <bool kEvictFirst>
  __device__ void load_global(const T* p) {
    if constexpr (kWidth > 1)
      vector_load_global<kEvictFirst>(p, v);
    else
      v[0] = kEvictFirst ? __ldcs(p) : __ldg(p);
  }
  template <bool kEvictFirst>
  __device__ void store_global(T* p) const {
    if constexpr (kWidth > 1) {
      vector_store_global<kEvictFirst>(p, v);
    } else {
      if constexpr (kEvictFirst)
        __stcs(p, v[0]);
      else
        p[0] = v[0];
    }
  }
  // A shared-memory load (the rows rank r + 1 pushed).
  __device__ void load(const T* p) {
    if constexpr (kWidth > 1)
      vector_load_shared(p, v);
    else
      v[0] = p[0];
  }
};

// One row of this thread's slots, and where its x-halo (two scalars, meaningful in the edge
// threads only) lives. Left and right stay two values: folding them into one made the two
// predicated halo loads of a ring refill meet in a select, which waited on both loads at once
// and cost every row a full memory latency in the halo threads' warps, and so the whole block at
// its next barrier (docs/stream-and-temporal.md has the measured cost).
template <class T, int kSlots, int kWidth, bool kHaloInRegisters>
struct RowSlots {
  Slot<T, kWidth> s[kSlots];
  T left = T(0);   // column base - 1, in thread 0
  T right = T(0);  // column base + block width, in the last thread
};
// Registers are allocated to every thread alike, and two halo values per row in flight cost
// the ring 12 registers at kAhead = 4 (24 in double): enough to keep the cluster kernel from
// fitting four blocks per SM. There the edge threads copy the halo with cp.async into a small
// shared ring instead, and read it back themselves. The plain kernel keeps the halo in registers,
// which measured faster at its three blocks per SM.
template <class T, int kSlots, int kWidth>
struct RowSlots<T, kSlots, kWidth, false> {
  Slot<T, kWidth> s[kSlots];
};

// kAhead: rows in flight per thread besides the one being computed. kEvictFirst: streaming cache
// hints on the row loads and the stores. T, the element type, comes last and defaults to float:
// the fp32 experiments (perf/stream_ab) name a kernel by its shape alone.
template <int kSlots, int kWidth, int kAhead, int kMinBlocks, int kCluster, bool kEvictFirst,
          bool kHaloInShared = (kCluster > 1), class T = float>
__global__ void __launch_bounds__(kThreads, kMinBlocks)
    stream_kernel(const T* __restrict__ in, T* __restrict__ out, int rows, int cols) {
  constexpr int kBlockWidth = kThreads * kSlots * kWidth;  // columns a block owns
  constexpr bool kHaloInRegisters = !kHaloInShared;
  using Row = RowSlots<T, kSlots, kWidth, kHaloInRegisters>;
  // Row y, published for the x neighbours in other threads, with the block's x-halo at [0] and
  // [kBlockWidth + 1]; double-buffered so that one barrier per row suffices.
  struct Published {
    T row[kBlockWidth + 2];
  };
  __shared__ Published published_rows[2];
  // The x-halo in shared memory (kHaloInRegisters false): row y's in slot y % kHaloSlots, [0] left
  // and [1] right, each copied in and read back by the same edge thread. A slot is refilled two
  // rows (and a barrier) after its row was computed.
  constexpr int kHaloSlots = kHaloInRegisters ? 1 : kAhead + 3;
  __shared__ T halo_ring[kHaloSlots][2];
  // Cluster hand-over: rank r + 1 pushes its rows y_end and y_end + 1 and row y_end's x-halo into
  // next_rows and next_halo, and `handover` counts the bytes (kPushedBytes: every thread pushes
  // its slots, inside the grid or not, and threads 0 and kThreads - 1 a halo value each). This
  // block's own row y0 halo lands in first_row_halo before it is pushed on to rank r - 1.
  constexpr int kHandOver = kCluster > 1 ? kBlockWidth : kWidth;
  constexpr std::uint32_t kPushedBytes = (2 * kHandOver + 2) * sizeof(T);
  __shared__ __align__(16) T next_rows[2][kHandOver];
  __shared__ T next_halo[2];
  __shared__ T first_row_halo[2];
  __shared__ std::uint64_t handover;

  // Chunks split the rows evenly; with more chunks than rows some are empty (never in a cluster
  // launch, whose chunks have at least two rows: see stream.cu).
  const int base = blockIdx.x * kBlockWidth;
  const int y0 = static_cast<int>(static_cast<long>(blockIdx.y) * rows / gridDim.y);
  const int y_end = static_cast<int>(static_cast<long>(blockIdx.y + 1) * rows / gridDim.y);
  if (kCluster == 1 && y0 == y_end)
    return;  // whole block
  const int rank = kCluster > 1 ? static_cast<int>(blockIdx.y % kCluster) : 0;
  const bool above_in_cluster = rank > 0;
  const bool below_in_cluster = rank < kCluster - 1;
  const int y_first = above_in_cluster ? y0 + 1 : y0;  // row y0 of rank r > 0 is rank r - 1's
  // The lowest row read from global memory: "below" of the chunk's last row, unless the next
  // rank hands it over.
  const int last_global_row = below_in_cluster ? y_end - 1 : (y_end < rows - 1 ? y_end : rows - 1);

  // Index of slot k's first element in this thread's row of the block, and its column in the grid
  // (cols % kWidth == 0, so a slot lies wholly inside or outside the array).
  auto slot_index = [&](int k) { return (k * kThreads + threadIdx.x) * kWidth; };
  auto column = [&](int k) { return base + slot_index(k); };
  const bool left_halo_thread = threadIdx.x == 0 && base > 0;
  const bool right_halo_thread = threadIdx.x == kThreads - 1 && base + kBlockWidth < cols;
  auto halo_slot = [&](int y) { return halo_ring[y % kHaloSlots]; };
  auto halo_left = [&](int y) { return in + static_cast<long>(y) * cols + base - 1; };
  auto halo_right = [&](int y) { return in + static_cast<long>(y) * cols + base + kBlockWidth; };

  // Requests row y into `dst` and, for rows this chunk computes, its x-halo: into registers, or
  // by cp.async into `halo`. Without halo registers every thread commits one cp.async group per
  // call, empty or not, so "the groups of the kAhead rows after row y may be pending" always
  // means row y's halo has landed.
  auto load_row = [&](Row& dst, int y, T* halo) {
#pragma unroll
    for (int k = 0; k < kSlots; ++k) {
      if (column(k) < cols)
        dst.s[k].template load_global<kEvictFirst>(in + static_cast<long>(y) * cols + column(k));
    }
    if (y >= y0 && y < y_end) {  // only rows this chunk computes need their x-halo
      if constexpr (kHaloInRegisters) {
        if (left_halo_thread)
          dst.left = __ldg(halo_left(y));
        if (right_halo_thread)
          dst.right = __ldg(halo_right(y));
      } else {
        if (left_halo_thread)
          __pipeline_memcpy_async(&halo[0], halo_left(y), sizeof(T));
        if (right_halo_thread)
          __pipeline_memcpy_async(&halo[1], halo_right(y), sizeof(T));
      }
    }
    if constexpr (!kHaloInRegisters)
      __pipeline_commit();
  };
  auto skip_row = [&] {  // keeps the cp.async group count of a row that is not loaded
    if constexpr (!kHaloInRegisters)
      __pipeline_commit();
  };
  auto copy_from_shared = [&](Row& dst, const T* src) {
#pragma unroll
    for (int k = 0; k < kSlots; ++k)
      dst.s[k].load(src + slot_index(k));
  };
  // Publishes row y (`centre`) in shared memory, syncs the block, and writes output row y; `halo`
  // is row y's x-halo in shared memory, landed (the caller waits), when it is not in registers.
  // Publishing the whole row beats warp shuffles for the x neighbours with only each warp's edge
  // values published (docs/stream-and-temporal.md).
  auto compute_row = [&](int y, Published& published, const T* halo, const Row& above,
                         const Row& centre, const Row& below) {
#pragma unroll
    for (int k = 0; k < kSlots; ++k) {
#pragma unroll
      for (int e = 0; e < kWidth; ++e)
        published.row[1 + slot_index(k) + e] = centre.s[k].v[e];
    }
    if constexpr (kHaloInRegisters) {
      if (threadIdx.x == 0)
        published.row[0] = centre.left;
      if (threadIdx.x == kThreads - 1)
        published.row[kBlockWidth + 1] = centre.right;
    } else {  // each edge thread copied its own halo value in
      if (threadIdx.x == 0)
        published.row[0] = halo[0];
      if (threadIdx.x == kThreads - 1)
        published.row[kBlockWidth + 1] = halo[1];
    }
    __syncthreads();  // row y is visible; this buffer is rewritten only after the next barrier

#pragma unroll
    for (int k = 0; k < kSlots; ++k) {
      // The x neighbours of the slot's first and last element.
      const T before = published.row[slot_index(k)];
      const T after = published.row[1 + slot_index(k) + kWidth];
      const int x0 = column(k);
      if (x0 >= cols)
        continue;
      Slot<T, kWidth> result;
#pragma unroll
      for (int e = 0; e < kWidth; ++e) {
        const T c = centre.s[k].v[e];
        const T left = e > 0 ? centre.s[k].v[e - 1] : before;
        const T right = e + 1 < kWidth ? centre.s[k].v[e + 1] : after;
        result.v[e] = is_border_2d(x0 + e, y, cols, rows)
                          ? c
                          : five_point(c, left, right, above.s[k].v[e], below.s[k].v[e]);
      }
      result.template store_global<kEvictFirst>(out + static_cast<long>(y) * cols + x0);
    }
  };

  if constexpr (kCluster > 1) {  // (1)
    if (threadIdx.x == 0)
      cluster_push::expect_bytes(&handover, kPushedBytes);
    cluster_push::arrive_relaxed();
  }

  // (2) Row y0 itself is `above` when rank > 0: its halo goes aside with it, for rank r - 1.
  Row above{}, centre{}, ring[kAhead];
  if (y_first > 0)
    load_row(above, y_first - 1, above_in_cluster ? first_row_halo : nullptr);
  else
    skip_row();
  load_row(centre, y_first, halo_slot(y_first));
#pragma unroll
  for (int r = 0; r < kAhead; ++r) {
    if (y_first + 1 + r <= last_global_row)
      load_row(ring[r], y_first + 1 + r, halo_slot(y_first + 1 + r));
    else
      skip_row();
  }

  if constexpr (kCluster > 1) {
    cluster_push::wait();  // (3) every rank's mbarrier is armed
    if (above_in_cluster) {
      const unsigned to = static_cast<unsigned>(rank - 1);
      const std::uint32_t barrier = cluster_push::map_to_rank(&handover, to);
      static_assert(kCluster == 1 || kWidth % kVectorCells<T> == 0,
                    "the cluster kernel pushes slots of whole 16-byte vectors");
      constexpr int kVectors = kWidth / kVectorCells<T>;
#pragma unroll
      for (int k = 0; k < kSlots; ++k) {
#pragma unroll
        for (int i = 0; i < kVectors; ++i) {
          const int e = i * kVectorCells<T>;
          cluster_push::push(cluster_push::map_to_rank(&next_rows[0][slot_index(k) + e], to),
                             pack(above.s[k].v + e), barrier);
          cluster_push::push(cluster_push::map_to_rank(&next_rows[1][slot_index(k) + e], to),
                             pack(centre.s[k].v + e), barrier);
        }
      }
      if (threadIdx.x == 0 || threadIdx.x == kThreads - 1) {
        const int side = threadIdx.x == 0 ? 0 : 1;
        T halo = T(0);  // pushed in any case: the byte count is fixed
        if constexpr (kHaloInRegisters) {
          halo = side == 0 ? above.left : above.right;
        } else {
          __pipeline_wait_prior(kAhead + 1);  // the oldest group: row y0's (`above`)
          halo = first_row_halo[side];
        }
        const bool meaningful = side == 0 ? left_halo_thread : right_halo_thread;
        cluster_push::push(cluster_push::map_to_rank(&next_halo[side], to),
                           meaningful ? halo : T(0), barrier);
      }
    }
  }

  // (4) The walk. With a rank below in the cluster, the chunk's last row waits for that rank's
  // first row and is computed after the walk, so the walk's loop is the plain kernel's: no cluster
  // barrier or distributed-memory access inside it (inside, they measured slower).
  // Row y publishes into buffer (y - y_first) % 2: with kAhead even that is r % 2,
  // known at compile time in the unrolled loop.
  const int walk_end = below_in_cluster ? y_end - 1 : y_end;
  int parity = 0;
  for (int y_block = y_first; y_block < walk_end; y_block += kAhead) {
#pragma unroll
    for (int r = 0; r < kAhead; ++r) {
      const int y = y_block + r;
      if (y >= walk_end)
        break;  // block-uniform: every thread leaves together
      if constexpr (!kHaloInRegisters)
        __pipeline_wait_prior(kAhead);  // row y's halo: only the kAhead rows after it may pend
      Published& published = published_rows[kAhead % 2 == 0 ? r % 2 : parity];
      compute_row(y, published, halo_slot(y), above, centre, ring[r]);
      parity ^= 1;

      // Roll the window down one row, then refill the ring slot just consumed.
      above = centre;
      centre = ring[r];
      if (y + 1 + kAhead <= last_global_row)
        load_row(ring[r], y + 1 + kAhead, halo_slot(y + 1 + kAhead));
      else
        skip_row();
    }
  }

  if constexpr (kCluster > 1) {
    if (below_in_cluster) {  // (5) rows y_end - 1 and y_end, with rank r + 1's first two rows
      // `above` and `centre` hold rows walk_end - 1 and walk_end (= y_end - 1).
      parity = (walk_end - y_first) % 2;
      __pipeline_wait_prior(0);  // the halo of row y_end - 1
      cluster_push::wait_for(&handover);
      Row next_first, next_second;
      copy_from_shared(next_first, next_rows[0]);
      copy_from_shared(next_second, next_rows[1]);
      if constexpr (kHaloInRegisters) {
        if (threadIdx.x == 0)
          next_first.left = next_halo[0];
        if (threadIdx.x == kThreads - 1)
          next_first.right = next_halo[1];
      }
      compute_row(y_end - 1, published_rows[parity], halo_slot(y_end - 1), above, centre,
                  next_first);
      compute_row(y_end, published_rows[parity ^ 1], next_halo, centre, next_first, next_second);
    }
  }
}

}  // namespace stencil::cuda::stream_detail
