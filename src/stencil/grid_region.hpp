// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A rectangle of a 2-D row-major local array: what a halo exchange sends or receives, and what a
// stepper copies out of or into its current state for it (stencil/stepper.hpp).
#pragma once

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace stencil {

struct GridRegion {
  std::int64_t row0 = 0;
  std::int64_t rows = 0;
  std::int64_t col0 = 0;
  std::int64_t cols = 0;
  std::int64_t cells() const { return rows * cols; }
};

// Copies `region` of a row-major local array `local_cols` wide to or from a contiguous buffer of
// region.cells() elements, row by row.
template <class T>
void pack_region(const T* local, std::int64_t local_cols, const GridRegion& region, T* buffer) {
  for (std::int64_t r = 0; r < region.rows; ++r) {
    const T* row = local + (region.row0 + r) * local_cols + region.col0;
    std::copy(row, row + region.cols, buffer + r * region.cols);
  }
}
template <class T>
void unpack_region(T* local, std::int64_t local_cols, const GridRegion& region, const T* buffer) {
  for (std::int64_t r = 0; r < region.rows; ++r) {
    const T* source = buffer + r * region.cols;
    std::copy(source, source + region.cols, local + (region.row0 + r) * local_cols + region.col0);
  }
}

// Throws std::invalid_argument unless every region lies inside a rows x cols local array: a
// stepper's halo access checks its caller before copying.
inline void require_inside(const std::vector<GridRegion>& regions, std::int64_t rows,
                           std::int64_t cols) {
  for (const GridRegion& region : regions) {
    if (region.row0 < 0 || region.col0 < 0 || region.rows < 0 || region.cols < 0 ||
        region.row0 + region.rows > rows || region.col0 + region.cols > cols) {
      throw std::invalid_argument("halo region outside the " + std::to_string(rows) + " x " +
                                  std::to_string(cols) + " local array");
    }
  }
}

// Halo buffers hold a list of regions back to back, each row-major, in list order.
inline std::int64_t buffer_cells(const std::vector<GridRegion>& regions) {
  std::int64_t cells = 0;
  for (const GridRegion& region : regions)
    cells += region.cells();
  return cells;
}
template <class T>
void pack_regions(const T* local, std::int64_t local_cols, const std::vector<GridRegion>& regions,
                  T* buffer) {
  for (const GridRegion& region : regions) {
    pack_region(local, local_cols, region, buffer);
    buffer += region.cells();
  }
}
template <class T>
void unpack_regions(T* local, std::int64_t local_cols, const std::vector<GridRegion>& regions,
                    const T* buffer) {
  for (const GridRegion& region : regions) {
    unpack_region(local, local_cols, region, buffer);
    buffer += region.cells();
  }
}

}  // namespace stencil
