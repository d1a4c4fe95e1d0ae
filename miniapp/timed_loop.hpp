// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The timed loop of every run, single-process and MPI: steps in batches that end at save points,
// progress updates and copy-pair blocks; each batch fenced and timed as compute; saves timed
// apart as i/o; the copy reference interleaved with the steps (measure/interleaved_copy.hpp). What
// differs between runs (how one step is taken, where states are saved) comes in through
// LoopHooks.
#pragma once

#include <cstdint>
#include <vector>

#include "measure/copy_pairs.hpp"
#include "save_schedule.hpp"
#include "stencil/stepper.hpp"

namespace stencil::app {

class LoopHooks {
 public:
  virtual ~LoopHooks() = default;
  // Once, after the initial save and before the clock starts.
  virtual void before_loop(Stepper& /*stepper*/) {}
  // One step of the run. The loop fences after each batch of steps.
  virtual void step(Stepper& stepper) { stepper.step(); }
  // Whether states are saved at all; when they are, a batch ends at every save point.
  virtual bool saves() const { return false; }
  // The state after `step` (a save point of the schedule); the loop times it as i/o.
  virtual void save(std::int64_t /*step*/, Stepper& /*stepper*/) {}
  // After the last save; timed as i/o.
  virtual void commit() {}
  // Right before each interleaved copy (the MPI run lines its ranks up here).
  virtual void before_copy() {}
};

struct LoopTimes {
  double compute_seconds = 0.0;          // the steps, fenced; no saving, no copies
  double io_seconds = 0.0;               // saving and committing
  int passes = 0;                        // steps taken (temporal: passes of any depth)
  std::vector<measure::CopyPair> pairs;  // the interleaved copy reference
};

// The blocks the run is cut into for its step/copy pairs: up to this many, of equal length.
inline constexpr int kCopyBlocks = 9;

// Runs the schedule's iterations (first -> last) on `stepper`, which is uploaded and warmed up:
// temporal in passes of its deepest_pass() depth, with shallower passes where a save point or
// the end comes sooner (stencil/pass_depth.hpp); it leaves the stepper at its deepest depth.
// `progress`: show a progress line (when stderr is a terminal).
LoopTimes run_timed_loop(Stepper& stepper, const SaveSchedule& schedule, bool progress,
                         LoopHooks& hooks);

}  // namespace stencil::app
