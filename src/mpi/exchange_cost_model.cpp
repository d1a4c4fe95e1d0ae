// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "mpi/exchange_cost_model.hpp"

#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <vector>

#include "memory/halo_access.hpp"
#include "mpi/boundary_exchange.hpp"

namespace stencil::mpi {
namespace {

using Clock = std::chrono::steady_clock;

constexpr int kRepetitions = 20;
constexpr int kPingPongFloats = 4 << 20;  // 16 MiB: long enough that latency does not matter

double slowest(double seconds, MPI_Comm comm) {
  double out = 0.0;
  MPI_Allreduce(&seconds, &out, 1, MPI_DOUBLE, MPI_MAX, comm);
  return out;
}

// One round of 1-float messages with every neighbour the exchange has, as many messages as it.
double latency_of_one_round(const CartesianGrid& ranks, const BoundaryExchange& exchange) {
  const std::size_t count = exchange.neighbours().size();
  std::vector<float> out(count, 0.0f), in(count, 0.0f);
  std::vector<MPI_Request> requests(2 * count);
  MPI_Barrier(ranks.comm());
  const auto start = Clock::now();
  for (int r = 0; r < kRepetitions; ++r) {
    for (std::size_t i = 0; i < count; ++i) {
      const int direction = exchange.directions()[i];
      MPI_Irecv(&in[i], 1, MPI_FLOAT, exchange.neighbours()[i], opposite(direction), ranks.comm(),
                &requests[i]);
      MPI_Isend(&out[i], 1, MPI_FLOAT, exchange.neighbours()[i], direction, ranks.comm(),
                &requests[count + i]);
    }
    MPI_Waitall(static_cast<int>(requests.size()), requests.data(), MPI_STATUSES_IGNORE);
  }
  return std::chrono::duration<double>(Clock::now() - start).count() / kRepetitions;
}

// Bytes per second between ranks 0 and 1 (each way of a ping-pong), from their own page-locked
// buffers; 0 where there is no rank 1.
double bandwidth_between_first_two(const CartesianGrid& ranks, Stepper& stepper) {
  int size = 0;
  MPI_Comm_size(ranks.comm(), &size);
  if (size < 2)
    return 0.0;
  // At least kPingPongFloats floats in either precision: the probe moves the same bytes.
  const HostBuffer buffer = stepper.halos().host_staging(kPingPongFloats);
  std::memset(buffer.get(), 0, kPingPongFloats * sizeof(float));
  const int rank = ranks.rank();
  double seconds = 0.0;
  MPI_Barrier(ranks.comm());
  if (rank < 2) {
    const int peer = 1 - rank;
    const auto start = Clock::now();
    for (int r = 0; r < kRepetitions / 4; ++r) {
      if (rank == 0) {
        MPI_Send(buffer.get(), kPingPongFloats, MPI_FLOAT, peer, 0, ranks.comm());
        MPI_Recv(buffer.get(), kPingPongFloats, MPI_FLOAT, peer, 0, ranks.comm(),
                 MPI_STATUS_IGNORE);
      } else {
        MPI_Recv(buffer.get(), kPingPongFloats, MPI_FLOAT, peer, 0, ranks.comm(),
                 MPI_STATUS_IGNORE);
        MPI_Send(buffer.get(), kPingPongFloats, MPI_FLOAT, peer, 0, ranks.comm());
      }
    }
    seconds = std::chrono::duration<double>(Clock::now() - start).count();
  }
  const double total = slowest(seconds, ranks.comm());
  const double bytes = 2.0 * (kRepetitions / 4) * kPingPongFloats * sizeof(float);
  return total > 0.0 ? bytes / total : 0.0;
}

// The stepper copying its own ghost cells out and the same values back in: the device <-> host
// staging.
double staging(const BoundaryExchange& exchange, Stepper& stepper) {
  const HostBuffer out = stepper.halos().host_staging(buffer_cells(exchange.send_regions()));
  const auto start = Clock::now();
  for (int r = 0; r < kRepetitions; ++r) {
    stepper.halos().pack_regions(exchange.send_regions(), out.get());
    stepper.halos().unpack_regions(exchange.send_regions(), out.get());
  }
  stepper.fence();
  return std::chrono::duration<double>(Clock::now() - start).count() / kRepetitions;
}

// The whole exchange (pack, messages, unpack) with nothing else running.
double exchange_alone(const CartesianGrid& ranks, BoundaryExchange& exchange, Stepper& stepper) {
  MPI_Barrier(ranks.comm());
  const auto start = Clock::now();
  for (int r = 0; r < kRepetitions; ++r) {
    exchange.start(stepper);
    exchange.finish(stepper);
  }
  stepper.fence();
  return std::chrono::duration<double>(Clock::now() - start).count() / kRepetitions;
}

}  // namespace

ExchangeCostModel calibrate_exchange_cost_model(const CartesianGrid& ranks,
                                                BoundaryExchange& exchange, Stepper& stepper) {
  ExchangeCostModel model;
  model.latency_seconds = slowest(latency_of_one_round(ranks, exchange), ranks.comm());
  model.bandwidth_bytes_per_second = bandwidth_between_first_two(ranks, stepper);
  model.staging_seconds = slowest(staging(exchange, stepper), ranks.comm());
  model.measured_seconds = slowest(exchange_alone(ranks, exchange, stepper), ranks.comm());
  std::int64_t bytes = exchange.bytes_sent();
  MPI_Allreduce(MPI_IN_PLACE, &bytes, 1, MPI_INT64_T, MPI_MAX, ranks.comm());
  model.bytes = bytes;
  int messages = exchange.messages_sent();
  MPI_Allreduce(MPI_IN_PLACE, &messages, 1, MPI_INT, MPI_MAX, ranks.comm());
  model.messages = messages;
  return model;
}

}  // namespace stencil::mpi
