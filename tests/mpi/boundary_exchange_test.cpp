// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The decomposition and boundary exchange, run on every rank of the job (1 to 4 ranks under ctest):
// a distributed run of the reference stencil, ghost cells exchanged every k steps and k steps taken
// on each rank's subgrid plus ghost layer, must equal the single-process reference bit for bit, on
// every decomposition of the job's ranks, uneven and one cell wide included. Ghost cells start as
// NaN, so a ghost layer cell the exchange misses poisons the owned cells next to it.
#include <gtest/gtest.h>
#include <mpi.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

#include "mpi/boundary_exchange.hpp"
#include "mpi/cartesian.hpp"
#include "mpi/decomposition.hpp"
#include "stencil/initial_state.hpp"
#include "stencil/reference.hpp"

namespace stencil::mpi {
namespace {

constexpr std::uint64_t kSeed = 7;

int world_size() {
  int size = 0;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  return size;
}

// Every P x Q with P * Q = ranks.
std::vector<ProcessGrid> grids_for(int ranks) {
  std::vector<ProcessGrid> grids;
  for (int rows = 1; rows <= ranks; ++rows) {
    if (ranks % rows == 0)
      grids.push_back(ProcessGrid{rows, ranks / rows});
  }
  return grids;
}

// The rank's subgrid plus ghost layer: owned cells from the initial state, ghost cells NaN.
std::vector<float> initial_local(const Subgrid& subgrid, std::int64_t n) {
  std::vector<float> local(subgrid.local_cells(), std::numeric_limits<float>::quiet_NaN());
  for (std::int64_t y = 0; y < subgrid.rows.count; ++y) {
    for (std::int64_t x = 0; x < subgrid.cols.count; ++x) {
      const std::int64_t global = (subgrid.rows.begin + y) * n + subgrid.cols.begin + x;
      local[(subgrid.ghost_top + y) * subgrid.local_cols() + subgrid.ghost_left + x] =
          hashed_value(static_cast<std::uint64_t>(global), kSeed);
    }
  }
  return local;
}

// `passes` passes of `depth` steps each; exchange == false skips the exchange (the control case).
std::vector<float> distributed_run(const CartesianGrid& ranks, const Subgrid& subgrid,
                                   std::int64_t n, int depth, int passes, bool exchange) {
  std::vector<float> current = initial_local(subgrid, n), next(current.size());
  BoundaryExchange boundary(ranks, subgrid, depth);
  const int rows = static_cast<int>(subgrid.local_rows()),
            cols = static_cast<int>(subgrid.local_cols());
  for (int pass = 0; pass < passes; ++pass) {
    if (exchange) {
      boundary.start(current.data());
      boundary.finish(current.data());
    }
    for (int s = 0; s < depth; ++s) {
      reference_step_2d(current.data(), next.data(), rows, cols);
      current.swap(next);
    }
  }
  return current;
}

// Owned cells that differ from the single-process reference, summed over all ranks.
long long mismatches_on_all_ranks(const CartesianGrid& ranks, const Subgrid& subgrid,
                                  std::int64_t n, const std::vector<float>& local, int iterations) {
  const auto& square = *find_variant("naive");
  const std::vector<float> expected =
      reference_run(square, static_cast<int>(n), iterations, random_field(n * n, kSeed));
  long long wrong = 0;
  for (std::int64_t y = 0; y < subgrid.rows.count; ++y) {
    for (std::int64_t x = 0; x < subgrid.cols.count; ++x) {
      const float got =
          local[(subgrid.ghost_top + y) * subgrid.local_cols() + subgrid.ghost_left + x];
      const float want = expected[(subgrid.rows.begin + y) * n + subgrid.cols.begin + x];
      // Bit for bit: the same float, and NaN (a missed ghost layer) never equals anything.
      if (!(got == want) || std::signbit(got) != std::signbit(want))
        ++wrong;
    }
  }
  long long total = 0;
  MPI_Allreduce(&wrong, &total, 1, MPI_LONG_LONG, MPI_SUM, ranks.comm());
  return total;
}

TEST(DistributedReference, MatchesTheSingleProcessRunBitForBitOnEveryDecomposition) {
  int cases = 0;
  for (const ProcessGrid& grid : grids_for(world_size())) {
    const CartesianGrid ranks(MPI_COMM_WORLD, grid);
    for (std::int64_t n : {1, 2, 3, 4, 5, 7, 16, 33}) {
      for (int depth : {1, 2, 4}) {
        if (!decomposition_problem(n, grid, depth).empty())
          continue;
        const Subgrid subgrid = subgrid_of(n, grid, ranks.grid_row(), ranks.grid_col(), depth);
        const int passes = 12 / depth;  // 12 steps whatever the depth
        const auto local = distributed_run(ranks, subgrid, n, depth, passes, true);
        EXPECT_EQ(mismatches_on_all_ranks(ranks, subgrid, n, local, passes * depth), 0)
            << "N=" << n << " decomposition " << to_string(grid) << " depth " << depth;
        ++cases;
      }
    }
  }
  EXPECT_GT(cases, 0);
}

// The control: without the exchange the same comparison must fail wherever ranks have
// neighbours, which shows that the test above can fail.
TEST(DistributedReference, FailsWithoutTheExchangeWhereRanksHaveNeighbours) {
  if (world_size() == 1)
    GTEST_SKIP() << "one rank has no neighbours";
  const CartesianGrid ranks(MPI_COMM_WORLD, std::nullopt);
  const std::int64_t n = 16;
  const Subgrid subgrid = subgrid_of(n, ranks.grid(), ranks.grid_row(), ranks.grid_col(), 1);
  const auto local = distributed_run(ranks, subgrid, n, 1, 4, false);
  EXPECT_GT(mismatches_on_all_ranks(ranks, subgrid, n, local, 4), 0);
}

TEST(CartesianGrid, AutomaticGridUsesEveryRankWithTheLongerSideAlongY) {
  const CartesianGrid ranks(MPI_COMM_WORLD, std::nullopt);
  EXPECT_EQ(ranks.grid().size(), world_size());
  EXPECT_GE(ranks.grid().rows, ranks.grid().cols);
}

TEST(CartesianGrid, ForcedGridOfTheWrongSizeIsRefusedWithOneLine) {
  const ProcessGrid wrong{world_size() + 1, 1};
  try {
    const CartesianGrid ranks(MPI_COMM_WORLD, wrong);
    FAIL() << "no error for -decomp " << to_string(wrong);
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("needs " + std::to_string(wrong.size()) + " ranks"),
              std::string::npos)
        << e.what();
    EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos);
  }
}

}  // namespace
}  // namespace stencil::mpi
