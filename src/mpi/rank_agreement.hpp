// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// How the ranks of a run agree on the outcome of a step every rank took (setting up, reading the
// input, each save), so that no rank is left waiting in a collective the others skipped.
#pragma once

#include <exception>
#include <ostream>
#include <stdexcept>
#include <string>

#include "io/errors.hpp"
#include "mpi/world.hpp"
#include "stencil/stepper.hpp"

namespace stencil::mpi {

// Runs `body` and returns the exit status of what it threw: 0 for nothing, 2 for bad input (the
// user's request or file: the driver hands a bad option in as UnsupportedRequest), 1 for anything
// else (a failed write, the machine); `message` gets its
// text. The status is what one rank brings to agree().
template <class Body>
int attempt(Body&& body, std::string& message) {
  constexpr int kExitFailure = 1;
  constexpr int kExitUsage = 2;
  try {
    body();
    return 0;
  } catch (const UnsupportedRequest& e) {
    message = e.what();
    return kExitUsage;
  } catch (const io::FileRejected& e) {
    message = e.what();
    return kExitUsage;
  } catch (const std::exception& e) {
    message = e.what();
    return kExitFailure;
  }
}

// Collective over MPI_COMM_WORLD. Returns 0 when every rank's `status` is 0, else the status of
// the lowest failing rank, which also prints its one line `stencil_miniapp: error: <message>`
// (rank 0 for a failure every rank sees).
int agree(int status, const std::string& message, std::ostream& err);

// Thrown on every rank at once after agree() returned `status` != 0: the line is printed, and the
// run ends with that exit status (destructors remove the temporaries).
class AgreedFailure : public std::runtime_error {
 public:
  explicit AgreedFailure(int status) : std::runtime_error("agreed failure"), status_(status) {}
  int status() const { return status_; }

 private:
  int status_;
};

// agree(), then throw AgreedFailure when the agreed status is not 0.
void agree_or_throw(int status, const std::string& message, std::ostream& err);

}  // namespace stencil::mpi
