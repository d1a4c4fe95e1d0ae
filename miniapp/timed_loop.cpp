// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "timed_loop.hpp"

#include <algorithm>
#include <chrono>

#include "measure/interleaved_copy.hpp"
#include "progress.hpp"
#include "stencil/pass_depth.hpp"

namespace stencil::app {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// Iterations after which block `block` of `blocks` may end; it ends with the first pass that
// reaches them, so blocks never cut a pass short.
int block_target(int block, int blocks, int iterations) {
  return static_cast<int>(static_cast<std::int64_t>(block + 1) * iterations / blocks);
}

}  // namespace

LoopTimes run_timed_loop(Stepper& stepper, const SaveSchedule& schedule, bool show_progress,
                         LoopHooks& hooks) {
  const int deepest = stepper.deepest_pass();
  const int iterations = static_cast<int>(schedule.last - schedule.first);
  const auto step_number = [&](int done) { return schedule.first + done; };
  LoopTimes times;
  const auto timed_io = [&](auto&& io) {
    const auto start = Clock::now();
    io();
    times.io_seconds += seconds_since(start);
  };
  if (hooks.saves())
    timed_io([&] { hooks.save(schedule.first, stepper); });
  hooks.before_loop(stepper);

  Progress progress(iterations, show_progress);
  measure::InterleavedCopy copy;
  const int blocks = std::clamp(iterations / deepest, 1, kCopyBlocks);
  int block = 0;
  int block_start = 0;
  double block_seconds = 0.0;
  for (int done = 0; done < iterations;) {
    // Passes are as deep as the next save point or the end allows (hard stops); a progress
    // update or a block's end (soft stops) waits for the pass that reaches it.
    int hard_stop = iterations;
    if (hooks.saves()) {
      const std::int64_t save_point = schedule.next_after(step_number(done));
      hard_stop = static_cast<int>(save_point - schedule.first);
    }
    const int soft_stop =
        std::min(done + progress.next_batch(done), block_target(block, blocks, iterations));
    // The fence keeps the compute clock honest: launches may return before the device is done.
    const auto start = Clock::now();
    while (done < hard_stop && done < soft_stop) {
      stepper.set_pass_depth(next_pass_depth(deepest, hard_stop - done));
      hooks.step(stepper);
      done += stepper.iterations_per_step();
      ++times.passes;
    }
    stepper.fence();
    const double seconds = seconds_since(start);
    times.compute_seconds += seconds;
    block_seconds += seconds;

    if (hooks.saves() && schedule.saves(step_number(done)))
      timed_io([&] { hooks.save(step_number(done), stepper); });
    if (done >= block_target(block, blocks, iterations)) {
      const int block_iterations = done - block_start;
      if (const int copies = copy.copies_after(block_iterations); copies > 0) {
        hooks.before_copy();
        copy.record(stepper, block_seconds, block_iterations, copies);
      }
      // A pass that reaches past the next block's target as well ends that block too.
      do
        ++block;
      while (block + 1 < blocks && block_target(block, blocks, iterations) <= done);
      block_start = done;
      block_seconds = 0.0;
    }
    progress.update(done);
  }
  stepper.set_pass_depth(deepest);
  if (hooks.saves())
    timed_io([&] { hooks.commit(); });
  progress.finish();
  times.pairs = copy.pairs();
  return times;
}

}  // namespace stencil::app
