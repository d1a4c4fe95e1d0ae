// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The one timed loop of the run command and the MPI run, on real host steppers: it takes every
// step once, saves exactly the schedule's steps (each state the reference loop's at that step),
// keeps the interleaved copies within their budget, and the copies leave the state untouched.
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

// Counts the steps and keeps every saved state.
class RecordingHooks : public LoopHooks {
 public:
  void step(Stepper& stepper) override {
    ++steps;
    stepper.step();
  }
  bool saves() const override { return true; }
  void save(std::int64_t step, Stepper& stepper) override { saved[step] = stepper.download(); }
  void commit() override { ++commits; }
  void before_copy() override { ++copies_announced; }

  int steps = 0;
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

}  // namespace
}  // namespace stencil::app
