// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Under MPI a rank steps its tile plus halo: a rows x cols rectangle, not the N x N grid. Every
// backend whose implementation declares rectangles (src/backends.cpp) must match the rectangular
// reference loop bit for bit on thin, tall, tiny and odd shapes, in every run-time shape of the
// variant (pitch, patch, fuse depths, chunk counts including more chunks than rows), with the
// output poisoned with NaN before each step. Implementations that do not declare them refuse with
// one line. The CPU suite runs the host backends, the GPU suite (STENCIL_TEST_GPU) the others.
#include <gtest/gtest.h>

#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "stencil/compare.hpp"
#include "stencil/initial_state.hpp"
#include "stencil/reference.hpp"
#include "test_backends.hpp"
#include "variant_printer.hpp"

namespace stencil::test {
namespace {

// rows x cols: single rows and columns, two-wide strips, odd sizes that are not multiples of any
// block, tile or SIMD width, both orientations of the same rectangle, and rectangles wider than
// one 256-column strip and one stream block. 520 x 1028 has 16-byte rows and enough of them for
// the CUDA stream kernel's default launch to take clusters of chunks.
const std::pair<int, int> kRectangles[] = {
    {1, 1},    {1, 9},    {9, 1},    {1, 70},   {70, 1},    {2, 5},     {5, 2},
    {3, 3},    {3, 17},   {17, 3},   {7, 33},   {33, 7},    {65, 9},    {9, 1027},
    {130, 67}, {37, 300}, {300, 37}, {2, 2051}, {61, 1029}, {520, 1028}};

std::vector<float> reference_on_rectangle(std::vector<float> grid, int rows, int cols,
                                          int iterations) {
  std::vector<float> next(grid.size());
  for (int i = 0; i < iterations; ++i) {
    reference_step_2d(grid.data(), next.data(), rows, cols);
    std::swap(grid, next);
  }
  return grid;
}

// Every run-time shape of a variant on a rectangle with `rows` rows: each value of its shape
// option, and for chunked variants the default, an uneven count and more chunks than rows.
std::vector<RunConfig> configs_of(const VariantInfo& variant, int rows, int cols) {
  // N is the global grid's: a rectangle may belong to a grid larger than one array may be.
  RunConfig base{&variant, 100000};
  base.rows = rows;
  base.cols = cols;
  std::vector<int> chunk_counts{0};
  if (variant.chunks != ChunkPolicy::none)
    chunk_counts = {0, 3, rows + 5};
  std::vector<int> shape_values{0};
  if (const ShapeOptionInfo* option = shape_option(variant.shape); option != nullptr)
    shape_values.assign(option->choices, option->choices + option->choice_count);
  std::vector<RunConfig> configs;
  for (const int value : shape_values) {
    for (const int chunks : chunk_counts) {
      RunConfig config = base;
      config.chunks = chunks;
      if (variant.uses_shape(ShapeOption::pitch))
        config.pitch = value;
      if (variant.uses_shape(ShapeOption::patch))
        config.patch = value;
      if (variant.uses_shape(ShapeOption::fuse))
        config.fuse = value;
      configs.push_back(config);
    }
  }
  return configs;
}

using Case = std::tuple<Backend, Variant>;

class RectangleMatchesReference : public ::testing::TestWithParam<Case> {};

TEST_P(RectangleMatchesReference, BitForBitWithPoisonedOutputs) {
  const auto& [backend, variant_id] = GetParam();
  if (const std::string reason = unavailable_reason(backend); !reason.empty())
    GTEST_SKIP() << backend.label() << ": " << reason;
  const VariantInfo& variant = info(variant_id);
  int checked = 0;
  for (const auto& [rows, cols] : kRectangles) {
    for (const RunConfig& requested : configs_of(variant, rows, cols)) {
      if (!model_runs_shape(backend.implementation, variant, requested.shape_value()))
        continue;  // a depth only the pipelined kernel runs
      const CheckedConfig config = check_config(requested);
      const int per_step = config->iterations_per_step();
      SCOPED_TRACE(std::string(variant.name) + " " + std::to_string(rows) + "x" +
                   std::to_string(cols) + " shape=" + std::to_string(config->shape_value()) +
                   " chunks=" + std::to_string(config->chunks));
      const auto initial = random_field(static_cast<std::size_t>(rows) * cols,
                                        static_cast<std::uint64_t>(rows * 977 + cols));
      auto stepper = open_stepper(backend, config);
      stepper->upload(initial);
      for (int steps = 1; steps <= 3; ++steps) {
        stepper->poison_next_output();
        stepper->step();
        if (steps == 2)
          continue;
        const auto expected = reference_on_rectangle(initial, rows, cols, steps * per_step);
        const GridDifference diff = compare_grids(stepper->download(), expected);
        ASSERT_TRUE(diff.identical())
            << "after " << steps << " steps: " << describe_first_difference(diff, 0);
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 0);
}

std::vector<Case> rectangle_cases(const std::vector<Backend>& backends) {
  std::vector<Case> cases;
  for (const Backend& backend : backends) {
    if (!steps_rectangles(backend.implementation))
      continue;
    for (const VariantInfo& variant : kVariants) {
      if (variant.dimensions == 2 && variant.implemented_by(backend.implementation))
        cases.emplace_back(backend, variant.id);
    }
  }
  return cases;
}

std::string case_name(const ::testing::TestParamInfo<Case>& info_) {
  const auto& [backend, variant] = info_.param;
  return backend.label() + "_" + std::string(info(variant).name);
}

#if defined(STENCIL_TEST_GPU)
const std::vector<Backend> kSuiteBackends = gpu_backends();
#else
const std::vector<Backend> kSuiteBackends = host_backends();
#endif

GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(RectangleMatchesReference);
INSTANTIATE_TEST_SUITE_P(Suite, RectangleMatchesReference,
                         ::testing::ValuesIn(rectangle_cases(kSuiteBackends)), case_name);

#if !defined(STENCIL_TEST_GPU)
// The reference itself must treat a rectangle as a grid with its own border: a square rectangle
// equals the n x n loop, and a wide one updates its interior (else the test above proves little).
TEST(RectangleMatchesReference, RectangularReferenceAgreesWithSquareAndUpdatesInterior) {
  const int n = 11;
  const auto initial = random_field(static_cast<std::size_t>(n) * n, 5);
  EXPECT_TRUE(compare_grids(reference_on_rectangle(initial, n, n, 2),
                            reference_run(info(Variant::naive), n, 2, initial))
                  .identical());
  const auto wide = random_field(3 * 8, 6);
  const auto stepped = reference_on_rectangle(wide, 3, 8, 1);
  EXPECT_NE(stepped[8 + 3], wide[8 + 3]);  // an interior cell of the middle row changes
  EXPECT_EQ(stepped[8 + 7], wide[8 + 7]);  // the last column is border
}

TEST(RectangleConfig, RefusedWhereTheImplementationHasNoRectangles) {
  RunConfig requested{&info(Variant::naive), 64};
  requested.rows = 8;
  requested.cols = 64;
  const CheckedConfig config = check_config(requested);
  for (const Backend& backend : backends()) {
    if (!is_implementation(backend.implementation) || steps_rectangles(backend.implementation))
      continue;
    try {
      open_stepper(backend, config);
      ADD_FAILURE() << backend.label() << " accepted a rectangle";
    } catch (const UnsupportedRequest& e) {
      EXPECT_NE(std::string(e.what()).find("rectangular"), std::string::npos) << e.what();
    }
  }
}

// A CUDA grid has at most 65535 blocks along y: naive's and tiled's 8-row blocks reach that at
// 524,280 rows, which a tall, narrow tile within the 32-bit index can pass. -impl cuda refuses
// such a tile, and more row chunks than a launch holds, with one line, before looking for a GPU.
TEST(RectangleConfig, CudaRefusesWhatOneLaunchCannotCover) {
  if (!is_implementation("cuda"))
    GTEST_SKIP() << "this build has no native CUDA";
  RunConfig tall{&info(Variant::naive), 100000};
  tall.rows = 65535 * 8 + 1;
  tall.cols = 3;
  RunConfig chunked{&info(Variant::rolling), 100000};
  chunked.rows = 20;
  chunked.cols = 20;
  chunked.chunks = 65536;
  for (const auto& [config, expected] :
       {std::pair{tall, "524281 rows"}, std::pair{chunked, "row chunks"}}) {
    try {
      open_stepper("cuda", "", check_config(config));
      ADD_FAILURE() << "accepted: " << expected;
    } catch (const UnsupportedRequest& e) {
      EXPECT_NE(std::string(e.what()).find(expected), std::string::npos) << e.what();
    }
  }
  tall.rows -= 1;  // exactly 65535 blocks of 8: refused only for want of a GPU, if at all
  try {
    open_stepper("cuda", "", check_config(tall));
  } catch (const UnsupportedRequest& e) {
    EXPECT_EQ(std::string(e.what()).find("rows"), std::string::npos) << e.what();
  }
}

TEST(RectangleConfig, CheckedLikeAGrid) {
  RunConfig one_d{&info(Variant::naive1d), 64};
  one_d.rows = 1;
  one_d.cols = 64;
  EXPECT_THROW(check_config(one_d), UnsupportedRequest);
  RunConfig empty{&info(Variant::naive), 64};
  empty.rows = 4;
  EXPECT_THROW(check_config(empty), UnsupportedRequest);
  // A rectangle of more than 2^31 cells is a valid configuration: only memory limits it, and the
  // stepper checks that before allocating.
  RunConfig large{&info(Variant::naive), 200000};
  large.rows = 46341;
  large.cols = 46342;
  EXPECT_EQ(check_config(large)->local_cells(), std::size_t{46341} * 46342);
  // The global N may exceed the rectangle.
  RunConfig large_global{&info(Variant::naive), 100000};
  large_global.rows = 10;
  large_global.cols = 20;
  EXPECT_EQ(check_config(large_global)->local_cells(), 200u);
}

#endif  // !STENCIL_TEST_GPU

}  // namespace
}  // namespace stencil::test
