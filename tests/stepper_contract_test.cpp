// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The parts of the Stepper contract the bit-for-bit suite does not reach: warm_up() and
// copy_seconds() must leave the current state untouched (the driver calls both around its timed
// loop, and a restart or a saved state must not depend on them), and a step after them still
// matches the reference; warm_up_every_pass_depth() warms every depth a timed loop can take.
#include <gtest/gtest.h>

#include <set>
#include <vector>

#include "stencil/compare.hpp"
#include "stencil/initial_state.hpp"
#include "stencil/pass_depth.hpp"
#include "stencil/reference.hpp"
#include "test_backends.hpp"

namespace stencil::test {
namespace {

TEST(StepperContract, WarmUpAndCopyLeaveTheStateUntouched) {
  constexpr int kN = 67;  // odd, and not a multiple of any tile, block or band
  int checked = 0;
  for (const Backend& backend : host_backends()) {
    if (!unavailable_reason(backend).empty())
      continue;  // a model this build or machine lacks
    for (const auto& variant : kVariants) {
      if (!variant.implemented_by(backend.implementation))
        continue;
      SCOPED_TRACE(backend.label() + " " + std::string(variant.name));
      RunConfig config{&variant, kN};
      config.fuse = 2;  // temporal: two iterations per step; check_config drops it elsewhere
      const auto initial = random_field(cell_count(variant, kN), 7);
      auto stepper = open_stepper(backend, check_config(config));
      stepper->upload(initial);
      stepper->warm_up();
      stepper->fence();
      EXPECT_GE(stepper->copy_seconds(2), 0.0);
      ASSERT_TRUE(compare_grids(stepper->download(), initial).identical());
      stepper->poison_next_output();
      stepper->step();
      const auto expected = reference_run(variant, kN, stepper->iterations_per_step(), initial);
      const GridDifference diff = compare_grids(stepper->download(), expected);
      ASSERT_TRUE(diff.identical())
          << describe_first_difference(diff, variant.dimensions == 2 ? kN : 0);
      ++checked;
    }
  }
  EXPECT_GT(checked, 0);
}

// Records the pass depth of every warm_up(); nothing else runs.
class WarmUpRecorder : public Stepper {
 public:
  using Stepper::Stepper;
  std::string model() const override { return "recorder"; }
  std::string execution_space() const override { return "nowhere"; }
  void upload(const Cells& /*cells*/) override {}
  void poison_next_output() override {}
  void step() override {}
  void warm_up() override { warmed.push_back(iterations_per_step()); }
  void fence() override {}
  Cells download() override { return {}; }
  GridAccess grids() override { return {}; }

  std::vector<int> warmed;
};

// The depths a timed loop of any length can take below `deepest` (its remainders and save
// points cut them with next_pass_depth).
std::set<int> depths_a_run_can_take(int deepest) {
  std::set<int> depths;
  for (int left = 1; left <= 4 * deepest; ++left)
    depths.insert(next_pass_depth(deepest, left));
  return depths;
}

TEST(StepperContract, WarmUpEveryPassDepthCoversRemaindersAndKeepsTheDepth) {
  const VariantInfo* temporal = find_variant("temporal");
  ASSERT_NE(temporal, nullptr);
  for (const int deepest : kAllFuseDepths) {
    SCOPED_TRACE("deepest pass " + std::to_string(deepest));
    RunConfig config{temporal, 64};
    config.fuse = deepest;
    WarmUpRecorder stepper(config);
    if (deepest > 1)
      stepper.set_pass_depth(1);  // a loop may leave a shallower depth set
    stepper.warm_up_every_pass_depth();
    const std::set<int> warmed(stepper.warmed.begin(), stepper.warmed.end());
    EXPECT_EQ(warmed, depths_a_run_can_take(deepest));
    EXPECT_EQ(stepper.warmed.size(), warmed.size()) << "a depth warmed twice";
    EXPECT_EQ(stepper.iterations_per_step(), 1);
    EXPECT_EQ(stepper.deepest_pass(), deepest);
  }
  const VariantInfo* naive = find_variant("naive");
  ASSERT_NE(naive, nullptr);
  WarmUpRecorder single_step(RunConfig{naive, 64});
  single_step.warm_up_every_pass_depth();
  EXPECT_EQ(single_step.warmed, std::vector<int>{1});
}

}  // namespace
}  // namespace stencil::test
