// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Every variant of every GPU backend through the run command's own loop (GPU suite, label gpu):
// N = 4096 (1-D: 4096² cells), 100 iterations at the variant's default shape, warmed up at every
// pass depth and stepped by run_timed_loop with its interleaved device-to-device copies, then
// compared bit for bit with the reference loop. The bit-for-bit suite takes one to three steps
// (2-D grids up to N = 3048, 1-D up to 12,293 cells); this is the run command's length and size,
// where each thread of a launch covers many cells and the copy reference shares the grids
// between steps.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "stencil/compare.hpp"
#include "stencil/initial_state.hpp"
#include "stencil/reference.hpp"
#include "test_backends.hpp"
#include "timed_loop.hpp"

namespace stencil::test {
namespace {

constexpr int kN = 4096;
constexpr int kIterations = 100;
constexpr std::uint64_t kSeed = 4096;

// The run command's -n: N for the 2-D variants, N² cells for the 1-D ones.
int size_of(const VariantInfo& variant) {
  return variant.dimensions == 2 ? kN : kN * kN;
}

// The reference loop's state after kIterations, one per stencil dimension (every variant of a
// dimension computes the same cells), computed on first use.
const std::vector<float>& expected_after_run(int dimensions) {
  static std::map<int, std::vector<float>> expected;
  auto found = expected.find(dimensions);
  if (found == expected.end()) {
    const VariantInfo& plain = info(dimensions == 2 ? Variant::naive : Variant::naive1d);
    const std::vector<float> initial = random_field(cell_count(plain, size_of(plain)), kSeed);
    found = expected.emplace(dimensions, reference_run(plain, size_of(plain), kIterations, initial))
                .first;
  }
  return found->second;
}

class RunLoopMatchesReference : public ::testing::TestWithParam<Backend> {};

TEST_P(RunLoopMatchesReference, HundredStepsWithCopiesAtN4096) {
  const Backend& backend = GetParam();
  if (const std::string reason = unavailable_reason(backend); !reason.empty())
    GTEST_SKIP() << reason;
  int checked = 0;
  for (const VariantInfo& variant : kVariants) {
    if (!variant.implemented_by(backend.implementation))
      continue;
    SCOPED_TRACE(std::string(variant.name));
    const RunConfig config{&variant, size_of(variant)};
    auto stepper = open_stepper(backend, check_config(config));
    stepper->upload(Cells(random_field(cell_count(variant, size_of(variant)), kSeed)));
    stepper->warm_up_every_pass_depth();
    stepper->fence();
    app::LoopHooks plain_steps;
    const app::LoopTimes times =
        app::run_timed_loop(*stepper, app::SaveSchedule{0, kIterations, 0}, false, plain_steps);
    EXPECT_FALSE(times.pairs.empty());  // the copies ran between the steps
    const GridDifference diff =
        compare_grids(stepper->download().values<float>(), expected_after_run(variant.dimensions));
    EXPECT_TRUE(diff.identical()) << describe_first_difference(diff,
                                                               variant.dimensions == 2 ? kN : 0);
    ++checked;
  }
  EXPECT_GT(checked, 0);
}

std::string backend_name(const ::testing::TestParamInfo<Backend>& param) {
  return param.param.label();
}

// A build without a GPU backend has no case here.
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(RunLoopMatchesReference);
INSTANTIATE_TEST_SUITE_P(Gpu, RunLoopMatchesReference, ::testing::ValuesIn(gpu_backends()),
                         backend_name);

}  // namespace
}  // namespace stencil::test
