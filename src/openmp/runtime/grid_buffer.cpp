// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "openmp/runtime/grid_buffer.hpp"

#include <cstdlib>
#include <new>

namespace stencil::openmp {
namespace {

constexpr std::size_t kAlignment = 64;  // a cache line; also a whole AVX-512 vector

}  // namespace

void GridBuffer::Free::operator()(Element* p) const {
  std::free(p);
}

GridBuffer::GridBuffer(std::size_t cells, Element value) : size_(cells) {
  // std::aligned_alloc wants a multiple of the alignment; never zero bytes.
  const std::size_t bytes =
      ((cells * sizeof(Element) + kAlignment - 1) / kAlignment + 1) * kAlignment;
  cells_.reset(static_cast<Element*>(std::aligned_alloc(kAlignment, bytes)));
  if (!cells_)
    throw std::bad_alloc();
  parallel_fill(cells_.get(), cells, value);
}

// A contiguous static split of the cells is the same split, row for row up to the rounding at
// the range ends, as the kernels' static schedule over rows or 1-D blocks.
void parallel_copy(const Element* from, Element* to, std::size_t cells) {
  const long count = static_cast<long>(cells);
#pragma omp parallel for simd schedule(static)
  for (long i = 0; i < count; ++i)
    to[i] = from[i];
}

void parallel_fill(Element* to, std::size_t cells, Element value) {
  const long count = static_cast<long>(cells);
#pragma omp parallel for simd schedule(static)
  for (long i = 0; i < count; ++i)
    to[i] = value;
}

}  // namespace stencil::openmp
