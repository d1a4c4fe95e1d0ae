// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The ranks of an MPI job that run on one node share its memory. Each rank's stepper checks its
// own grids against the memory available, which every rank on the node sees in full, so a job
// whose ranks fit one by one but not together would pass and be killed by the kernel later,
// without a line. The ranks of a node are learnt once (a collective) and each rank then adds up
// what all of them need, from the decomposition every rank knows, before any allocates.
#pragma once

#include <cstddef>
#include <vector>

#include "mpi/decomposition.hpp"
#include "stencil/precision.hpp"

namespace stencil::mpi {

// The MPI_COMM_WORLD ranks that share this rank's node (MPI_COMM_TYPE_SHARED), this one included.
// Collective over MPI_COMM_WORLD.
std::vector<int> node_world_ranks();

// The host memory the stepper of world rank `rank` holds: its local array (subgrid plus ghost
// layer) four times (two grids, the driver's initial and final copies), plus on rank 0 the gathered
// grid; cells of `precision`.
std::size_t rank_host_bytes(const GlobalExtent& extent, const ProcessGrid& grid, int depth,
                            Precision precision, int rank);

// Throws UnsupportedRequest (exit 2) when the ranks in `node` need more host memory together
// than the node has available. Local: no communication.
void require_node_memory(const std::vector<int>& node, const GlobalExtent& extent,
                         const ProcessGrid& grid, int depth, Precision precision);

}  // namespace stencil::mpi
