// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// How a rank's ghost cells travel between steps: host-staged MPI messages (BoundaryExchange) or
// device to device through NCCL (NcclBoundaryExchange). The driver sees only this.
#pragma once

#include <cstdint>
#include <string>

#include "stencil/stepper.hpp"

namespace stencil::mpi {

class BoundaryTransport {
 public:
  virtual ~BoundaryTransport() = default;
  // Sends the send regions of the stepper's current state and posts the receives.
  virtual void start(Stepper& stepper) = 0;
  // Sends the values the stepper's next iteration gives the send regions instead (computed ahead
  // from the current state), so the caller can run that step while they travel.
  virtual void start_stepped(Stepper& stepper) = 0;
  // Waits for the messages and writes the received ghost cells into the stepper's current state.
  virtual void finish(Stepper& stepper) = 0;
  // Bytes and messages this rank sends per exchange (for the result block and the cost model).
  virtual std::int64_t bytes_sent() const = 0;
  virtual int messages_sent() const = 0;
  virtual std::string name() const = 0;  // "mpi", "nccl"
};

}  // namespace stencil::mpi
