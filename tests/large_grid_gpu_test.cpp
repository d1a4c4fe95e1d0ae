// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Every 2-D variant of every GPU backend on a grid of more than 2^31 cells (GPU suite, label gpu):
// N = 46341, the smallest square grid past 2^31 cells (2^31 + 4633), stepped once (temporal: one
// pass of -fuse 4) and compared bit for bit with the reference loop. A 32-bit row offset wraps
// from row 46341 on, so any kernel that still forms y * cols in an int fails here. The grid is
// 8.6 GB; the test needs two of them on the GPU and five in host memory, and skips without.
//
// The same for the 1-D variants: N = 2^31 + 9 cells (a tail past 2^31 and past a 256-cell block),
// two iterations, where a 32-bit cell index or block count would wrap.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
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

constexpr std::int64_t kN1d = (std::int64_t{1} << 31) + 9;
constexpr int kIterations1d = 2;

// The cells [first, last) of the grid after kIterations1d steps, from the initial state alone: the
// reference loop on a window reaching kIterations1d cells further on each side (or to the grid's
// end, whose border rule the window then shares), so no full-grid loop is involved.
std::vector<float> window_after_steps(const std::vector<float>& initial, std::int64_t first,
                                      std::int64_t last) {
  const std::int64_t begin = std::max<std::int64_t>(first - kIterations1d, 0);
  const std::int64_t end = std::min<std::int64_t>(last + kIterations1d, kN1d);
  const std::vector<float> window(initial.begin() + begin, initial.begin() + end);
  const std::vector<float> stepped =
      reference_run(info(Variant::naive1d), end - begin, kIterations1d, window);
  return std::vector<float>(stepped.begin() + (first - begin), stepped.begin() + (last - begin));
}

TEST(LargeGridGpu, OneDVariantsMatchTheReferencePastTwoToThe31Cells) {
  const std::vector<Backend> gpus = gpu_backends();
  if (gpus.empty())
    GTEST_SKIP() << "this build has no GPU backend";
  if (const std::string reason = unavailable_reason(gpus.front()); !reason.empty())
    GTEST_SKIP() << reason;
  const auto cells = static_cast<std::size_t>(kN1d);
  // The initial state, the reference loop's two grids and one download.
  const std::size_t host_needed = 4 * cells * sizeof(float) + (std::size_t{2} << 30);
  if (host_available_bytes() < host_needed) {
    GTEST_SKIP() << "needs " << format_bytes(static_cast<double>(host_needed))
                 << " of free host memory, has "
                 << format_bytes(static_cast<double>(host_available_bytes()));
  }
  const std::vector<float> initial = random_field(cells, 11);
  const std::vector<float> expected =
      reference_run(info(Variant::naive1d), kN1d, kIterations1d, initial);
  // The full reference loop, checked itself at both ends and across index 2^31.
  const std::int64_t edge = std::int64_t{1} << 31;
  for (const auto& [first, last] : {std::pair<std::int64_t, std::int64_t>{0, 300},
                                    std::pair<std::int64_t, std::int64_t>{edge - 300, kN1d}}) {
    const std::vector<float> window = window_after_steps(initial, first, last);
    ASSERT_TRUE(std::equal(window.begin(), window.end(), expected.begin() + first))
        << "the reference loop differs from its window in [" << first << ", " << last << ")";
  }

  int stepped = 0;
  for (const Backend& backend : gpus) {
    for (const Variant id : {Variant::naive1d, Variant::halo1d}) {
      const VariantInfo& variant = info(id);
      if (!variant.implemented_by(backend.implementation))
        continue;
      SCOPED_TRACE(backend.label() + " " + std::string(variant.name));
      RunConfig config{&variant, kN1d};
      config.host_copies = 1;  // the download; the test's own grids were checked above
      const CheckedConfig checked = check_config(config);
      std::unique_ptr<Stepper> stepper;
      try {
        stepper = open_stepper(backend, checked);
      } catch (const UnsupportedRequest& e) {
        GTEST_SKIP() << "the GPU cannot hold two grids of 2^31 + 9 cells: " << e.what();
      }
      stepper->upload(initial);
      for (int it = 0; it < kIterations1d; ++it) {
        stepper->poison_next_output();
        stepper->step();
      }
      stepper->fence();
      const std::vector<float> actual = stepper->download().values<float>();
      const GridDifference diff = compare_grids(actual, expected);
      EXPECT_TRUE(diff.identical()) << describe_first_difference(diff, 0);
      ++stepped;
    }
  }
  EXPECT_GT(stepped, 0) << "no GPU backend implements a 1-D variant";
}

}  // namespace
}  // namespace stencil::test
