// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The checksum a run reports: the sum of its grid's cells, in double.
#pragma once

#include <cstdint>
#include <vector>

#include "stencil/cells.hpp"

namespace stencil {

// Cells summed in fixed blocks of kSumBlock cells, each block in index order, the block sums then
// added in block order. The order never depends on the thread count, so the value is the same on
// every machine and for every OMP_NUM_THREADS, and a gathered MPI grid sums as one process does.
inline constexpr std::int64_t kSumBlock = 65536;
template <class T>
double grid_sum(const std::vector<T>& cells);
double grid_sum(const Cells& cells);

}  // namespace stencil
