// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A grid in host memory for the OpenMP kernels, of cells of type T (float or double): cache-line
// aligned, and first touched by the threads that will compute on it.
//
// Linux places a page on the NUMA node of the thread that first writes it. Every OpenMP kernel
// splits its cells statically into contiguous per-thread ranges of rows (2-D) or cells (1-D), so
// allocating without initialising and then writing each range from its own thread with the same
// static schedule puts each thread's rows in its own node's memory.
#pragma once

#include <cstddef>

#include "memory/aligned_cells.hpp"

namespace stencil::openmp {

template <class T>
class GridBuffer {
 public:
  GridBuffer() = default;
  // `cells` cells, each set to `value` by the thread that owns it in the kernels' schedule.
  // Throws std::bad_alloc when the allocation fails.
  GridBuffer(std::size_t cells, T value);

  T* data() { return cells_.get(); }
  const T* data() const { return cells_.get(); }
  std::size_t size() const { return size_; }

 private:
  AlignedCells<T> cells_;
  std::size_t size_ = 0;
};

// Parallel copy and fill with the kernels' static schedule: the stepper's upload, download,
// poison and the copy reference (`to` and `from` must not overlap).
template <class T>
void parallel_copy(const T* from, T* to, std::size_t cells);
template <class T>
void parallel_fill(T* to, std::size_t cells, T value);

}  // namespace stencil::openmp
