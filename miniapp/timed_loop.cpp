// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "timed_loop.hpp"

#include <algorithm>
#include <chrono>

#include "measure/interleaved_copy.hpp"
#include "progress.hpp"

namespace stencil::app {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// Steps done when block `block` of `blocks` ends.
int block_end(int block, int blocks, int steps) {
  return static_cast<int>(static_cast<std::int64_t>(block + 1) * steps / blocks);
}

}  // namespace

LoopTimes run_timed_loop(Stepper& stepper, const SaveSchedule& schedule, bool show_progress,
                         LoopHooks& hooks) {
  const int per_step = stepper.iterations_per_step();
  const int steps = static_cast<int>((schedule.last - schedule.first) / per_step);
  const auto step_number = [&](int done) {
    return schedule.first + static_cast<std::int64_t>(done) * per_step;
  };
  LoopTimes times;
  const auto timed_io = [&](auto&& io) {
    const auto start = Clock::now();
    io();
    times.io_seconds += seconds_since(start);
  };
  if (hooks.saves())
    timed_io([&] { hooks.save(schedule.first, stepper); });
  hooks.before_loop(stepper);

  Progress progress(steps, show_progress);
  measure::InterleavedCopy copy;
  const int blocks = std::min(kCopyBlocks, steps);
  int block = 0;
  double block_seconds = 0.0;
  for (int done = 0; done < steps;) {
    int stop = std::min(done + progress.next_batch(done), block_end(block, blocks, steps));
    if (hooks.saves()) {
      const std::int64_t save_point = schedule.next_after(step_number(done));
      stop = std::min(stop, static_cast<int>((save_point - schedule.first) / per_step));
    }
    // The fence keeps the compute clock honest: launches may return before the device is done.
    const auto start = Clock::now();
    for (; done < stop; ++done)
      hooks.step(stepper);
    stepper.fence();
    const double seconds = seconds_since(start);
    times.compute_seconds += seconds;
    block_seconds += seconds;

    if (hooks.saves() && schedule.saves(step_number(done)))
      timed_io([&] { hooks.save(step_number(done), stepper); });
    if (done == block_end(block, blocks, steps)) {
      const int iterations =
          (done - (block == 0 ? 0 : block_end(block - 1, blocks, steps))) * per_step;
      if (const int copies = copy.copies_after(iterations); copies > 0) {
        hooks.before_copy();
        copy.record(stepper, block_seconds, iterations, copies);
      }
      ++block;
      block_seconds = 0.0;
    }
    progress.update(done);
  }
  if (hooks.saves())
    timed_io([&] { hooks.commit(); });
  progress.finish();
  times.pairs = copy.pairs();
  return times;
}

}  // namespace stencil::app
