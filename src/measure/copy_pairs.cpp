// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "measure/copy_pairs.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace stencil::measure {

double CopyPair::ratio() const {
  return seconds_per_copy() / (step_seconds / iterations);
}

double RatioSummary::spread() const {
  return median > 0.0 ? (upper_quartile - lower_quartile) / median : 0.0;
}

double quantile(std::vector<double> values, double q) {
  if (values.empty())
    throw std::invalid_argument("quantile of no values");
  std::sort(values.begin(), values.end());
  const double position = q * static_cast<double>(values.size() - 1);
  const auto below = static_cast<std::size_t>(std::floor(position));
  const std::size_t above = std::min(below + 1, values.size() - 1);
  const double weight = position - static_cast<double>(below);
  return values[below] + weight * (values[above] - values[below]);
}

double honest_ratio_bound(int iterations_per_pass) {
  return iterations_per_pass == 1 ? 1.0 : 0.0;
}

RatioSummary summarize(const std::vector<CopyPair>& pairs, int iterations_per_pass) {
  RatioSummary summary;
  summary.bound = honest_ratio_bound(iterations_per_pass);
  summary.pairs = static_cast<int>(pairs.size());
  if (pairs.empty())
    return summary;
  std::vector<double> ratios, copy_seconds;
  for (const CopyPair& pair : pairs) {
    ratios.push_back(pair.ratio());
    copy_seconds.push_back(pair.seconds_per_copy());
  }
  summary.median = quantile(ratios, 0.5);
  summary.lower_quartile = quantile(ratios, 0.25);
  summary.upper_quartile = quantile(ratios, 0.75);
  summary.median_seconds_per_copy = quantile(copy_seconds, 0.5);
  return summary;
}

}  // namespace stencil::measure
