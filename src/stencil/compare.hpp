// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Cell-by-cell comparison of two grids: used by -verify, the tests and the `check` tool.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "stencil/cells.hpp"

namespace stencil {

struct GridDifference {
  std::size_t cells = 0;
  std::size_t differing = 0;    // cells whose bit patterns differ
  std::size_t first_index = 0;  // valid when differing > 0
  double first_actual = 0.0;    // exact for either precision
  double first_expected = 0.0;
  double max_abs = 0.0;       // over cells where both values are finite
  double max_rel = 0.0;       // |a-b| / |b|, over finite cells with b != 0
  std::uint64_t max_ulp = 0;  // distance in values of the grids' type; NaN against number: max
  bool identical() const { return differing == 0; }
};

// Compares `actual` with `expected`; throws std::invalid_argument when sizes differ. T: float or
// double.
template <class T>
GridDifference compare_grids(const std::vector<T>& actual, const std::vector<T>& expected);
// The same for cells of one precision; throws std::invalid_argument when the precisions differ.
GridDifference compare_grids(const Cells& actual, const Cells& expected);

// Distance between two values in units in the last place of their type (0 for equal, incl.
// +0/-0).
std::uint64_t ulp_distance(float a, float b);
std::uint64_t ulp_distance(double a, double b);

// "first difference at (x, y)" text for a grid of width `width` (1-D grids: width 0).
std::string describe_first_difference(const GridDifference& diff, std::int64_t width);

}  // namespace stencil
