// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "cross_precision.hpp"

#include <utility>
#include <vector>

namespace stencil::check {

Cells rounded_to_float32(const Cells& cells) {
  const std::vector<double>& fine = cells.values<double>();
  std::vector<float> coarse(fine.size());
  for (std::size_t i = 0; i < fine.size(); ++i)
    coarse[i] = static_cast<float>(fine[i]);  // round to nearest under the default mode
  return Cells(std::move(coarse));
}

}  // namespace stencil::check
