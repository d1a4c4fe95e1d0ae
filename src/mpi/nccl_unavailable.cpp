// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// -halo nccl in a build without NCCL: refuse with the reason.
#include "mpi/nccl_exchange.hpp"

namespace stencil::mpi {

bool nccl_built() {
  return false;
}

std::unique_ptr<BoundaryTransport> make_nccl_exchange(const CartesianGrid&, const Subgrid&, int,
                                                      Stepper&) {
  throw UnsupportedRequest(
      "-halo nccl: this build has no NCCL (nccl.h and libnccl were not found next to CUDA when it "
      "was configured); use -halo mpi");
}

}  // namespace stencil::mpi
