// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The copy half of the stencil/copy pairs (copy_pairs.hpp), shared by the run command and the
// benchmark suite: after each timed block of steps, copies of the grid into the stepper's spare
// buffer (Stepper::copy_seconds, which leaves the state untouched) are timed and paired with the
// block. The copies are a budget: a quarter of the iterations stepped so far, so the reference
// costs a bounded share of the run; a block pairs when at least one copy is owed, and the first
// block always pairs, so every run has a ratio.
#pragma once

#include <vector>

#include "measure/copy_pairs.hpp"
#include "stencil/stepper.hpp"

namespace stencil::measure {

// Copies owed per stencil iteration stepped.
inline constexpr double kCopyShare = 0.25;

class InterleavedCopy {
 public:
  // Whether the block of `iterations` that just ended is paired, and with how many copies (0:
  // not paired). Depends only on the iteration counts, so the ranks of a job agree.
  int copies_after(int iterations);
  // Times `copies` copies on `stepper` (fenced) and records the pair.
  void record(Stepper& stepper, double step_seconds, int iterations, int copies);
  const std::vector<CopyPair>& pairs() const { return pairs_; }

 private:
  double owed_ = 0.0;  // copies owed; below 0 while the first block's copy is repaid
  bool paired_ = false;
  std::vector<CopyPair> pairs_;
};

}  // namespace stencil::measure
