// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The reference loop against facts that do not come from the code under test: hand arithmetic
// on a 3x3 grid, fields the stencils leave unchanged in exact arithmetic, and, in double
// precision, the correctly rounded value of each update where long double holds it exactly.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

#include "stencil/arithmetic.hpp"
#include "stencil/reference.hpp"

namespace stencil {
namespace {

TEST(Reference2D, HandComputedCentreOfThreeByThree) {
  // Row-major 3x3: the centre is 5; left 4, right 6, up 2, down 8.
  const std::vector<float> in = {1, 2, 3, 4, 5, 6, 7, 8, 9};
  std::vector<float> out(9, -1.0f);
  reference_step_2d(in.data(), out.data(), 3);
  EXPECT_EQ(out[4], 0.5f * 5 + 0.125f * (4 + 6 + 2 + 8));  // 5.0
  for (int i : {0, 1, 2, 3, 5, 6, 7, 8})
    EXPECT_EQ(out[i], in[i]) << "border cell " << i;
}

TEST(Reference2D, ConstantAndLinearFieldsAreFixedPoints) {
  // 0.5*f + 0.125*(4f) = f for constant fields, and the x-linear field f = 3x + 2y + 1 averages
  // to itself; all values are small integers, so every operation is exact.
  const int n = 9;
  std::vector<float> constant(n * n, 0.75f), linear(n * n), out(n * n);
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x)
      linear[y * n + x] = 3.0f * x + 2.0f * y + 1.0f;
  reference_step_2d(constant.data(), out.data(), n);
  EXPECT_EQ(out, constant);
  reference_step_2d(linear.data(), out.data(), n);
  EXPECT_EQ(out, linear);
}

TEST(Reference2D, TinyGridsAreAllBorder) {
  for (int n : {1, 2}) {
    std::vector<float> in(n * n), out(n * n, -1.0f);
    for (int i = 0; i < n * n; ++i)
      in[i] = 1.5f + i;
    reference_step_2d(in.data(), out.data(), n);
    EXPECT_EQ(out, in) << "n=" << n;
  }
}

TEST(Reference1D, HandComputedAndEndsCopied) {
  const std::vector<float> in = {4, 8, 16, 32};
  std::vector<float> out(4, -1.0f);
  reference_step_1d(in.data(), out.data(), 4);
  EXPECT_EQ(out[0], 4.0f);
  EXPECT_EQ(out[1], 0.25f * 4 + 0.5f * 8 + 0.25f * 16);   // 9
  EXPECT_EQ(out[2], 0.25f * 8 + 0.5f * 16 + 0.25f * 32);  // 18
  EXPECT_EQ(out[3], 32.0f);
}

TEST(ReferenceRun, IteratesAndSwaps) {
  const VariantInfo& naive1d = *find_variant("naive1d");
  // Two steps by hand from {0, 16, 0, 0, 0}: {0, 8, 4, 0, 0} then {0, 5, 4, 1, 0}.
  const auto result = reference_run<float>(naive1d, 5, 2, {0, 16, 0, 0, 0});
  EXPECT_EQ(result, (std::vector<float>{0, 5, 4, 1, 0}));
}

// Random floats in [1/2, 1): the sum of four of them and its weighted mean with the centre hold
// at most 29 significant bits, so long double (at least 64 on every platform this builds for)
// computes the update exactly, and the double update is that value rounded once.
std::vector<float> unit_floats(std::size_t count, unsigned seed) {
  std::mt19937 generator(seed);
  std::uniform_real_distribution<float> draw(0.5f, 1.0f);
  std::vector<float> values(count);
  for (float& v : values)
    v = draw(generator);
  return values;
}

TEST(ReferenceDouble, EachUpdateIsTheExactValueRoundedOnce) {
  static_assert(std::numeric_limits<long double>::digits >= 64, "long double must hold 29 bits");
  const int n = 17;
  const std::vector<float> narrow = unit_floats(n * n, 7);
  const std::vector<double> in(narrow.begin(), narrow.end());
  std::vector<double> out(n * n, std::nan(""));
  reference_step_2d(in.data(), out.data(), n);
  for (int y = 1; y < n - 1; ++y) {
    for (int x = 1; x < n - 1; ++x) {
      const int i = y * n + x;
      const long double exact =
          0.5L * in[i] +
          0.125L * ((static_cast<long double>(in[i - 1]) + in[i + 1]) + in[i - n] + in[i + n]);
      EXPECT_EQ(out[i], static_cast<double>(exact)) << "cell " << x << "," << y;
    }
  }
  std::vector<double> row(n, std::nan(""));
  reference_step_1d(in.data(), row.data(), n);
  for (int i = 1; i < n - 1; ++i) {
    const long double exact = 0.25L * in[i - 1] + 0.5L * in[i] + 0.25L * in[i + 1];
    EXPECT_EQ(row[i], static_cast<double>(exact)) << "cell " << i;
  }
}

TEST(ReferenceDouble, AgreesWithFloatWithinOneFloatRounding) {
  // Both precisions round the same exact update once at the end of a step of float inputs (the
  // float sums round on the way too): narrowed, the double result is at most one float ulp from
  // the float one.
  const int n = 23;
  const std::vector<float> narrow = unit_floats(n * n, 11);
  const std::vector<double> wide(narrow.begin(), narrow.end());
  const std::vector<float> single = reference_run(*find_variant("naive"), n, 1, narrow);
  const std::vector<double> twice = reference_run(*find_variant("naive"), n, 1, wide);
  int differing = 0;
  for (int i = 0; i < n * n; ++i) {
    const float narrowed = static_cast<float>(twice[i]);
    const float ulp = std::nextafter(single[i], 2.0f) - single[i];
    EXPECT_LE(std::fabs(narrowed - single[i]), ulp) << "cell " << i;
    differing += narrowed != single[i];
  }
  // The float sums do round: a reference that computed in double throughout would differ
  // nowhere, and this test would not tell the precisions apart.
  EXPECT_GT(differing, 0);
}

TEST(ReferenceDouble, FixedPointsHoldInDouble) {
  const int n = 9;
  std::vector<double> linear(n * n), out(n * n);
  for (int y = 0; y < n; ++y)
    for (int x = 0; x < n; ++x)
      linear[y * n + x] = 3.0 * x + 2.0 * y + 1.0;
  reference_step_2d(linear.data(), out.data(), n);
  EXPECT_EQ(out, linear);
  EXPECT_EQ(five_point(1.0, 2.0, 3.0, 4.0, 5.0), 0.5 + 0.125 * 14.0);
  EXPECT_EQ(three_point(1.0, 2.0, 5.0), 0.25 + 1.0 + 1.25);
}

}  // namespace
}  // namespace stencil
