// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Every loop shape a directive model compiles (stencil/loop_shape.hpp) must match the reference
// loop bit for bit, not only the default one the other suites run: each variant of the model, in
// each precision, in each of its shapes (STENCIL_LOOP_SHAPE), each fuse depth, on squares and
// rectangles that are multiples of no block size, with the output poisoned with NaN before every
// step. Built once per directive model (STENCIL_TEST_MODEL); CTest runs it in -space host (label
// cpu) and in -space gpu (label gpu, skipped where the model finds no GPU), as STENCIL_TEST_SPACE
// says.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "stencil/compare.hpp"
#include "stencil/initial_state.hpp"
#include "stencil/reference.hpp"
#include "stencil/run_config.hpp"
#include "variant_printer.hpp"

// The model under test: its namespace and its stepper header, from CMake.
#include STENCIL_TEST_MODEL_HEADER

namespace stencil::test {
namespace {

namespace model = ::stencil::STENCIL_TEST_MODEL;

// rows x cols: single rows and columns, odd sizes, rectangles of both orientations, a grid wider
// than two 64-column blocks and taller than two 32-row temporal blocks.
const std::pair<int, int> kShapes[] = {{1, 1},  {1, 9},  {9, 1},  {2, 5},    {3, 3},
                                       {7, 33}, {33, 7}, {65, 9}, {37, 130}, {130, 67}};
constexpr int kSteps = 3;

template <class T>
std::vector<T> reference_2d(std::vector<T> grid, int rows, int cols, int iterations) {
  std::vector<T> next(grid.size());
  for (int i = 0; i < iterations; ++i) {
    reference_step_2d(grid.data(), next.data(), rows, cols);
    std::swap(grid, next);
  }
  return grid;
}

template <class T>
std::vector<T> reference_1d(std::vector<T> grid, int iterations) {
  std::vector<T> next(grid.size());
  for (int i = 0; i < iterations; ++i) {
    reference_step_1d(grid.data(), next.data(), static_cast<int>(grid.size()));
    std::swap(grid, next);
  }
  return grid;
}

// The model's -space this run tests: STENCIL_TEST_SPACE, or the model's default.
std::string space_under_test() {
  const char* space = std::getenv("STENCIL_TEST_SPACE");
  return space != nullptr ? space : "";
}

bool space_available(const std::string& space) {
  const std::vector<std::string> spaces = model::space_names();
  return space.empty() || std::find(spaces.begin(), spaces.end(), space) != spaces.end();
}

// The reference loop's state after `iterations` steps from `initial`, in the cells' precision.
Cells reference_cells(const VariantInfo& variant, const Cells& initial, int rows, int cols,
                      int iterations) {
  return initial.visit([&](const auto& grid) -> Cells {
    return variant.dimensions == 1 ? reference_1d(grid, iterations)
                                   : reference_2d(grid, rows, cols, iterations);
  });
}

class LoopShapes : public ::testing::TestWithParam<std::tuple<Variant, Precision>> {};

TEST_P(LoopShapes, EveryShapeMatchesTheReferenceBitForBit) {
  const VariantInfo& variant = info(std::get<0>(GetParam()));
  const Precision precision = std::get<1>(GetParam());
  const std::vector<std::string_view> shapes = model::loop_shapes(variant);
  const std::string space = space_under_test();
  if (!space_available(space))
    GTEST_SKIP() << "no space " << space << ": " << model::device_description();
  std::vector<int> depths{1};
  if (variant.uses_shape(ShapeOption::fuse))
    depths.assign(kFuseDepths.begin(), kFuseDepths.end());
  for (const std::string_view shape_name : shapes) {
    ::setenv("STENCIL_LOOP_SHAPE", std::string(shape_name).c_str(), 1);
    for (const int fuse : depths) {
      for (const auto& [rows, cols] : kShapes) {
        if (variant.dimensions == 1 && rows != 1)
          continue;
        RunConfig request{&variant, variant.dimensions == 1 ? cols : 100000, precision};
        if (variant.dimensions == 2) {
          request.rows = rows;
          request.cols = cols;
        }
        request.fuse = fuse;
        const CheckedConfig config = check_config(request);
        const Cells initial = random_cells(precision, config->local_cells());
        auto stepper = model::make_stepper(config, space);
        stepper->upload(initial);
        for (int s = 0; s < kSteps; ++s) {
          stepper->poison_next_output();
          stepper->step();
        }
        stepper->fence();
        const int iterations = kSteps * stepper->iterations_per_step();
        const Cells expected = reference_cells(variant, initial, rows, cols, iterations);
        const GridDifference difference = compare_grids(stepper->download(), expected);
        EXPECT_TRUE(difference.identical())
            << describe_first_difference(difference, variant.dimensions == 1 ? 0 : cols) << ": "
            << variant.name << " " << precision_name(precision) << " loop shape " << shape_name
            << " fuse " << fuse << " on " << rows << " x " << cols << " ("
            << stepper->execution_space() << ")";
      }
    }
  }
  ::unsetenv("STENCIL_LOOP_SHAPE");
}

TEST(LoopShapes, AnUnknownShapeIsRefusedWithTheListOfShapes) {
  const VariantInfo& variant = info(Variant::naive);
  ::setenv("STENCIL_LOOP_SHAPE", "no-such-shape", 1);
  try {
    model::make_stepper(check_config(RunConfig{&variant, 16, kDefaultPrecision}), "host");
    ADD_FAILURE() << "an unknown loop shape was accepted";
  } catch (const UnsupportedRequest& refusal) {
    EXPECT_NE(std::string(refusal.what()).find(std::string(model::loop_shapes(variant)[0])),
              std::string::npos)
        << refusal.what();
  }
  ::unsetenv("STENCIL_LOOP_SHAPE");
}

// e.g. naive_fp64.
std::string variant_name(const ::testing::TestParamInfo<std::tuple<Variant, Precision>>& param) {
  return std::string(info(std::get<0>(param.param)).name) + "_" +
         std::string(precision_name(std::get<1>(param.param)));
}

// The variants the model has a kernel for.
std::vector<Variant> model_variants() {
  std::vector<Variant> variants;
  for (const VariantInfo& variant : kVariants) {
    if (!model::loop_shapes(variant).empty())
      variants.push_back(variant.id);
  }
  return variants;
}

INSTANTIATE_TEST_SUITE_P(Variants, LoopShapes,
                         ::testing::Combine(::testing::ValuesIn(model_variants()),
                                            ::testing::ValuesIn(kPrecisions)),
                         variant_name);

}  // namespace
}  // namespace stencil::test
