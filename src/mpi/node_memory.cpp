// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "mpi/node_memory.hpp"

#include <mpi.h>

#include <climits>

#include "stencil/memory_budget.hpp"
#include "stencil/stepper.hpp"

namespace stencil::mpi {

std::vector<int> node_world_ranks() {
  int world_rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &world_rank);
  MPI_Comm node = MPI_COMM_NULL;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
  int size = 1;
  MPI_Comm_size(node, &size);
  std::vector<int> ranks(static_cast<std::size_t>(size));
  MPI_Allgather(&world_rank, 1, MPI_INT, ranks.data(), 1, MPI_INT, node);
  MPI_Comm_free(&node);
  return ranks;
}

std::size_t rank_host_bytes(const GlobalExtent& extent, const ProcessGrid& grid, int depth,
                            Precision precision, int rank) {
  const Subgrid subgrid = subgrid_of(extent, grid, rank / grid.cols, rank % grid.cols, depth);
  std::size_t bytes =
      4 * static_cast<std::size_t>(subgrid.local_cells()) * element_bytes(precision);
  const std::int64_t cells = extent.rows * extent.cols;
  if (rank == 0 && cells <= INT_MAX)
    bytes += static_cast<std::size_t>(cells) * element_bytes(precision);  // the gathered grid
  return bytes;
}

void require_node_memory(const std::vector<int>& node, const GlobalExtent& extent,
                         const ProcessGrid& grid, int depth, Precision precision) {
  std::size_t needed = 0;
  for (const int rank : node)
    needed += rank_host_bytes(extent, grid, depth, precision, rank);
  const std::size_t available = host_available_bytes();
  if (needed > available) {
    throw UnsupportedRequest("grid too large for this node: its " + std::to_string(node.size()) +
                             " ranks need " + format_bytes(static_cast<double>(needed)) +
                             " of host memory together, but it has " +
                             format_bytes(static_cast<double>(available)) +
                             " available; use fewer ranks per node, more nodes or a smaller -n");
  }
}

}  // namespace stencil::mpi
