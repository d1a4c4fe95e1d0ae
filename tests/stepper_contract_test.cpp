// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The parts of the Stepper contract the bit-for-bit suite does not reach: warm_up() and
// copy_seconds() must leave the current state untouched (the driver calls both around its timed
// loop, and a restart or a saved state must not depend on them), and a step after them still
// matches the reference.
#include <gtest/gtest.h>

#include "stencil/compare.hpp"
#include "stencil/initial_state.hpp"
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

}  // namespace
}  // namespace stencil::test
