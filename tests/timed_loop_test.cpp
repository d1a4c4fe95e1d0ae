// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The one timed loop of the run command and the MPI run, on real host steppers: it takes every
// step once, saves exactly the schedule's steps (each state the reference loop's at that step),
// keeps the interleaved copies within their budget, and the copies leave the state untouched;
// temporal runs of any length in passes of mixed depth.
#include <gtest/gtest.h>

#include <map>
#include <numeric>

#include "stencil/compare.hpp"
#include "stencil/initial_state.hpp"
#include "stencil/reference.hpp"
#include "test_backends.hpp"
#include "timed_loop.hpp"

namespace stencil::app {
namespace {

// Counts the steps, records each one's depth and keeps every saved state. Each step's output is
// poisoned first, so a pass that misses a cell shows NaN in the next saved state.
class RecordingHooks : public LoopHooks {
 public:
  void step(Stepper& stepper) override {
    ++steps;
    depths.push_back(stepper.iterations_per_step());
    stepper.poison_next_output();
    stepper.step();
  }
  bool saves() const override { return true; }
  void save(std::int64_t step, Stepper& stepper) override {
    saved[step] = stepper.download().values<float>();
  }
  void commit() override { ++commits; }
  void before_copy() override { ++copies_announced; }

  int steps = 0;
  std::vector<int> depths;
  int commits = 0;
  int copies_announced = 0;
  std::map<std::int64_t, std::vector<float>> saved;
};

TEST(TimedLoop, StepsOnceSavesTheScheduleAndCopiesWithinBudget) {
  constexpr int kN = 29;
  int checked = 0;
  for (const Backend& backend : test::host_backends()) {
    if (!unavailable_reason(backend).empty())
      continue;  // a model this build or machine lacks
    for (const char* name : {"naive", "tiled", "temporal", "naive1d"}) {
      const VariantInfo* variant = find_variant(name);
      if (variant == nullptr || !variant->implemented_by(backend.implementation))
        continue;
      SCOPED_TRACE(backend.label() + " " + name);
      RunConfig config{variant, kN};
      config.fuse = 2;  // temporal: two iterations per step; dropped elsewhere
      auto stepper = open_stepper(backend, check_config(config));
      const int per_step = stepper->iterations_per_step();
      const auto initial = random_field(cell_count(*variant, kN), 11);
      stepper->upload(initial);
      stepper->warm_up();
      stepper->fence();
      // A restart at step 4 of a run saved every 6 steps, 20 iterations long.
      const SaveSchedule schedule{4, 24, 6};
      RecordingHooks hooks;
      const LoopTimes times = run_timed_loop(*stepper, schedule, false, hooks);

      EXPECT_EQ(hooks.steps, 20 / per_step);
      EXPECT_EQ(hooks.commits, 1);
      std::vector<std::int64_t> steps;
      for (const auto& [step, state] : hooks.saved) {
        steps.push_back(step);
        const auto expected =
            reference_run(*variant, kN, static_cast<int>(step - schedule.first), initial);
        EXPECT_TRUE(compare_grids(state, expected).identical()) << "step " << step;
      }
      EXPECT_EQ(steps, (std::vector<std::int64_t>{4, 6, 12, 18, 24}));

      ASSERT_FALSE(times.pairs.empty());
      EXPECT_EQ(hooks.copies_announced, static_cast<int>(times.pairs.size()));
      int copies = 0, iterations = 0;
      for (const measure::CopyPair& pair : times.pairs) {
        EXPECT_GT(pair.copies, 0);
        EXPECT_GT(pair.iterations, 0);
        copies += pair.copies;
        iterations += pair.iterations;
      }
      EXPECT_LE(copies, 20 / 4 + 1);  // a quarter of the iterations, and the first block's copy
      EXPECT_LE(iterations, 20);
      EXPECT_GE(times.compute_seconds, 0.0);
      ++checked;
    }
  }
  EXPECT_GT(checked, 0);
}

// temporal at its deepest depth on a run whose length, start and save points it divides
// nowhere: a restart at step 5 saved every 6 steps, 23 iterations long. The passes are as deep as
// the next stop allows, the saved states are the reference loop's, and the stepper ends at its
// configured depth.
TEST(TimedLoop, TemporalRunsAnyLengthInPassesOfMixedDepth) {
  constexpr int kN = 37;
  const VariantInfo* variant = find_variant("temporal");
  ASSERT_NE(variant, nullptr);
  int checked = 0;
  for (const Backend& backend : test::host_backends()) {
    if (!unavailable_reason(backend).empty() || !variant->implemented_by(backend.implementation))
      continue;
    SCOPED_TRACE(backend.label());
    RunConfig config{variant, kN};
    config.fuse = 8;
    auto stepper = open_stepper(backend, check_config(config));
    ASSERT_EQ(stepper->deepest_pass(), 8);
    const auto initial = random_field(cell_count(*variant, kN), 23);
    stepper->upload(initial);
    stepper->warm_up();
    stepper->fence();
    const SaveSchedule schedule{5, 28, 6};
    RecordingHooks hooks;
    run_timed_loop(*stepper, schedule, false, hooks);

    // 5 -> 6 -> 12 -> 18 -> 24 -> 28: 1 | 4 2 | 4 2 | 4 2 | 4.
    EXPECT_EQ(hooks.depths, (std::vector<int>{1, 4, 2, 4, 2, 4, 2, 4}));
    EXPECT_EQ(std::accumulate(hooks.depths.begin(), hooks.depths.end(), 0), 23);
    for (const auto& [step, state] : hooks.saved) {
      const auto expected =
          reference_run(*variant, kN, static_cast<int>(step - schedule.first), initial);
      EXPECT_TRUE(compare_grids(state, expected).identical()) << "step " << step;
    }
    EXPECT_EQ(hooks.saved.size(), 6u);
    EXPECT_EQ(stepper->iterations_per_step(), 8);
    ++checked;
  }
  EXPECT_GT(checked, 0);
}

// Full passes of the configured depth between save points, and the remainder at the end only.
TEST(TimedLoop, TemporalKeepsFullPassesUntilTheRemainder) {
  constexpr int kN = 19;
  const VariantInfo* variant = find_variant("temporal");
  ASSERT_NE(variant, nullptr);
  int checked = 0;
  for (const Backend& backend : test::host_backends()) {
    if (!unavailable_reason(backend).empty() || !variant->implemented_by(backend.implementation))
      continue;
    SCOPED_TRACE(backend.label());
    RunConfig config{variant, kN};
    config.fuse = 4;
    auto stepper = open_stepper(backend, check_config(config));
    const auto initial = random_field(cell_count(*variant, kN), 5);
    stepper->upload(initial);
    const SaveSchedule schedule{0, 103, 0};
    RecordingHooks hooks;
    run_timed_loop(*stepper, schedule, false, hooks);
    std::vector<int> expected(25, 4);
    expected.insert(expected.end(), {2, 1});
    EXPECT_EQ(hooks.depths, expected);
    EXPECT_TRUE(
        compare_grids(hooks.saved.at(103), reference_run(*variant, kN, 103, initial)).identical());
    ++checked;
  }
  EXPECT_GT(checked, 0);
}

TEST(Stepper, RefusesPassDepthsItHasNoKernelFor) {
  const VariantInfo* temporal = find_variant("temporal");
  const VariantInfo* naive = find_variant("naive");
  for (const Backend& backend : test::host_backends()) {
    if (!unavailable_reason(backend).empty() || !temporal->implemented_by(backend.implementation))
      continue;
    RunConfig config{temporal, 9};
    config.fuse = 4;
    auto stepper = open_stepper(backend, check_config(config));
    EXPECT_THROW(stepper->set_pass_depth(8), std::invalid_argument);  // deeper than its ghosts
    EXPECT_THROW(stepper->set_pass_depth(3), std::invalid_argument);  // no such instantiation
    stepper->set_pass_depth(2);
    EXPECT_EQ(stepper->iterations_per_step(), 2);
    EXPECT_EQ(stepper->deepest_pass(), 4);
    if (naive->implemented_by(backend.implementation)) {
      auto single = open_stepper(backend, check_config(RunConfig{naive, 9}));
      EXPECT_THROW(single->set_pass_depth(2), std::invalid_argument);
      single->set_pass_depth(1);  // its own depth: nothing to change
    }
    return;
  }
  GTEST_SKIP() << "no host model with temporal in this build";
}

}  // namespace
}  // namespace stencil::app
