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

struct RatioSummary {
  int pairs = 0;
  double median = 0.0;
  double lower_quartile = 0.0;
  double upper_quartile = 0.0;
  double median_seconds_per_copy = 0.0;  // the copy rate's reference, for copy_gb_per_s

  // (upper - lower quartile) / median; 0 with no pairs.
  double spread() const;
  bool noisy() const { return spread() > kNoisySpread; }
};

// Quantile q (0..1) of `values` (not empty), linear between the sorted values: the median of an
// even count is the mean of the middle two.
double quantile(std::vector<double> values, double q);

RatioSummary summarize(const std::vector<CopyPair>& pairs);

}  // namespace stencil::measure
