// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The host loops around a run (initial state, reference, comparison, checksum) give the same
// values whatever the thread count, on grids large enough for them to use threads.
#include <gtest/gtest.h>

#if defined(_OPENMP)
#include <omp.h>
#endif

#include <cstdint>
#include <vector>

#include "stencil/arithmetic.hpp"
#include "stencil/compare.hpp"
#include "stencil/grid_sum.hpp"
#include "stencil/host_parallel.hpp"
#include "stencil/initial_state.hpp"
#include "stencil/reference.hpp"

namespace stencil {
namespace {

// A grid past the threshold, so the loops under test do use threads.
constexpr int kSide = 2100;
constexpr std::size_t kCells = std::size_t{kSide} * kSide;
static_assert(static_cast<std::int64_t>(kCells) > kParallelCells);

// Runs `f` with `threads` OpenMP threads, then restores the previous count.
template <class F>
auto with_threads(int threads, F f) {
#if defined(_OPENMP)
  const int previous = omp_get_max_threads();
  omp_set_num_threads(threads);
  auto result = f();
  omp_set_num_threads(previous);
  return result;
#else
  (void)threads;
  return f();
#endif
}

bool same_bits(const std::vector<float>& a, const std::vector<float>& b) {
  return compare_grids(a, b).identical();
}

TEST(HostLoops, RandomFieldIsTheSameOnOneThreadAndOnFour) {
  const auto one = with_threads(1, [] { return random_field(kCells, 7); });
  const auto four = with_threads(4, [] { return random_field(kCells, 7); });
  ASSERT_EQ(one.size(), kCells);
  EXPECT_TRUE(same_bits(one, four));
  // Each value is the hash of its own index.
  EXPECT_EQ(four[kCells - 1], hashed_value(kCells - 1, 7));
  EXPECT_EQ(four[12345], hashed_value(12345, 7));
}

TEST(HostLoops, ReferenceStepIsTheSameOnOneThreadAndOnFour) {
  const std::vector<float> in = random_field(kCells, 3);
  auto step = [&] {
    std::vector<float> out(kCells);
    reference_step_2d(in.data(), out.data(), kSide);
    return out;
  };
  const auto one = with_threads(1, step);
  const auto four = with_threads(4, step);
  EXPECT_TRUE(same_bits(one, four));
  // An interior cell and a border cell, recomputed here from the definition.
  const std::size_t i = std::size_t{1000} * kSide + 777;
  EXPECT_EQ(four[i], five_point(in[i], in[i - 1], in[i + 1], in[i - kSide], in[i + kSide]));
  EXPECT_EQ(four[kSide - 1], in[kSide - 1]);
}

TEST(HostLoops, ComparisonOfLargeGridsFindsTheirOnlyDifference) {
  std::vector<float> expected(kCells, 0.5f);
  std::vector<float> actual = expected;
  EXPECT_TRUE(compare_grids(actual, expected).identical());
  for (const std::size_t cell : {std::size_t{0}, kCells / 2 + 3, kCells - 1}) {
    actual = expected;
    actual[cell] = 0.75f;
    const GridDifference diff = compare_grids(actual, expected);
    EXPECT_EQ(diff.cells, kCells);
    EXPECT_EQ(diff.differing, 1u) << cell;
    EXPECT_EQ(diff.first_index, cell);
    EXPECT_EQ(diff.max_abs, 0.25);
  }
  actual = expected;
  actual[77] = -0.5f;  // a sign bit alone is a difference too
  EXPECT_EQ(compare_grids(actual, expected).differing, 1u);
}

TEST(HostLoops, GridSumIsExactWhereEveryPartialSumIs) {
  // 3 blocks and 7 cells, each 0.25: every partial sum is exact in double.
  const std::vector<float> cells(3 * kSumBlock + 7, 0.25f);
  EXPECT_EQ(grid_sum(cells), 0.25 * static_cast<double>(cells.size()));
  EXPECT_EQ(grid_sum(std::vector<float>{}), 0.0);
  EXPECT_EQ(grid_sum(std::vector<float>{1.5f}), 1.5);
}

TEST(HostLoops, GridSumIsTheSameOnOneThreadAndOnFour) {
  const std::vector<float> cells = random_field(kCells, 11);
  const double one = with_threads(1, [&] { return grid_sum(cells); });
  const double four = with_threads(4, [&] { return grid_sum(cells); });
  EXPECT_EQ(one, four);
  // Within rounding of a plain running sum (values in (0, 1), about 4.4e6 cells).
  double running = 0.0;
  for (const float value : cells)
    running += value;
  EXPECT_NEAR(one, running, 1e-9 * running);
}

}  // namespace
}  // namespace stencil
