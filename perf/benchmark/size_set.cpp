// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "size_set.hpp"

#include "stencil/memory_budget.hpp"

namespace stencil::perf {

const char* size_set_name(SizeSet set) {
  return set == SizeSet::full ? "full" : "reduced";
}

std::vector<SizeClass> size_classes(SizeSet set) {
  const int largest = set == SizeSet::full ? 16384 : 4096;
  std::vector<SizeClass> sizes;
  for (int n = 1024; n <= largest; n *= 2) {
    const std::size_t cells = static_cast<std::size_t>(n) * static_cast<std::size_t>(n);
    sizes.push_back({n, static_cast<int>(cells), cells});
  }
  return sizes;
}

bool fits_in_memory(const Backend& target, const SizeClass& size, Precision precision) {
  // Initial field, plus four grids for a host stepper (two working grids and the driver's copies).
  const std::size_t host_grids = target.on_gpu() ? 1 : 5;
  const std::size_t needed = host_grids * size.cells * element_bytes(precision);
  // A margin for the rest of the process and the machine.
  return needed < host_available_bytes() / 10 * 8;
}

}  // namespace stencil::perf
