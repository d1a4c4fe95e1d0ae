// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A host array of cells whose first cell starts a cache line. Plain `new T[]` of a large grid
// returns 16 bytes past a page, so every 64-byte vector of a row loop would straddle two lines
// (docs/performance.md, "stdpar against the native twin").
#pragma once

#include <cstddef>
#include <memory>
#include <new>

namespace stencil {

inline constexpr std::align_val_t kCellAlignment{64};

template <class T>
struct AlignedCellsDelete {
  void operator()(T* cells) const { ::operator delete[](cells, kCellAlignment); }
};

template <class T>
using AlignedCells = std::unique_ptr<T[], AlignedCellsDelete<T>>;

// `cells` uninitialised cells (at least one, so that the pointer is never null); throws
// std::bad_alloc.
template <class T>
AlignedCells<T> allocate_aligned_cells(std::size_t cells) {
  return AlignedCells<T>(
      static_cast<T*>(::operator new[]((cells == 0 ? 1 : cells) * sizeof(T), kCellAlignment)));
}

}  // namespace stencil
