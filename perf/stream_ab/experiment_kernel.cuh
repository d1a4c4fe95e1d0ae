// The stream kernel (issue 7): a single step that reads every cell once and writes it once, at the
// device-to-device copy rate. Launch shapes and the chunk choice live in stream.cu.
//
// What the rolling variant already does, it keeps: a block walks a chunk of rows top to bottom
// with rows y-1 and y in registers, so each row is read from global memory once per chunk. What
// it adds, and why:
//  * wide rows per block (1024 or 2048 columns): the x-halo (two scalars per row) costs under 1%
//    of the traffic;
//  * 16-byte loads and stores (float4) where rows are 16-byte aligned (N % 4 == 0): a quarter of
//    the memory instructions; other N take the same path one float at a time;
//  * interleaved slots: lane t of a warp owns slots t, t + 256, ... so each warp instruction
//    covers 512 contiguous bytes, every sector it touches fully used;
//  * a prefetch ring: row y + 1 + kAhead is requested while row y is computed, keeping kAhead
//    rows of loads in flight per thread, which is what feeds HBM at full rate;
//  * x neighbours by warp shuffle; only each warp's two edge values go through shared memory,
//    double-buffered, so one barrier per row instead of two;
//  * with kCluster > 1, a thread-block cluster of kCluster vertically adjacent chunks hands the
//    rows on its inner chunk borders over through distributed shared memory instead of reading
//    them twice from global memory. Only the cluster's outer borders cost extra sectors, so the
//    grid can be cut into kCluster times more chunks (blocks in flight) for the same sector
//    budget, which is what small grids (N = 4096) need.
//
// The cluster hand-over, for the block of cluster rank r owning rows [y0, y_end):
//  1. it keeps rows y0 and y0 + 1 (and row y0's x-halo) in its shared memory for rank r - 1, and
//     arrives on the cluster barrier;
//  2. it walks rows y0 + 1 ... y_end - 2 exactly as without clusters: row y0 is rank r - 1's to
//     compute;
//  3. it waits on the barrier (all have long arrived), reads rows y_end and y_end + 1 (rank r + 1's
//     first two rows) from rank r + 1's shared memory, and computes rows y_end - 1 and y_end;
//  4. it arrives on the barrier again and waits before it exits, so that no block leaves while
//     rank r - 1 may still read its shared memory. That wait holds up no work: the grid is one
//     wave, and nothing else computes on these SMs by then.
// Rank 0 reads row y0 - 1 from global memory, the last rank row y_end. No block touches another's
// shared memory before the first barrier (all have started) or after the second (none has
// exited). (The first design had rank r compute its own row y0 after a cluster-wide sync at the
// end, and a hand-over done wholly at the start, with each rank's last row requested out of
// turn, was correct but slower: docs/stream-and-temporal.md.)
#pragma once
// EXPERIMENT ONLY (not a correct kernel for kMode != 0): src/cuda/stream_kernel.cuh with
// switches that remove parts of the cluster hand-over, to time what each part costs.
// kMode bit 0: relaxed arrive at the start (no release fence); bit 1: the end rows are not
// computed; bit 2: relaxed arrive and wait at the end.

#include <cooperative_groups.h>
#include <cuda_pipeline.h>

#include "stencil/arithmetic.hpp"

namespace stencil::perf::stream_experiment {
using stencil::five_point;
using stencil::is_border_2d;

constexpr int kThreads = 256;

// kWidth consecutive floats, loaded and stored as one instruction where kWidth == 4.
template <int kWidth>
struct Slot {
  float v[kWidth];

