// The parts of the StencilRunner contract the bit-for-bit suite does not reach: warm_up() and
// copy_seconds() must leave the current state untouched (the driver calls both around its timed
// loop, and a restart or a saved state must not depend on them), and a step after them still
// matches the reference.
#include <gtest/gtest.h>

#include "backends.hpp"
#include "runners.hpp"
#include "stencil/compare.hpp"
#include "stencil/initial_state.hpp"
#include "stencil/reference.hpp"

namespace stencil::test {
namespace {

TEST(RunnerContract, WarmUpAndCopyLeaveTheStateUntouched) {
  constexpr int kN = 67;  // odd, and not a multiple of any tile, block or band
  int checked = 0;
  for (const Backend& backend : host_backends()) {
    for (const auto& variant : kVariants) {
      if (!has_kernel(backend, variant.id))
        continue;
      SCOPED_TRACE(backend.label() + " " + std::string(variant.name));
      RunConfig config{&variant, kN};
      if (variant.id == Variant::temporal)
        config.fuse = 2;
      const auto initial = random_field(cell_count(variant, kN), 7);
      auto runner = make_runner(backend.implementation, config, backend.space);
      runner->upload(initial);
      runner->warm_up();
      runner->fence();
      EXPECT_GE(runner->copy_seconds(2), 0.0);
      ASSERT_TRUE(compare_grids(runner->download(), initial).identical());
      runner->poison_next_output();
      runner->step();
      const auto expected = reference_run(variant, kN, runner->iterations_per_step(), initial);
      const GridDifference diff = compare_grids(runner->download(), expected);
      ASSERT_TRUE(diff.identical())
          << describe_first_difference(diff, variant.dimensions == 2 ? kN : 0);
      ++checked;
    }
  }
  EXPECT_GT(checked, 0);
}

}  // namespace
}  // namespace stencil::test
