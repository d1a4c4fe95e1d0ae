// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "stencil/reference.hpp"

#include <cstdint>

#include "stencil/arithmetic.hpp"
#include "stencil/host_parallel.hpp"

namespace stencil {

template <class T>
void reference_step_2d(const T* in, T* out, int n) {
  reference_step_2d(in, out, n, n);
}

// The loops stay plain: each cell is computed alone from the input grid, so splitting the rows
// among threads changes no value. Threads only join on large grids (kParallelCells), where one
// core would take most of a GPU run's wall time.
template <class T>
void reference_step_2d(const T* in, T* out, int rows, int cols) {
  const bool large = static_cast<std::int64_t>(rows) * cols > kParallelCells;
#pragma omp parallel for schedule(static) if (large)
  for (int y = 0; y < rows; ++y) {
    for (int x = 0; x < cols; ++x) {
      const long i = static_cast<long>(y) * cols + x;
      if (is_border_2d(x, y, cols, rows)) {
        out[i] = in[i];
      } else {
        out[i] = five_point(in[i], in[i - 1], in[i + 1], in[i - cols], in[i + cols]);
      }
    }
  }
}

template <class T>
void reference_step_1d(const T* in, T* out, std::int64_t n) {
#pragma omp parallel for schedule(static) if (n > kParallelCells)
  for (std::int64_t i = 0; i < n; ++i) {
    out[i] = is_border_1d(i, n) ? in[i] : three_point(in[i - 1], in[i], in[i + 1]);
  }
}

template <class T>
std::vector<T> reference_run(const VariantInfo& variant, std::int64_t n, int iterations,
                             std::vector<T> initial) {
  std::vector<T> current = std::move(initial);
  std::vector<T> next(current.size());
  for (int it = 0; it < iterations; ++it) {
    if (variant.dimensions == 2) {
      reference_step_2d(current.data(), next.data(), static_cast<int>(n));
    } else {
      reference_step_1d(current.data(), next.data(), n);
    }
    current.swap(next);
  }
  return current;
}

#define STENCIL_REFERENCE_FOR(unused, T)                          \
  template void reference_step_2d<T>(const T*, T*, int);          \
  template void reference_step_2d<T>(const T*, T*, int, int);     \
  template void reference_step_1d<T>(const T*, T*, std::int64_t); \
  template std::vector<T> reference_run<T>(const VariantInfo&, std::int64_t, int, std::vector<T>);
STENCIL_ELEMENT_TYPES(STENCIL_REFERENCE_FOR, )
#undef STENCIL_REFERENCE_FOR

Cells reference_run(const VariantInfo& variant, std::int64_t n, int iterations, Cells initial) {
  return initial.visit(
      [&](auto& cells) { return Cells(reference_run(variant, n, iterations, std::move(cells))); });
}

}  // namespace stencil