  // kEvictFirst: the streaming cache hint (ld.global.cs), for data read once; otherwise the
  // read-only path (ld.global.nc).
  template <bool kEvictFirst>
  __device__ void load_global(const float* p) {
    if constexpr (kWidth == 4) {
      const float4* q = reinterpret_cast<const float4*>(p);
      const float4 t = kEvictFirst ? __ldcs(q) : __ldg(q);
      v[0] = t.x, v[1] = t.y, v[2] = t.z, v[3] = t.w;
    } else {
      v[0] = kEvictFirst ? __ldcs(p) : __ldg(p);
    }
  }
  template <bool kEvictFirst>
  __device__ void store_global(float* p) const {
    if constexpr (kWidth == 4) {
      const float4 t = make_float4(v[0], v[1], v[2], v[3]);
      if constexpr (kEvictFirst)
        __stcs(reinterpret_cast<float4*>(p), t);
      else
        *reinterpret_cast<float4*>(p) = t;
    } else {
      if constexpr (kEvictFirst)
        __stcs(p, v[0]);
      else
        p[0] = v[0];
    }
  }
  // Shared-memory (local or distributed) loads and stores.
  __device__ void load(const float* p) {
    if constexpr (kWidth == 4) {
      const float4 t = *reinterpret_cast<const float4*>(p);
      v[0] = t.x, v[1] = t.y, v[2] = t.z, v[3] = t.w;
    } else {
      v[0] = p[0];
    }
  }
  __device__ void store(float* p) const {
    if constexpr (kWidth == 4) {
      *reinterpret_cast<float4*>(p) = make_float4(v[0], v[1], v[2], v[3]);
    } else {
      p[0] = v[0];
    }
  }
};

// One row of this thread's slots, and where its x-halo (two scalars, meaningful in the edge
// threads only) lives. Left and right stay two registers: folding them into one made the two
// predicated halo loads of a ring refill meet in a select, which waited on both loads at once
// and cost every row a full memory latency in the halo threads' warps, and so the whole block at
// its next barrier (measured: 0.70 of the copy rate instead of 0.92 at N = 16384).
template <int kSlots, int kWidth, bool kHaloInRegisters>
struct RowSlots {
  Slot<kWidth> s[kSlots];
  float left = 0.0f;   // column base - 1, in thread 0
  float right = 0.0f;  // column base + block width, in the last thread
};
// Registers are allocated to every thread alike, and two halo registers per row in flight cost
// the ring 12 registers at kAhead = 4: enough to keep the cluster kernel from fitting four blocks
// per SM. There the edge threads copy the halo with cp.async into a small shared ring instead,
// and read it back themselves. (The plain kernel keeps registers: with the halo in shared memory
// it measured 3-4% slower at three blocks per SM.)
template <int kSlots, int kWidth>
struct RowSlots<kSlots, kWidth, false> {
  Slot<kWidth> s[kSlots];
};

// kAhead: rows in flight per thread besides the one being computed. kEvictFirst: streaming cache
// hints on the row loads and the stores.
template <int kSlots, int kWidth, int kAhead, int kMinBlocks, int kCluster, bool kEvictFirst,
          bool kHaloInShared, int kMode>
__global__ void __launch_bounds__(kThreads, kMinBlocks)
    stream_kernel(const float* __restrict__ in, float* __restrict__ out, int n) {
  constexpr int kBlockWidth = kThreads * kSlots * kWidth;  // columns a block owns
  constexpr bool kHaloInRegisters = !kHaloInShared;
  using Row = RowSlots<kSlots, kWidth, kHaloInRegisters>;
  // What one row publishes for the x neighbours in other threads, double-buffered so that one
  // barrier per row suffices: per run of 32 x kWidth contiguous columns (one per warp and slot),
  // last[s + 1] is run s's last value (last[0] the left halo) and first[s] its first value
  // (first[kSegments] the right halo). Inside a run the x neighbours come by warp shuffle.
  constexpr int kSegments = kSlots * kThreads / 32;
  struct Published {
    float last[kSegments + 1];
    float first[kSegments + 1];
  };
  __shared__ Published published_rows[2];
  // The x-halo in shared memory (kHaloInRegisters false): row y's in slot y % kHaloSlots, [0] left
  // and [1] right, each copied in and read back by the same edge thread. A slot is refilled two
  // rows (and a barrier) after its row was computed.
  constexpr int kHaloSlots = kHaloInRegisters ? 1 : kAhead + 3;
  __shared__ float halo_ring[kHaloSlots][2];
  // Cluster hand-over (rank > 0): rows y0 and y0 + 1 and row y0's halo, for rank r - 1, which
  // computes row y0. (In shared memory rather than registers, which the prefetch ring needs.)
  constexpr int kHandOver = kCluster > 1 ? kBlockWidth : kWidth;
  __shared__ __align__(16) float first_row[kHandOver];
  __shared__ __align__(16) float second_row[kHandOver];
  __shared__ float first_row_halo[2];

  // Chunks split the rows evenly; with more chunks than rows some are empty (never in a cluster
  // launch, whose chunks have at least two rows: see stream.cu).
  const int base = blockIdx.x * kBlockWidth;
  const int y0 = static_cast<int>(static_cast<long>(blockIdx.y) * n / gridDim.y);
  const int y_end = static_cast<int>(static_cast<long>(blockIdx.y + 1) * n / gridDim.y);
  if (kCluster == 1 && y0 == y_end)
    return;  // whole block
  const int rank = kCluster > 1 ? static_cast<int>(blockIdx.y % kCluster) : 0;
  const bool above_in_cluster = rank > 0;
  const bool below_in_cluster = rank < kCluster - 1;
  const int y_first = above_in_cluster ? y0 + 1 : y0;  // row y0 of rank r > 0 is rank r - 1's
  // The lowest row read from global memory: "below" of the chunk's last row, unless the next
  // rank hands it over.
  const int last_global_row = below_in_cluster ? y_end - 1 : (y_end < n - 1 ? y_end : n - 1);

  // Index of slot k's first element in this thread's row of the block, and its column in the grid
  // (N % kWidth == 0, so a slot lies wholly inside or outside the grid).
  auto slot_index = [&](int k) { return (k * kThreads + threadIdx.x) * kWidth; };
  auto column = [&](int k) { return base + slot_index(k); };
  const bool left_halo_thread = threadIdx.x == 0 && base > 0;
  const bool right_halo_thread = threadIdx.x == kThreads - 1 && base + kBlockWidth < n;
  auto halo_slot = [&](int y) { return halo_ring[y % kHaloSlots]; };
  auto halo_left = [&](int y) { return in + static_cast<long>(y) * n + base - 1; };
  auto halo_right = [&](int y) { return in + static_cast<long>(y) * n + base + kBlockWidth; };

  // Requests row y into `dst` and, for rows this chunk computes, its x-halo: into registers, or
  // by cp.async into `halo`. Without halo registers every thread commits one cp.async group per
  // call, empty or not, so "the groups of the kAhead rows after row y may be pending" always
  // means row y's halo has landed.
  auto load_row = [&](Row& dst, int y, float* halo) {
#pragma unroll
    for (int k = 0; k < kSlots; ++k) {
      if (column(k) < n)
        dst.s[k].template load_global<kEvictFirst>(in + static_cast<long>(y) * n + column(k));
    }
    if (y >= y0 && y < y_end) {  // only rows this chunk computes need their x-halo
      if constexpr (kHaloInRegisters) {
        if (left_halo_thread)
          dst.left = __ldg(halo_left(y));
        if (right_halo_thread)
          dst.right = __ldg(halo_right(y));
      } else {
        if (left_halo_thread)
          __pipeline_memcpy_async(&halo[0], halo_left(y), sizeof(float));
        if (right_halo_thread)
          __pipeline_memcpy_async(&halo[1], halo_right(y), sizeof(float));
      }
    }
    if constexpr (!kHaloInRegisters)
      __pipeline_commit();
  };
  auto skip_row = [&] {  // keeps the cp.async group count of a row that is not loaded
    if constexpr (!kHaloInRegisters)
      __pipeline_commit();
  };
  auto copy_from_shared = [&](Row& dst, const float* src) {
#pragma unroll
    for (int k = 0; k < kSlots; ++k)
      dst.s[k].load(src + slot_index(k));
  };
  auto copy_to_shared = [&](const Row& src, float* dst) {
#pragma unroll
    for (int k = 0; k < kSlots; ++k)
      src.s[k].store(dst + slot_index(k));
  };
  // Publishes the edge values of this warp's runs of `centre`, syncs the block, and writes output
  // row y; `halo` is row y's x-halo in shared memory, landed (the caller waits), when it is not in
  // registers. (Publishing the whole row instead, and reading each slot's two neighbours from
  // shared memory, measured 0.75 of the copy rate against 0.92 with shuffles at N = 16384.)
  const int lane = threadIdx.x % 32;
  auto segment = [&](int k) { return k * (kThreads / 32) + static_cast<int>(threadIdx.x / 32); };
  auto compute_row = [&](int y, Published& published, const float* halo, const Row& above,
                         const Row& centre, const Row& below) {
#pragma unroll
    for (int k = 0; k < kSlots; ++k) {
      if (lane == 31)
        published.last[segment(k) + 1] = centre.s[k].v[kWidth - 1];
      if (lane == 0)
        published.first[segment(k)] = centre.s[k].v[0];
    }
    if constexpr (kHaloInRegisters) {
      if (threadIdx.x == 0)
        published.last[0] = centre.left;
      if (threadIdx.x == kThreads - 1)
        published.first[kSegments] = centre.right;
    }
    __syncthreads();  // row y is visible; this buffer is rewritten only after the next barrier

#pragma unroll
    for (int k = 0; k < kSlots; ++k) {
      // The x neighbours of the slot's first and last element. All lanes shuffle, before any
      // lane leaves for a slot outside the grid. A halo in shared memory is read by its own
      // edge thread, which copied it in.
      float before = __shfl_up_sync(0xffffffffu, centre.s[k].v[kWidth - 1], 1);
      float after = __shfl_down_sync(0xffffffffu, centre.s[k].v[0], 1);
      if (lane == 0)
        before = !kHaloInRegisters && segment(k) == 0 ? halo[0] : published.last[segment(k)];
      if (lane == 31)
        after = !kHaloInRegisters && segment(k) + 1 == kSegments ? halo[1]
                                                                 : published.first[segment(k) + 1];
      const int x0 = column(k);
      if (x0 >= n)
        continue;
      Slot<kWidth> result;
#pragma unroll
      for (int e = 0; e < kWidth; ++e) {
        const float c = centre.s[k].v[e];
        const float left = e > 0 ? centre.s[k].v[e - 1] : before;
        const float right = e + 1 < kWidth ? centre.s[k].v[e + 1] : after;
        result.v[e] = is_border_2d(x0 + e, y, n)
                          ? c
                          : five_point(c, left, right, above.s[k].v[e], below.s[k].v[e]);
      }
      result.template store_global<kEvictFirst>(out + static_cast<long>(y) * n + x0);
    }
  };

  // Row y0 itself is `above` when rank > 0: its halo goes aside with it, for rank r - 1.
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
    if (above_in_cluster) {  // (1) rows y0 and y0 + 1 and row y0's halo, for rank r - 1
      copy_to_shared(above, first_row);
      copy_to_shared(centre, second_row);
      if constexpr (kHaloInRegisters) {
        if (threadIdx.x == 0)
          first_row_halo[0] = above.left;
        if (threadIdx.x == kThreads - 1)
          first_row_halo[1] = above.right;
      } else {
        __pipeline_wait_prior(kAhead + 1);  // the halo's group, the oldest: row y0's (`above`)
      }
    }
    if constexpr (kMode & 1)
      asm volatile("barrier.cluster.arrive.relaxed.aligned;" ::: "memory");
    else
      cooperative_groups::this_cluster().barrier_arrive();  // release: the rows are published
  }

