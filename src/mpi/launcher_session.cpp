// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "mpi/launcher_session.hpp"

#include <cstdlib>
#include <initializer_list>

#if defined(STENCIL_HAVE_MPI)
#include <mpi.h>
#endif

namespace stencil::mpi {

bool launched_by_mpi() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK"}) {
    if (std::getenv(name) != nullptr)
      return true;
  }
  return false;
}

#if defined(STENCIL_HAVE_MPI)
Session::Session(int& argc, char**& argv) {
  if (!launched_by_mpi())
    return;
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  active_ = true;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
}

Session::~Session() {
  if (active_)
    MPI_Finalize();
}
#else
Session::Session(int&, char**&) {}
Session::~Session() = default;
#endif

}  // namespace stencil::mpi
