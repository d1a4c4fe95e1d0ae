// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The grid sizes the suite times. Every 2-D size N×N is paired with a 1-D size of the same cell
// count, so both share one copy measurement of the same bytes.
#pragma once

#include <cstddef>
#include <vector>

#include "targets.hpp"

namespace stencil::perf {

struct SizeClass {
  int n_2d;           // N of the N×N grid
  int n_1d;           // cells of the 1-D grid: N*N
  std::size_t cells;  // N*N, for both
};

enum class SizeSet {
  full,     // N = 1024 ... 16384: the published results
  reduced,  // N = 1024 ... 4096: CI on two cores, and a quick look anywhere
};

const char* size_set_name(SizeSet set);

std::vector<SizeClass> size_classes(SizeSet set);

// Host targets keep the two grids, the driver's host copies and the initial field in host memory;
// a size that would not fit is never registered (an oversized host allocation "succeeds" on Linux
// and the process dies later). Device memory is checked by the steppers, which refuse in time.
bool fits_in_memory(const Backend& target, const SizeClass& size, Precision precision);

}  // namespace stencil::perf
