// Under MPI a rank steps its tile plus halo: a rows x cols rectangle, not the N x N grid. Every
// implementation that declares rectangles (openmp) must match the rectangular reference loop bit
// for bit on thin, tall, tiny and odd shapes, in every run-time shape of the variant (temporal's
// fuse depths and band counts, including more bands than rows), with the output poisoned with NaN
// before each step. Implementations that do not declare them refuse with one line.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "stencil/compare.hpp"
#include "stencil/initial_state.hpp"
#include "stencil/reference.hpp"
#include "test_backends.hpp"

namespace stencil::test {
namespace {

// rows x cols: single rows and columns, two-wide strips, odd sizes that are not multiples of any
// tile or SIMD width, and both orientations of the same rectangle.
const std::pair<int, int> kRectangles[] = {{1, 1},  {1, 9},  {9, 1},  {1, 70},   {70, 1},
                                           {2, 5},  {5, 2},  {3, 3},  {3, 17},   {17, 3},
                                           {7, 33}, {33, 7}, {65, 9}, {9, 1027}, {130, 67}};

std::vector<float> reference_on_rectangle(std::vector<float> grid, int rows, int cols,
                                          int iterations) {
  std::vector<float> next(grid.size());
  for (int i = 0; i < iterations; ++i) {
    reference_step_2d(grid.data(), next.data(), rows, cols);
    std::swap(grid, next);
  }
  return grid;
}

// The run-time shapes of a variant on a rectangle with `rows` rows.
std::vector<RunConfig> configs_of(const VariantInfo& variant, int rows, int cols) {
  // N is the global grid's: a rectangle may belong to a grid larger than one array may be.
  RunConfig base{&variant, 100000};
  base.rows = rows;
  base.cols = cols;
  std::vector<RunConfig> configs{base};
  if (variant.uses_shape(ShapeOption::fuse)) {
    const ShapeOptionInfo* option = shape_option(variant.shape);
    for (std::size_t i = 0; i < option->choice_count; ++i) {
      for (const int chunks : {0, 3, rows + 5}) {
        configs.push_back(base);
        configs.back().fuse = option->choices[i];
        configs.back().chunks = chunks;
      }
    }
  }
  return configs;
}

TEST(RectangleMatchesReference, OpenMPVariantsBitForBit) {
  int checked = 0;
  for (const VariantInfo& variant : kVariants) {
    if (variant.dimensions != 2 || !variant.implemented_by("openmp"))
      continue;
    for (const auto& [rows, cols] : kRectangles) {
      for (const RunConfig& requested : configs_of(variant, rows, cols)) {
        const CheckedConfig config = check_config(requested);
        const int per_step = config->iterations_per_step();
        for (const int steps : {1, 3}) {
          SCOPED_TRACE(std::string(variant.name) + " " + std::to_string(rows) + "x" +
                       std::to_string(cols) + " fuse=" + std::to_string(config->fuse) + " chunks=" +
                       std::to_string(config->chunks) + " steps=" + std::to_string(steps));
          const auto initial = random_field(static_cast<std::size_t>(rows) * cols,
                                            static_cast<std::uint64_t>(rows * 977 + cols));
          auto stepper = open_stepper("openmp", "", config);
          stepper->upload(initial);
          for (int s = 0; s < steps; ++s) {
            stepper->poison_next_output();
            stepper->step();
          }
          const auto expected = reference_on_rectangle(initial, rows, cols, steps * per_step);
          const GridDifference diff = compare_grids(stepper->download(), expected);
          ASSERT_TRUE(diff.identical()) << describe_first_difference(diff, 0);
          ++checked;
        }
      }
    }
  }
  EXPECT_GT(checked, 0) << "no openmp 2-D variant was checked";
}

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
  for (const Backend& backend : host_backends()) {
    if (backend.implementation == "openmp")
      continue;
    try {
      open_stepper(backend, config);
      ADD_FAILURE() << backend.label() << " accepted a rectangle";
    } catch (const UnsupportedRequest& e) {
      EXPECT_NE(std::string(e.what()).find("rectangular"), std::string::npos) << e.what();
    }
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
  RunConfig too_large{&info(Variant::naive), 200000};
  too_large.rows = kMaxGridSize2D + 1;
  too_large.cols = kMaxGridSize2D;
  EXPECT_THROW(check_config(too_large), UnsupportedRequest);
  // The global N may exceed one array's limit when each rank's rectangle fits.
  RunConfig large_global{&info(Variant::naive), 100000};
  large_global.rows = 10;
  large_global.cols = 20;
  EXPECT_EQ(check_config(large_global)->local_cells(), 200u);
}

}  // namespace
}  // namespace stencil::test
