// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "stencil/grid_sum.hpp"

#include <algorithm>
#include <cstdint>

#include "stencil/host_parallel.hpp"

namespace stencil {

template <class T>
double grid_sum(const std::vector<T>& cells) {
  const std::int64_t count = static_cast<std::int64_t>(cells.size());
  const std::int64_t blocks = (count + kSumBlock - 1) / kSumBlock;
  std::vector<double> block_sums(static_cast<std::size_t>(blocks));
#pragma omp parallel for schedule(static) if (count > kParallelCells)
  for (std::int64_t block = 0; block < blocks; ++block) {
    const std::int64_t begin = block * kSumBlock;
    const std::int64_t end = std::min(begin + kSumBlock, count);
    double sum = 0.0;
    for (std::int64_t i = begin; i < end; ++i)
      sum += cells[static_cast<std::size_t>(i)];
    block_sums[static_cast<std::size_t>(block)] = sum;
  }
  double total = 0.0;
  for (const double sum : block_sums)
    total += sum;
  return total;
}

template double grid_sum(const std::vector<float>&);
template double grid_sum(const std::vector<double>&);

double grid_sum(const Cells& cells) {
  return cells.visit([](const auto& values) { return grid_sum(values); });
}

}  // namespace stencil
