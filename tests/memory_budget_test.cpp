// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The memory check every stepper makes before allocating: the largest N a memory holds, and the
// one-line refusal that names it. Expected values are worked out by hand from the byte counts.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "stencil/memory_budget.hpp"
#include "stencil/stepper.hpp"

namespace stencil::test {
namespace {

constexpr std::size_t kFloat = sizeof(float);

TEST(MemoryBudget, LargestFittingNOfSquareGrids) {
  EXPECT_EQ(largest_fitting_n(2, 2, 2 * kFloat * 100), 10);  // 100 cells per grid: 10 x 10
  EXPECT_EQ(largest_fitting_n(2, 2, 2 * kFloat * 99), 9);
  EXPECT_EQ(largest_fitting_n(2, 2, 2 * kFloat * 100 - 1), 9);
  // Past 2^31 cells: 46341^2 = 2147488281 cells fit exactly, one byte less does not.
  const std::size_t n46341 = std::size_t{46341} * 46341 * kFloat;
  EXPECT_EQ(largest_fitting_n(2, 1, n46341), 46341);
  EXPECT_EQ(largest_fitting_n(2, 1, n46341 - 1), 46340);
  EXPECT_EQ(largest_fitting_n(2, 2, 7), 0);
}

// A 1-D N is limited by memory alone; a 2-D N stops at kMaxN2d.
TEST(MemoryBudget, LargestFittingNOfOneDGridsGoesAsFarAsMemory) {
  EXPECT_EQ(largest_fitting_n(1, 4, 4 * kFloat * 1000), 1000);
  EXPECT_EQ(largest_fitting_n(1, 4, 4 * kFloat * 1000 + 15), 1000);
  EXPECT_EQ(largest_fitting_n(1, 1, std::size_t{1} << 46), std::int64_t{1} << 44);
  EXPECT_EQ(largest_fitting_n(1, 2, std::size_t{1} << 46, Precision::fp64), std::int64_t{1} << 42);
  EXPECT_EQ(largest_fitting_n(2, 1, SIZE_MAX), kMaxN2d);
}

// A 1-D N past an int passes check_config (a 2-D one does not) and reaches the memory check,
// whose one line names the largest N that fits.
TEST(MemoryBudget, OneDGridPastAnIntIsRefusedNamingTheLargestNThatFits) {
  const std::int64_t n = 2147483700;
  EXPECT_THROW(check_config(RunConfig{&info(Variant::naive), n}), UnsupportedRequest);
  for (const Variant id : {Variant::naive1d, Variant::halo1d}) {
    const CheckedConfig config = check_config(RunConfig{&info(id), n});
    EXPECT_EQ(config->n, n);
    EXPECT_EQ(config->local_cells(), std::size_t{2147483700});
    EXPECT_EQ(config->stepped_extent().cols, n);
    EXPECT_NO_THROW(require_grids(config.get(), 2, 2 * kFloat * std::size_t{2147483700}, "GPU"));
    try {
      require_grids(config.get(), 2, 2 * kFloat * std::size_t{2147483000} + 7, "GPU memory");
      FAIL() << "2 grids of 2147483700 cells fit in the bytes of 2 x 2147483000";
    } catch (const UnsupportedRequest& e) {
      const std::string what = e.what();
      EXPECT_EQ(what.find('\n'), std::string::npos) << what;
      EXPECT_EQ(what.rfind("N = 2147483700 needs 2 grids of 8.00 GiB (16.00 GiB) in GPU memory", 0),
                0u)
          << what;
      EXPECT_NE(what.find("free; the largest N that fits is 2147483000"), std::string::npos)
          << what;
    }
  }
  // Past anything a byte count holds: the check compares cells, so nothing wraps.
  const CheckedConfig huge = check_config(RunConfig{&info(Variant::naive1d), INT64_MAX});
  EXPECT_THROW(require_grids(huge.get(), 5, std::size_t{1} << 40, "host memory"),
               UnsupportedRequest);
}

TEST(MemoryBudget, RefusalNamesWhatWasAskedWhatIsFreeAndTheLargestN) {
  RunConfig config{&info(Variant::naive), 100};
  EXPECT_NO_THROW(require_grids(config, 2, 2 * kFloat * 10000, "host memory"));
  try {
    require_grids(config, 2, 2 * kFloat * 9999, "host memory");
    FAIL() << "2 grids of 10000 cells fit in 2 x 9999 cells' bytes";
  } catch (const UnsupportedRequest& e) {
    const std::string what = e.what();
    EXPECT_EQ(what.find('\n'), std::string::npos) << what;
    EXPECT_EQ(what.rfind("N = 100 needs 2 grids of ", 0), 0u) << what;
    EXPECT_NE(what.find(" in host memory, which has "), std::string::npos) << what;
    EXPECT_NE(what.find("free; the largest N that fits is 99"), std::string::npos) << what;
  }
  RunConfig rectangle{&info(Variant::naive), 100000};
  rectangle.rows = 50000;
  rectangle.cols = 60000;
  try {
    require_grids(rectangle, 2, std::size_t{1} << 30, "GPU memory");
    FAIL() << "a 50000 x 60000 rectangle fit in 1 GiB";
  } catch (const UnsupportedRequest& e) {
    const std::string what = e.what();
    EXPECT_NE(
        what.find("a local array of 50000 x 60000 cells needs 2 grids of 11.18 GiB (22.35 GiB)"
                  " in GPU memory, which has 1.00 GiB free; use more ranks"),
        std::string::npos)
        << what;
  }
}

}  // namespace
}  // namespace stencil::test
