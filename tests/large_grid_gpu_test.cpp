// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Every 2-D variant of every GPU backend on a grid of more than 2^31 cells (GPU suite, label gpu):
// N = 46341, the smallest square grid past 2^31 cells (2^31 + 4633), stepped once (temporal: one
// pass of -fuse 4) and compared bit for bit with the reference loop. A 32-bit row offset wraps
// from row 46341 on, so any kernel that still forms y * cols in an int fails here. The grid is
// 8.6 GB; the test needs two of them on the GPU and five in host memory, and skips without.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "stencil/compare.hpp"
#include "stencil/initial_state.hpp"
#include "stencil/memory_budget.hpp"
#include "stencil/reference.hpp"
#include "stencil/run_config.hpp"
#include "test_backends.hpp"

namespace stencil::test {
namespace {

constexpr int kN = 46341;
constexpr int kFuse = 4;

TEST(LargeGridGpu, EveryTwoDVariantMatchesTheReferencePastTwoToThe31Cells) {
  const std::vector<Backend> gpus = gpu_backends();
  if (gpus.empty())
    GTEST_SKIP() << "this build has no GPU backend";
  if (const std::string reason = unavailable_reason(gpus.front()); !reason.empty())
    GTEST_SKIP() << reason;
  const std::size_t cells = std::size_t{kN} * kN;
  const std::size_t host_needed = 5 * cells * sizeof(float);
  if (host_available_bytes() < host_needed) {
    GTEST_SKIP() << "needs " << format_bytes(static_cast<double>(host_needed))
                 << " of free host memory, has "
                 << format_bytes(static_cast<double>(host_available_bytes()));
  }
  const std::vector<float> initial = random_field(cells, 7);
  const VariantInfo& naive = info(Variant::naive);
  const std::vector<float> after_one = reference_run(naive, kN, 1, initial);
  const std::vector<float> after_fused = reference_run(naive, kN, kFuse, initial);

  for (const Backend& backend : gpus) {
    for (const VariantInfo& variant : kVariants) {
      if (variant.dimensions != 2 || !variant.implemented_by(backend.implementation))
        continue;
      SCOPED_TRACE(backend.label() + " " + std::string(variant.name));
      RunConfig config{&variant, kN};
      config.fuse = kFuse;
      config.host_copies = 1;  // the download; the test's own grids were checked above
      const CheckedConfig checked = check_config(config);
      const auto stepper = open_stepper(backend, checked);
      stepper->upload(initial);
      stepper->poison_next_output();
      stepper->step();
      stepper->fence();
      const std::vector<float> actual = stepper->download().values<float>();
      const std::vector<float>& expected =
          checked->iterations_per_step() == kFuse ? after_fused : after_one;
      const GridDifference diff = compare_grids(actual, expected);
      EXPECT_TRUE(diff.identical()) << describe_first_difference(diff, kN);
    }
  }
}

}  // namespace
}  // namespace stencil::test