  // The walk. With a rank below in the cluster, the chunk's last row waits for that rank's first
  // row and is computed after the walk, so the walk's loop is the plain kernel's: no cluster
  // barrier or distributed-memory access inside it (with them inside, the loop measured 25%
  // slower). Row y publishes into buffer (y - y_first) % 2: with kAhead even that is r % 2,
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
    // `above` and `centre` now hold rows walk_end - 1 and walk_end.
    parity = (walk_end - y_first) % 2;
    __pipeline_wait_prior(0);  // the halo of row y_end - 1
    auto cluster = cooperative_groups::this_cluster();
    cluster.barrier_wait();                  // every rank has published its first two rows
    if (!(kMode & 2) && below_in_cluster) {  // (3) rows y_end - 1 and y_end
      Row next_first, next_second;
      copy_from_shared(next_first, cluster.map_shared_rank(first_row, rank + 1));
      copy_from_shared(next_second, cluster.map_shared_rank(second_row, rank + 1));
      const float* next_halo = cluster.map_shared_rank(first_row_halo, rank + 1);
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
    if constexpr (kMode & 4) {
      asm volatile("barrier.cluster.arrive.relaxed.aligned;" ::: "memory");
      asm volatile("barrier.cluster.wait.aligned;" ::: "memory");
    } else {
      cluster.barrier_arrive();  // (4) done with rank r + 1's shared memory
      cluster.barrier_wait();
    }
  }
}

}  // namespace stencil::perf::stream_experiment
