// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The cost model of one host-staged boundary exchange, from link figures measured in the same job:
//   predicted = latency (one round of 1-float messages with the same neighbours)
//             + bytes sent by the busiest rank / MPI bandwidth (a 16 MiB ping-pong, ranks 0 and 1)
//             + staging (the stepper packing and unpacking its ghost cells: device <-> page-locked
//             host)
// set against the exchange time the run measured. docs/mpi.md explains the terms.
#pragma once

#include <cstdint>

#include "stencil/stepper.hpp"

namespace stencil::mpi {

class CartesianGrid;
class BoundaryExchange;

struct ExchangeCostModel {
  double latency_seconds = 0.0;
  double bandwidth_bytes_per_second = 0.0;  // 0 with one rank
  double staging_seconds = 0.0;
  std::int64_t bytes = 0;  // sent per exchange by the busiest rank
  int messages = 0;        // sent per exchange by the busiest rank
  // The exchange itself, run alone (no step between): what the model predicts.
  double measured_seconds = 0.0;

  double predicted_seconds() const {
    const double transfer = bandwidth_bytes_per_second > 0.0
                                ? static_cast<double>(bytes) / bandwidth_bytes_per_second
                                : 0.0;
    return latency_seconds + transfer + staging_seconds;
  }
};

// Collective: every rank calls it with its exchange and stepper, after the run: it leaves the
// owned cells unchanged (it packs and unpacks their own values, and refreshes the ghost cells).
// The figures are the slowest rank's.
ExchangeCostModel calibrate_exchange_cost_model(const CartesianGrid& ranks,
                                                BoundaryExchange& exchange, Stepper& stepper);

}  // namespace stencil::mpi
