// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "mpi/rank_agreement.hpp"

#include <mpi.h>

#include <climits>

#include "io/interrupt_cleanup.hpp"

namespace stencil::mpi {

int agree(int status, const std::string& message, std::ostream& err) {
  const int rank = world_rank();
  const int mine = status != 0 ? rank : INT_MAX;
  int first = INT_MAX;
  MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  if (first == INT_MAX)
    return 0;
  if (rank == first) {
    err << "stencil_miniapp: error: " << message << "\n";
    err.flush();
  }
  int agreed = status;
  MPI_Bcast(&agreed, 1, MPI_INT, first, MPI_COMM_WORLD);
  // Every rank now leaves with `agreed`; the first to exit makes the launcher signal the others.
  io::leaving_with(agreed);
  return agreed;
}

void agree_or_throw(int status, const std::string& message, std::ostream& err) {
  if (const int agreed = agree(status, message, err); agreed != 0)
    throw AgreedFailure(agreed);
}

}  // namespace stencil::mpi
