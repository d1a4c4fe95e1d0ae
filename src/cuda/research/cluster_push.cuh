// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Pushing data into a neighbouring block's shared memory in a thread-block cluster (sm_90):
// st.async stores that count their bytes on an mbarrier in the receiving block. The receiver
// waits on its own mbarrier and reads its own shared memory; the sender needs no fence and no
// barrier after the pushes. (A cluster barrier with release semantics compiles to MEMBAR.ALL.GPU,
// which waits for every load the thread has in flight: in the stream kernel's prefetch ring, a
// full memory latency: docs/stream-and-temporal.md.)
//
// The protocol, per receiving block:
//  1. one thread calls expect_bytes() on the mbarrier before any sender can push (the cluster
//     barrier that follows orders it: arrive_relaxed() after it, wait() before pushing);
//  2. senders push() with the receiver's addresses from map_to_rank();
//  3. the receiver's threads wait_for() the mbarrier and then read what was pushed.
// PTX ISA: st.async, mbarrier (expect-tx, try_wait.parity), mapa, barrier.cluster.
#pragma once

#include <cstdint>

namespace stencil::cuda::cluster_push {

__device__ inline std::uint32_t shared_address(const void* pointer) {
  return static_cast<std::uint32_t>(__cvta_generic_to_shared(pointer));
}

// The address of the same shared variable in the block of cluster rank `rank`.
__device__ inline std::uint32_t map_to_rank(const void* pointer, unsigned rank) {
  std::uint32_t remote;
  asm volatile("mapa.shared::cluster.u32 %0, %1, %2;"
               : "=r"(remote)
               : "r"(shared_address(pointer)), "r"(rank));
  return remote;
}

// One thread: the mbarrier's phase 0 completes once `bytes` have been pushed into this block.
__device__ inline void expect_bytes(std::uint64_t* barrier, std::uint32_t bytes) {
  const std::uint32_t address = shared_address(barrier);
  asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(address) : "memory");
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(address), "r"(bytes)
               : "memory");
  asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
}

// The cluster barrier, split: arrive without ordering any memory access (the mbarrier's
// initialisation is ordered by its own fence), and wait.
__device__ inline void arrive_relaxed() {
  asm volatile("barrier.cluster.arrive.relaxed.aligned;" ::: "memory");
}
__device__ inline void wait() {
  asm volatile("barrier.cluster.wait.aligned;" ::: "memory");
}

// Pushes one 16-byte vector or one cell, of either precision, to `remote`, counted on
// `remote_barrier`.
__device__ inline void push(std::uint32_t remote, float4 value, std::uint32_t remote_barrier) {
  asm volatile(
      "st.async.shared::cluster.mbarrier::complete_tx::bytes.v4.f32 [%0], {%1, %2, %3, %4}, "
      "[%5];" ::"r"(remote),
      "f"(value.x), "f"(value.y), "f"(value.z), "f"(value.w), "r"(remote_barrier)
      : "memory");
}
__device__ inline void push(std::uint32_t remote, float value, std::uint32_t remote_barrier) {
  asm volatile(
      "st.async.shared::cluster.mbarrier::complete_tx::bytes.f32 [%0], %1, [%2];" ::"r"(remote),
      "f"(value), "r"(remote_barrier)
      : "memory");
}
__device__ inline void push(std::uint32_t remote, double2 value, std::uint32_t remote_barrier) {
  asm volatile(
      "st.async.shared::cluster.mbarrier::complete_tx::bytes.v2.f64 [%0], {%1, %2}, [%3];" ::"r"(
          remote),
      "d"(value.x), "d"(value.y), "r"(remote_barrier)
      : "memory");
}
__device__ inline void push(std::uint32_t remote, double value, std::uint32_t remote_barrier) {
  asm volatile(
      "st.async.shared::cluster.mbarrier::complete_tx::bytes.f64 [%0], %1, [%2];" ::"r"(remote),
      "d"(value), "r"(remote_barrier)
      : "memory");
}

// Every thread that reads the pushed data: until phase 0 of this block's mbarrier completes.
__device__ inline void wait_for(std::uint64_t* barrier) {
  const std::uint32_t address = shared_address(barrier);
  std::uint32_t done = 0;
  while (!done) {
    asm volatile(
        "{\n .reg .pred complete;\n"
        " mbarrier.try_wait.parity.acquire.cluster.shared::cta.b64 complete, [%1], 0;\n"
        " selp.u32 %0, 1, 0, complete;\n}"
        : "=r"(done)
        : "r"(address)
        : "memory");
  }
}

}  // namespace stencil::cuda::cluster_push
