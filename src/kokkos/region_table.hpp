// A list of halo regions (stencil/grid_region.hpp) in the form one pack or unpack kernel takes it:
// a small table passed by value, with each region's first cell in the halo buffer, so a single
// launch covers every region of an exchange and a cell finds its region by a short scan.
#pragma once

#include <Kokkos_Core.hpp>
#include <cstdint>
#include <vector>

#include "stencil/grid_region.hpp"

namespace stencil::kokkos {

struct RegionTable {
  // A halo exchange has at most 8 regions (one per direction); longer lists take several tables.
  static constexpr int kMaxRegions = 16;
  int count = 0;
  int row0[kMaxRegions] = {};
  int col0[kMaxRegions] = {};
  int cols[kMaxRegions] = {};
  // Region r fills buffer cells [begin[r], begin[r + 1]): prefix sums over the whole list, so a
  // table later in the list starts where the one before it ended.
  std::int64_t begin[kMaxRegions + 1] = {};

  std::int64_t first_cell() const { return begin[0]; }
  std::int64_t end_cell() const { return begin[count]; }

  // The local-array cell (y, x) that buffer cell i (first_cell() <= i < end_cell()) stands for.
  // Empty regions have begin[r] == begin[r + 1] and are skipped by the scan.
  KOKKOS_INLINE_FUNCTION void locate(std::int64_t i, int& y, int& x) const {
    int r = 0;
    while (i >= begin[r + 1])
      ++r;
    const int offset = static_cast<int>(i - begin[r]);
    y = row0[r] + offset / cols[r];
    x = col0[r] + offset % cols[r];
  }
};

// `regions` (each inside a local array whose cells fit an int) as consecutive tables of at most
// kMaxRegions regions each, in list order.
inline std::vector<RegionTable> region_tables(const std::vector<GridRegion>& regions) {
  std::vector<RegionTable> tables;
  std::int64_t next_cell = 0;
  for (const GridRegion& region : regions) {
    if (tables.empty() || tables.back().count == RegionTable::kMaxRegions) {
      tables.emplace_back();
      tables.back().begin[0] = next_cell;
    }
    RegionTable& table = tables.back();
    const int r = table.count++;
    table.row0[r] = static_cast<int>(region.row0);
    table.col0[r] = static_cast<int>(region.col0);
    table.cols[r] = static_cast<int>(region.cols);
    next_cell += region.cells();
    table.begin[r + 1] = next_cell;
  }
  return tables;
}

}  // namespace stencil::kokkos
