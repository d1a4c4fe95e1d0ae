// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A run across the ranks of an MPI job (mpirun -np P): each rank steps its subgrid of the global
// grid with a ghost layer as deep as one step's iterations, exchanging ghost cells before every
// step; rank 0 gathers the final grid for the checksum and -verify and prints the one result block.
#pragma once

#include <ostream>

#include "options.hpp"

namespace stencil::app {

// Call on every rank of MPI_COMM_WORLD (MPI initialised, see mpi/launcher_session.hpp). Returns the
// exit status every rank agrees on: 0, 1 (verification failed) or 2 (a request the ranks cannot
// serve: one line on `err` from the lowest rank that refused it, rank 0 for anything every rank
// sees). A failure in the middle of the run aborts the whole job (MPI_Abort), so no rank waits
// forever.
int run_distributed(const Options& options, std::ostream& out, std::ostream& err);

}  // namespace stencil::app
