// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The decomposition arithmetic, checked against properties rather than against its own output:
// spans cover every cell once and differ by at most one, ghost cells sit exactly where neighbours
// are, and each send region has the shape of the neighbour's matching receive region.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "mpi/decomposition.hpp"
#include "mpi/ghost_regions.hpp"

namespace stencil::mpi {
namespace {

TEST(SplitEvenly, CoversEveryCellOnceWithSpansDifferingByAtMostOne) {
  for (std::int64_t n : {1, 2, 3, 5, 7, 16, 17, 1000, 46341, 100000}) {
    for (int parts = 1; parts <= 7 && parts <= n; ++parts) {
      std::int64_t next = 0, smallest = n, largest = 0;
      for (int i = 0; i < parts; ++i) {
        const Span span = split_evenly(n, parts, i);
        EXPECT_EQ(span.begin, next) << "n=" << n << " parts=" << parts << " i=" << i;
        next = span.end();
        smallest = std::min(smallest, span.count);
        largest = std::max(largest, span.count);
      }
      EXPECT_EQ(next, n) << "n=" << n << " parts=" << parts;
      EXPECT_LE(largest - smallest, 1) << "n=" << n << " parts=" << parts;
      EXPECT_GE(smallest, 1);
    }
  }
}

TEST(SplitEvenly, UsesSixtyFourBitIndicesBeyondTheSingleGpuLimit) {
  const std::int64_t n = 3'000'000'000;  // more cells per row than an int holds
  const Span last = split_evenly(n, 3, 2);
  EXPECT_EQ(last.end(), n);
  EXPECT_EQ(last.count, 1'000'000'000);
}

TEST(ParseProcessGrid, AcceptsPxQAndRejectsEverythingElse) {
  const auto grid = parse_process_grid("3x2");
  ASSERT_TRUE(grid.has_value());
  EXPECT_EQ(grid->rows, 3);
  EXPECT_EQ(grid->cols, 2);
  EXPECT_TRUE(parse_process_grid("1X4").has_value());
  EXPECT_TRUE(parse_process_grid("2,2").has_value());
  for (const char* bad : {"", "x", "3", "3x", "x2", "0x2", "2x0", "-1x2", "2x-1", "2x2x2", "ax2",
                          "2xb", "2.5x2", " 2x2", "2x2 ", "99999999999x1"}) {
    EXPECT_FALSE(parse_process_grid(bad).has_value()) << "'" << bad << "'";
  }
}

TEST(SubgridOf, HasGhostCellsExactlyTowardsNeighbours) {
  const ProcessGrid grid{2, 3};
  for (int r = 0; r < grid.rows; ++r) {
    for (int c = 0; c < grid.cols; ++c) {
      const Subgrid subgrid = subgrid_of(10, grid, r, c, 2);
      EXPECT_EQ(subgrid.ghost_top, r > 0 ? 2 : 0);
      EXPECT_EQ(subgrid.ghost_bottom, r < grid.rows - 1 ? 2 : 0);
      EXPECT_EQ(subgrid.ghost_left, c > 0 ? 2 : 0);
      EXPECT_EQ(subgrid.ghost_right, c < grid.cols - 1 ? 2 : 0);
      EXPECT_EQ(subgrid.local_rows(),
                subgrid.rows.count + subgrid.ghost_top + subgrid.ghost_bottom);
      EXPECT_EQ(subgrid.local_cols(),
                subgrid.cols.count + subgrid.ghost_left + subgrid.ghost_right);
    }
  }
}

TEST(DecompositionProblem, NamesGridsSmallerThanTheRankGridAndTooThinGhostLayers) {
  EXPECT_EQ(decomposition_problem(5, ProcessGrid{2, 2}, 1), "");
  EXPECT_EQ(decomposition_problem(1, ProcessGrid{1, 1}, 8), "");  // no neighbours, no ghost layer
  EXPECT_EQ(decomposition_problem(4, ProcessGrid{1, 4}, 1), "");  // ranks one cell wide
  EXPECT_NE(decomposition_problem(3, ProcessGrid{1, 4}, 1), "");
  EXPECT_NE(decomposition_problem(3, ProcessGrid{4, 1}, 1), "");
  EXPECT_NE(decomposition_problem(7, ProcessGrid{2, 1}, 4), "");  // 3 rows < 4-deep ghost layer
  EXPECT_EQ(decomposition_problem(8, ProcessGrid{2, 1}, 4), "");
  EXPECT_NE(decomposition_problem(8, ProcessGrid{1, 3}, 4), "");
}

// A 2-D grid of one row (N = 1) is named as the square it is; a 1-D grid as a row of cells.
TEST(DecompositionProblem, NamesTheGridByItsDimensions) {
  EXPECT_EQ(decomposition_problem(GlobalExtent::of(2, 1), ProcessGrid{4, 1}, 1),
            "a 1x1 grid is smaller than the 4x1 rank grid: every rank needs at least one row and "
            "one column");
  const std::string one_d = decomposition_problem(GlobalExtent::of(1, 3), ProcessGrid{1, 4}, 1);
  EXPECT_EQ(one_d.rfind("a 1-D grid of 3 cells is smaller", 0), 0u) << one_d;
}

// Every send region must have the shape of the receive region on the other side, and sends must
// lie in owned cells, receives in the ghost layer.
TEST(GhostRegions, SendsMatchTheNeighboursReceivesAndStayInTheirZones) {
  for (std::int64_t n : {4, 5, 9, 17}) {
    for (const ProcessGrid grid :
         {ProcessGrid{2, 2}, ProcessGrid{3, 1}, ProcessGrid{1, 3}, ProcessGrid{3, 4}}) {
      for (int depth : {1, 2}) {
        if (!decomposition_problem(n, grid, depth).empty())
          continue;
        for (int r = 0; r < grid.rows; ++r) {
          for (int c = 0; c < grid.cols; ++c) {
            const Subgrid subgrid = subgrid_of(n, grid, r, c, depth);
            for (int d = 0; d < 8; ++d) {
              if (!has_neighbour(grid, r, c, d))
                continue;
              const int nr = r + kDirections[d].dy, nc = c + kDirections[d].dx;
              const Subgrid other = subgrid_of(n, grid, nr, nc, depth);
              const Region send = send_region(subgrid, depth, d);
              const Region receive = receive_region(other, depth, opposite(d));
              EXPECT_EQ(send.rows, receive.rows);
              EXPECT_EQ(send.cols, receive.cols);
              // Sends are owned cells of this subgrid.
              EXPECT_GE(send.row0, subgrid.ghost_top);
              EXPECT_LE(send.row0 + send.rows, subgrid.ghost_top + subgrid.rows.count);
              EXPECT_GE(send.col0, subgrid.ghost_left);
              EXPECT_LE(send.col0 + send.cols, subgrid.ghost_left + subgrid.cols.count);
              // The global cells sent are the ones the neighbour's ghost layer stands for.
              EXPECT_EQ(subgrid.rows.begin + send.row0 - subgrid.ghost_top,
                        other.rows.begin + receive.row0 - other.ghost_top);
              EXPECT_EQ(subgrid.cols.begin + send.col0 - subgrid.ghost_left,
                        other.cols.begin + receive.col0 - other.ghost_left);
            }
          }
        }
      }
    }
  }
}

TEST(GhostRegions, PackThenUnpackMovesExactlyTheRegion) {
  const std::int64_t rows = 5, cols = 6;
  std::vector<float> local(rows * cols);
  for (std::size_t i = 0; i < local.size(); ++i)
    local[i] = static_cast<float>(i);
  const Region region{1, 3, 2, 2};
  std::vector<float> buffer(region.cells());
  pack_region(local.data(), cols, region, buffer.data());
  EXPECT_EQ(buffer, (std::vector<float>{8, 9, 14, 15, 20, 21}));
  std::vector<float> target(rows * cols, -1.0f);
  unpack_region(target.data(), cols, region, buffer.data());
  for (std::int64_t y = 0; y < rows; ++y) {
    for (std::int64_t x = 0; x < cols; ++x) {
      const bool inside = y >= 1 && y < 4 && x >= 2 && x < 4;
      EXPECT_EQ(target[y * cols + x], inside ? local[y * cols + x] : -1.0f) << y << "," << x;
    }
  }
}

}  // namespace
}  // namespace stencil::mpi
