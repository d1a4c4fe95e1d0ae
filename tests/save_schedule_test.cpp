// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Which iterations a run saves; the numbers below are worked out by hand from the rule in
// save_schedule.hpp (first, every multiple of K, last).
#include <gtest/gtest.h>

#include "save_schedule.hpp"

namespace stencil::app {
namespace {

std::vector<std::int64_t> saved_steps(const SaveSchedule& s) {
  std::vector<std::int64_t> steps{s.first};
  for (std::int64_t step = s.first; step < s.last;) {
    step = s.next_after(step);
    if (s.saves(step))
      steps.push_back(step);
  }
  return steps;
}

TEST(SaveSchedule, FirstMultiplesOfKAndLast) {
  EXPECT_EQ(saved_steps({0, 10, 4}), (std::vector<std::int64_t>{0, 4, 8, 10}));
  EXPECT_EQ(saved_steps({0, 8, 4}), (std::vector<std::int64_t>{0, 4, 8}));
  EXPECT_EQ(saved_steps({0, 3, 0}), (std::vector<std::int64_t>{0, 3}));
  EXPECT_EQ(saved_steps({0, 1, 1}), (std::vector<std::int64_t>{0, 1}));
}

TEST(SaveSchedule, RestartKeepsAbsoluteStepNumbers) {
  // Restarted at 12 with K = 5: the same steps as an uninterrupted run saves after 12.
  EXPECT_EQ(saved_steps({12, 30, 5}), (std::vector<std::int64_t>{12, 15, 20, 25, 30}));
  EXPECT_EQ(saved_steps({15, 21, 5}), (std::vector<std::int64_t>{15, 20, 21}));
}

}  // namespace
}  // namespace stencil::app
