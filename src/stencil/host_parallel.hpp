// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// When the host-side loops around a run (the initial state, the reference loop, the comparison
// and the checksum) use OpenMP threads: on grids larger than kParallelCells. Below it a loop takes
// milliseconds on one core, and a thread team would only add start-up cost and, under mpirun,
// oversubscribe the cores the ranks share. The results never depend on the thread count.
#pragma once

#include <cstdint>

namespace stencil {

inline constexpr std::int64_t kParallelCells = std::int64_t{1} << 22;  // 4M cells, N = 2048

}  // namespace stencil
