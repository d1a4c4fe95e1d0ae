// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// -halo nccl: ghost cells move device to device through NCCL (ncclSend/ncclRecv between the
// Cartesian neighbours), bootstrapped over MPI, on a NCCL stream of their own so that the step runs
// on the stepper's stream meanwhile. The regions are those of the host-staged exchange; only
// steppers whose steps launch CUDA kernels have device buffers. NCCL needs one GPU per rank: ranks
// that share a GPU are refused before NCCL is asked (NCCL itself answers "invalid usage" there).
#pragma once

#include <memory>

#include "mpi/boundary_transport.hpp"
#include "mpi/cartesian.hpp"

namespace stencil::mpi {

// Whether this build has NCCL (found at configure time next to CUDA).
bool nccl_built();

// Collective over `ranks`: every rank calls it, and every rank throws UnsupportedRequest with the
// same one-line reason where NCCL cannot serve the job (not built, a host stepper, ranks sharing a
// GPU, NCCL refusing the communicator).
std::unique_ptr<BoundaryTransport> make_nccl_exchange(const CartesianGrid& ranks,
                                                      const Subgrid& subgrid, int depth,
                                                      Stepper& stepper);

}  // namespace stencil::mpi
