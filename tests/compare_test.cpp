// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "stencil/compare.hpp"

namespace stencil {
namespace {

TEST(UlpDistance, CountsRepresentableSteps) {
  EXPECT_EQ(ulp_distance(1.0f, 1.0f), 0u);
  EXPECT_EQ(ulp_distance(1.0f, std::nextafter(1.0f, 2.0f)), 1u);
  EXPECT_EQ(ulp_distance(-0.0f, 0.0f), 0u);
  EXPECT_EQ(ulp_distance(-std::numeric_limits<float>::denorm_min(),
                         std::numeric_limits<float>::denorm_min()),
            2u);
  EXPECT_EQ(ulp_distance(std::nanf(""), 1.0f), std::numeric_limits<std::uint64_t>::max());
}

TEST(CompareGrids, FindsFirstDifferenceAndMaxima) {
  const std::vector<float> expected = {1, 2, 3, 4};
  const std::vector<float> actual = {1, 2.5f, 3, 2};
  const GridDifference d = compare_grids(actual, expected);
  EXPECT_FALSE(d.identical());
  EXPECT_EQ(d.differing, 2u);
  EXPECT_EQ(d.first_index, 1u);
  EXPECT_EQ(d.max_abs, 2.0);
  EXPECT_EQ(d.max_rel, 0.5);
  EXPECT_EQ(describe_first_difference(d, 2).find("(x=1, y=0)") != std::string::npos, true);
}

TEST(CompareGrids, PoisonedCellIsADifference) {
  const std::vector<float> expected = {1, 2};
  const std::vector<float> actual = {1, std::numeric_limits<float>::quiet_NaN()};
  EXPECT_EQ(compare_grids(actual, expected).differing, 1u);
}

TEST(CompareGrids, RejectsSizeMismatch) {
  EXPECT_THROW(compare_grids(std::vector<float>{1, 2}, std::vector<float>{1}),
               std::invalid_argument);
}

}  // namespace
}  // namespace stencil
