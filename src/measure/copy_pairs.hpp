// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The stencil/copy ratio of a run, measured on a machine that other work may share: blocks of
// steps alternate with copies of the grid, each timed with fences, and every pair of a block and
// the copies after it gives one ratio. Load that comes and goes shifts both halves of a pair
// alike, so the median of the pairs' ratios holds where one copy timed apart drifts; their spread
// says how much the machine moved under the run.
#pragma once

#include <vector>

namespace stencil::measure {

// One block of steps and the copies timed right after it.
struct CopyPair {
  double step_seconds = 0.0;  // the block, fenced
  int iterations = 0;         // stencil iterations in the block (a fused step counts k)
  double copy_seconds = 0.0;  // the copies, fenced
  int copies = 0;             // copies of the grid, each the bytes of one iteration

  // Stencil rate / copy rate: both move the same bytes per iteration and per copy.
  double ratio() const;
  double seconds_per_copy() const { return copy_seconds / copies; }
};

// The spread above which a result says its ratio is noisy: the interquartile range of the pairs'
// ratios, over their median. On a quiet machine the pairs agree within a few percent.
inline constexpr double kNoisySpread = 0.10;

// The highest ratio a run can honestly show when each pass over the grid does `iterations_per_pass`
// iterations: a single-iteration pass reads and writes every cell once, the bytes the copy moves,
// so it cannot beat the copy, and a median above 1 means one half of the pairs was mismeasured
// (a slow copy reference, a clock that missed work). A fused pass (temporal, -fuse k > 1) moves
// those bytes once for k iterations and has no such bound here: 0.
double honest_ratio_bound(int iterations_per_pass);

struct RatioSummary {
  int pairs = 0;
  double median = 0.0;
  double lower_quartile = 0.0;
  double upper_quartile = 0.0;
  double median_seconds_per_copy = 0.0;  // the copy rate's reference, for copy_gb_per_s
  double bound = 0.0;                    // honest_ratio_bound of the run; 0: none

  // (upper - lower quartile) / median; 0 with no pairs.
  double spread() const;
  // The median passes the bound: the ratio cannot be read as an efficiency.
  bool above_bound() const { return bound > 0.0 && median > bound; }
  // Either reason not to trust the ratio: a wide spread, or a median above the bound. A
  // single-iteration ratio above 1 is therefore never reported without the flag.
  bool noisy() const { return spread() > kNoisySpread || above_bound(); }
};

// Quantile q (0..1) of `values` (not empty), linear between the sorted values: the median of an
// even count is the mean of the middle two.
double quantile(std::vector<double> values, double q);

// The pairs of a run whose passes each do `iterations_per_pass` iterations (Stepper::deepest_pass).
RatioSummary summarize(const std::vector<CopyPair>& pairs, int iterations_per_pass);

}  // namespace stencil::measure
