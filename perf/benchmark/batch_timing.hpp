// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// How one benchmark iteration is timed: a batch of operations (stencil steps or copies) that ends
// in a fence, measured with a steady clock and handed to Google Benchmark as manual time. The
// fence makes the host clock honest for asynchronous devices; the batch amortises its cost.
#pragma once

#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstddef>

namespace stencil::perf {

// Operations per timed batch. A GPU batch holds at least 2^28 cell updates (many times the
// microseconds of fence and launch gap on any GPU) and never fewer than 4 steps; on a
// host a fence is only a thread barrier, so a batch of 2^22 updates keeps small grids honest
// without making the large ones slow.
inline int operations_per_batch(std::size_t cells, bool on_gpu) {
  const std::size_t target = on_gpu ? (std::size_t{1} << 28) : (std::size_t{1} << 22);
  const std::size_t wanted = target / std::max<std::size_t>(cells, 1);
  return static_cast<int>(std::clamp<std::size_t>(wanted, on_gpu ? 4 : 1, 4096));
}

// Runs the benchmark loop; returns the seconds of all timed batches together. `after_batch(s)`
// runs after each batch of s seconds, outside the timing (the interleaved copy reference).
template <class Operation, class Fence, class AfterBatch>
double time_batches(benchmark::State& state, int batch, Operation&& operation, Fence&& fence,
                    AfterBatch&& after_batch) {
  double total_seconds = 0.0;
  for (auto _ : state) {
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < batch; ++i)
      operation();
    fence();
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    state.SetIterationTime(seconds);
    total_seconds += seconds;
    after_batch(seconds);
  }
  return total_seconds;
}

template <class Operation, class Fence>
double time_batches(benchmark::State& state, int batch, Operation&& operation, Fence&& fence) {
  return time_batches(state, batch, operation, fence, [](double) {});
}

}  // namespace stencil::perf
