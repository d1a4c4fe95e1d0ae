// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "openmp/runtime/grid_buffer.hpp"

#include "stencil/precision.hpp"

namespace stencil::openmp {

template <class T>
GridBuffer<T>::GridBuffer(std::size_t cells, T value)
    : cells_(allocate_aligned_cells<T>(cells)), size_(cells) {
  parallel_fill(cells_.get(), cells, value);
}

// A contiguous static split of the cells is the same split, row for row up to the rounding at
// the range ends, as the kernels' static schedule over rows or 1-D blocks.
template <class T>
void parallel_copy(const T* from, T* to, std::size_t cells) {
  const long count = static_cast<long>(cells);
#pragma omp parallel for simd schedule(static)
  for (long i = 0; i < count; ++i)
    to[i] = from[i];
}

template <class T>
void parallel_fill(T* to, std::size_t cells, T value) {
  const long count = static_cast<long>(cells);
#pragma omp parallel for simd schedule(static)
  for (long i = 0; i < count; ++i)
    to[i] = value;
}

#define STENCIL_INSTANTIATE_GRID_BUFFER(unused, T)                 \
  template class GridBuffer<T>;                                    \
  template void parallel_copy<T>(const T*, T*, std::size_t cells); \
  template void parallel_fill<T>(T*, std::size_t cells, T value);
STENCIL_ELEMENT_TYPES(STENCIL_INSTANTIATE_GRID_BUFFER, )
#undef STENCIL_INSTANTIATE_GRID_BUFFER

}  // namespace stencil::openmp
