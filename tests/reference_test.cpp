// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The reference loop against facts that do not come from the code under test: hand arithmetic
// on a 3x3 grid, and fields the stencils leave unchanged in exact arithmetic.
#include <gtest/gtest.h>

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
  const auto result = reference_run(naive1d, 5, 2, {0, 16, 0, 0, 0});
  EXPECT_EQ(result, (std::vector<float>{0, 5, 4, 1, 0}));
}

}  // namespace
}  // namespace stencil
