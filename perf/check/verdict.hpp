// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Whether two states agree within a tolerance. The report's figures (max abs, rel, ULP, first
// differing cell) come from stencil::compare_grids; the per-cell tolerance test lives here.
#pragma once

#include <cstddef>
#include <vector>

#include "check_options.hpp"
#include "stencil/cells.hpp"
#include "stencil/compare.hpp"

namespace stencil::check {

struct Verdict {
  GridDifference difference;  // A against B
  std::size_t beyond = 0;     // cells outside the tolerance
  std::size_t first_beyond = 0;
  bool passed() const { return beyond == 0; }
};

// `actual` and `expected` must have the same size (compare_grids throws otherwise). T: float or
// double; ULP distances are in T.
template <class T>
Verdict judge(const std::vector<T>& actual, const std::vector<T>& expected,
              const Tolerance& tolerance);
// The same for cells of one precision; throws std::invalid_argument when the precisions differ.
Verdict judge(const Cells& actual, const Cells& expected, const Tolerance& tolerance);

}  // namespace stencil::check
