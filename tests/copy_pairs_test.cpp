// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The arithmetic of the interleaved stencil/copy ratio: each pair's ratio, the quantiles, the
// spread and its noisy flag, the copy budget, and how the result block, CSV and JSON carry them.
// The expected values are worked by hand from the inputs.
#include <gtest/gtest.h>

#include <sstream>

#include "measure/copy_pairs.hpp"
#include "measure/interleaved_copy.hpp"
#include "process.hpp"
#include "run_result.hpp"

namespace stencil::app {
namespace {

using measure::CopyPair;
using measure::InterleavedCopy;
using measure::kCopyShare;
using measure::quantile;
using measure::RatioSummary;
using measure::summarize;

CopyPair pair_of(double step_seconds, int iterations, double copy_seconds, int copies) {
  return CopyPair{step_seconds, iterations, copy_seconds, copies};
}

TEST(CopyPairs, ARatioComparesTimePerIterationWithTimePerCopy) {
  // 10 iterations in 2 s (0.2 s each), 4 copies in 0.4 s (0.1 s each): the stencil runs at half
  // the copy's rate.
  EXPECT_DOUBLE_EQ(pair_of(2.0, 10, 0.4, 4).ratio(), 0.5);
  // A fused block counts its iterations, not its steps: 8 iterations in 0.4 s, 1 copy in 0.1 s.
  EXPECT_DOUBLE_EQ(pair_of(0.4, 8, 0.1, 1).ratio(), 2.0);
}

TEST(CopyPairs, QuantilesInterpolateBetweenSortedValues) {
  EXPECT_DOUBLE_EQ(quantile({3.0, 1.0, 2.0}, 0.5), 2.0);
  EXPECT_DOUBLE_EQ(quantile({10.0, 1.0, 3.0, 2.0}, 0.5), 2.5);  // the middle two, averaged
  EXPECT_DOUBLE_EQ(quantile({5.0, 4.0, 3.0, 2.0, 1.0}, 0.25), 2.0);
  EXPECT_DOUBLE_EQ(quantile({5.0, 4.0, 3.0, 2.0, 1.0}, 0.75), 4.0);
  EXPECT_DOUBLE_EQ(quantile({1.0, 2.0}, 0.25), 1.25);
  EXPECT_DOUBLE_EQ(quantile({7.0}, 0.25), 7.0);
  EXPECT_THROW(quantile({}, 0.5), std::invalid_argument);
}

TEST(CopyPairs, TheSummaryIsTheMedianPairNotTheRatioOfTotals) {
  // Ratios 0.5, 0.8, 0.9, 1.0, 4.0 (one pair disturbed); the totals would give another number.
  const std::vector<CopyPair> pairs = {pair_of(1.0, 1, 0.9, 1), pair_of(1.0, 1, 4.0, 1),
                                       pair_of(1.0, 1, 0.5, 1), pair_of(2.0, 2, 1.6, 2),
                                       pair_of(1.0, 1, 1.0, 1)};
  const RatioSummary s = summarize(pairs, 2);  // fused: no bound, only the spread counts
  EXPECT_EQ(s.pairs, 5);
  EXPECT_DOUBLE_EQ(s.median, 0.9);
  EXPECT_DOUBLE_EQ(s.lower_quartile, 0.8);
  EXPECT_DOUBLE_EQ(s.upper_quartile, 1.0);
  EXPECT_NEAR(s.spread(), 0.2 / 0.9, 1e-12);
  // Seconds per copy: 0.9, 4.0, 0.5, 0.8, 1.0 -> median 0.9.
  EXPECT_DOUBLE_EQ(s.median_seconds_per_copy, 0.9);
}

// A run of fused passes (temporal, -fuse 2): no bound on its ratio, so only the spread flags it.
RatioSummary fused(const std::vector<CopyPair>& pairs) {
  return summarize(pairs, 2);
}

TEST(CopyPairs, NoisyWhenTheInterquartileRangePassesATenthOfTheMedian) {
  // Ratios 1.00, 1.02, 1.04: quartiles 1.01 and 1.03, spread 0.02 / 1.02.
  const RatioSummary quiet =
      fused({pair_of(1.0, 1, 1.0, 1), pair_of(1.0, 1, 1.02, 1), pair_of(1.0, 1, 1.04, 1)});
  EXPECT_FALSE(quiet.noisy()) << quiet.spread();
  // Ratios 1.0, 1.3, 1.6: quartiles 1.15 and 1.45, spread 0.3 / 1.3.
  const RatioSummary busy =
      fused({pair_of(1.0, 1, 1.0, 1), pair_of(1.0, 1, 1.3, 1), pair_of(1.0, 1, 1.6, 1)});
  EXPECT_TRUE(busy.noisy()) << busy.spread();
  // Either side of the line: ratios 0.91, 1, 1.09 spread 0.09; 0.89, 1, 1.11 spread 0.11.
  EXPECT_FALSE(
      fused({pair_of(1.0, 1, 0.91, 1), pair_of(1.0, 1, 1.0, 1), pair_of(1.0, 1, 1.09, 1)}).noisy());
  EXPECT_TRUE(
      fused({pair_of(1.0, 1, 0.89, 1), pair_of(1.0, 1, 1.0, 1), pair_of(1.0, 1, 1.11, 1)}).noisy());
  EXPECT_FALSE(fused({}).noisy());
  EXPECT_EQ(fused({}).pairs, 0);
}

TEST(CopyPairs, ASingleIterationRatioAboveOneIsAlwaysFlagged) {
  EXPECT_EQ(measure::honest_ratio_bound(1), 1.0);
  EXPECT_EQ(measure::honest_ratio_bound(4), 0.0);
  // Ratios 3.9, 4.0, 4.1: the pairs agree (spread 0.05), but a step of one iteration cannot
  // outrun a copy of its bytes four times over.
  const std::vector<CopyPair> agreeing = {pair_of(1.0, 1, 3.9, 1), pair_of(1.0, 1, 4.0, 1),
                                          pair_of(1.0, 1, 4.1, 1)};
  const RatioSummary single = summarize(agreeing, 1);
  EXPECT_LT(single.spread(), measure::kNoisySpread);
  EXPECT_TRUE(single.above_bound());
  EXPECT_TRUE(single.noisy());
  // The same pairs from passes of 4 fused iterations are a plausible temporal ratio.
  EXPECT_FALSE(summarize(agreeing, 4).above_bound());
  EXPECT_FALSE(summarize(agreeing, 4).noisy());
  // At the bound itself, and below it, only the spread decides.
  EXPECT_FALSE(summarize({pair_of(1.0, 1, 1.0, 1)}, 1).noisy());
  EXPECT_FALSE(summarize({pair_of(1.0, 1, 0.5, 1)}, 1).noisy());
  EXPECT_TRUE(summarize({pair_of(1.0, 1, 1.001, 1)}, 1).noisy());
  EXPECT_FALSE(summarize({}, 1).noisy());
}

TEST(CopyPairs, TheFirstBlockAlwaysPairsAndTheCopiesStayAQuarterOfTheIterations) {
  InterleavedCopy small;
  EXPECT_EQ(small.copies_after(1), 1);  // a run of one step still gets its ratio
  EXPECT_EQ(small.copies_after(1), 0);  // owed -0.75 + 0.25
  EXPECT_EQ(small.copies_after(1), 0);
  EXPECT_EQ(small.copies_after(1), 0);  // the first copy repaid
  EXPECT_EQ(small.copies_after(1), 0);
  EXPECT_EQ(small.copies_after(1), 0);
  EXPECT_EQ(small.copies_after(1), 0);
  EXPECT_EQ(small.copies_after(1), 1);  // 8 iterations, 2 copies
}

TEST(CopyPairs, LongBlocksPairWithAQuarterOfTheirIterationsInCopies) {
  InterleavedCopy copy;
  EXPECT_EQ(copy.copies_after(100), 25);
  EXPECT_EQ(copy.copies_after(10), 2);  // owed 2.5
  EXPECT_EQ(copy.copies_after(2), 1);   // owed 0.5 + 0.5
  EXPECT_EQ(copy.copies_after(4), 1);
}

RunResult sample_result(const RatioSummary& ratio) {
  RunResult r;
  r.variant = "naive";
  r.implementation = "kokkos";
  r.execution_space = "Serial";
  r.n = 10;
  r.iterations = 4;
  r.seconds = 1.0;
  r.copy_ratio = ratio;
  r.verification = "skipped";
  return r;
}

std::string printed(const RunResult& r, OutputFormat format) {
  std::ostringstream out;
  print_result(out, r, format);
  return out.str();
}

RatioSummary ratio_of(double median, double q1, double q3, int pairs) {
  RatioSummary s;
  s.pairs = pairs;
  s.median = median;
  s.lower_quartile = q1;
  s.upper_quartile = q3;
  s.median_seconds_per_copy = 0.5;
  return s;
}

TEST(CopyPairs, TheResultBlockShowsTheMedianTheQuartilesAndANoisyLineOnlyWhenNoisy) {
  const std::string quiet =
      printed(sample_result(ratio_of(0.75, 0.74, 0.76, 9)), OutputFormat::text);
  EXPECT_NE(quiet.find("stencil/copy = 0.750\n"), std::string::npos) << quiet;
  EXPECT_NE(quiet.find("ratio spread     : 0.740 .. 0.760 (interquartile of 9 step/copy pairs"),
            std::string::npos)
      << quiet;
  EXPECT_EQ(quiet.find("noisy"), std::string::npos) << quiet;
  const std::string busy = printed(sample_result(ratio_of(0.75, 0.6, 0.9, 9)), OutputFormat::text);
  EXPECT_NE(busy.find("noisy            : the pairs' ratios spread 40 % of their median: other "
                      "load on this machine?"),
            std::string::npos)
      << busy;
  // The pairs agree, but a single-iteration step ran four times faster than the copy.
  RatioSummary beyond = ratio_of(4.0, 3.95, 4.05, 9);
  beyond.bound = measure::honest_ratio_bound(1);
  const RunResult r = sample_result(beyond);
  const std::string text = printed(r, OutputFormat::text);
  EXPECT_NE(text.find("noisy            : a single-iteration step cannot outrun a copy"),
            std::string::npos)
      << text;
  EXPECT_EQ(test::csv_result(printed(r, OutputFormat::csv))["ratio_noisy"], "1");
  EXPECT_NE(printed(r, OutputFormat::json).find("\"ratio_noisy\": true"), std::string::npos);
}

TEST(CopyPairs, CsvAndJsonCarryTheMedianAndTheSpread) {
  const RunResult r = sample_result(ratio_of(0.75, 0.6, 0.9, 7));
  auto row = test::csv_result(printed(r, OutputFormat::csv));
  EXPECT_EQ(row["ratio_to_copy"], "0.750000");
  EXPECT_EQ(row["ratio_q1"], "0.600000");
  EXPECT_EQ(row["ratio_q3"], "0.900000");
  EXPECT_EQ(row["ratio_pairs"], "7");
  EXPECT_EQ(row["ratio_noisy"], "1");
  // 10 x 10 cells, 8 bytes each, in 0.5 s per copy.
  EXPECT_EQ(row["copy_gb_per_s"], "0.000002");
  const std::string json = printed(r, OutputFormat::json);
  for (const char* member :
       {"\"ratio_to_copy\": 0.750000", "\"ratio_q1\": 0.600000", "\"ratio_q3\": 0.900000",
        "\"ratio_pairs\": 7", "\"ratio_noisy\": true"}) {
    EXPECT_NE(json.find(member), std::string::npos) << member << "\n" << json;
  }
  const RunResult quiet = sample_result(ratio_of(0.75, 0.74, 0.76, 9));
  EXPECT_EQ(test::csv_result(printed(quiet, OutputFormat::csv))["ratio_noisy"], "0");
  EXPECT_NE(printed(quiet, OutputFormat::json).find("\"ratio_noisy\": false"), std::string::npos);
}

}  // namespace
}  // namespace stencil::app
