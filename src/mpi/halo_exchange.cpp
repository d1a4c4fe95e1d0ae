#include "mpi/halo_exchange.hpp"

#include <climits>
#include <stdexcept>

namespace stencil::mpi {
namespace {

// MPI counts are int: one message carries at most INT_MAX floats.
int message_count(std::int64_t cells) {
  if (cells > INT_MAX)
    throw std::invalid_argument("a halo message of " + std::to_string(cells) +
                                " cells exceeds MPI's int count; use more ranks");
  return static_cast<int>(cells);
}

}  // namespace

HaloExchange::HaloExchange(const CartesianGrid& ranks, const Tile& tile, int depth)
    : comm_(ranks.comm()), local_cols_(tile.local_cols()) {
  for (int d = 0; d < 8; ++d) {
    Side& side = sides_[d];
    side.neighbour = ranks.neighbour(d);
    if (side.neighbour == MPI_PROC_NULL)
      continue;
    side.send = send_region(tile, depth, d);
    side.receive = receive_region(tile, depth, d);
    side.send_buffer.resize(side.send.cells());
    side.receive_buffer.resize(side.receive.cells());
    message_count(side.send.cells());
  }
  requests_.reserve(16);
}

void HaloExchange::start(const float* local) {
  post([&](const Region& region, float* buffer) {
    pack_region(local, local_cols_, region, buffer);
  });
}

void HaloExchange::finish(float* local) {
  complete([&](const Region& region, const float* buffer) {
    unpack_region(local, local_cols_, region, buffer);
  });
}

void HaloExchange::start(Stepper& stepper) {
  post([&](const Region& region, float* buffer) { stepper.copy_region_out(region, buffer); });
}

void HaloExchange::finish(Stepper& stepper) {
  complete(
      [&](const Region& region, const float* buffer) { stepper.copy_region_in(region, buffer); });
}

void HaloExchange::post(const Pack& pack) {
  requests_.clear();
  for (int d = 0; d < 8; ++d) {
    Side& side = sides_[d];
    if (side.neighbour == MPI_PROC_NULL)
      continue;
    // The tag is the direction the message travels, so the receiver matches it with the side it
    // arrives on (the opposite of the direction it was sent in).
    requests_.emplace_back();
    MPI_Irecv(side.receive_buffer.data(), message_count(side.receive.cells()), MPI_FLOAT,
              side.neighbour, opposite(d), comm_, &requests_.back());
  }
  for (int d = 0; d < 8; ++d) {
    Side& side = sides_[d];
    if (side.neighbour == MPI_PROC_NULL)
      continue;
    pack(side.send, side.send_buffer.data());
    requests_.emplace_back();
    MPI_Isend(side.send_buffer.data(), message_count(side.send.cells()), MPI_FLOAT, side.neighbour,
              d, comm_, &requests_.back());
  }
}

void HaloExchange::complete(const Unpack& unpack) {
  MPI_Waitall(static_cast<int>(requests_.size()), requests_.data(), MPI_STATUSES_IGNORE);
  requests_.clear();
  for (const Side& side : sides_) {
    if (side.neighbour != MPI_PROC_NULL)
      unpack(side.receive, side.receive_buffer.data());
  }
}

std::int64_t HaloExchange::bytes_sent() const {
  std::int64_t cells = 0;
  for (const Side& side : sides_) {
    if (side.neighbour != MPI_PROC_NULL)
      cells += side.send.cells();
  }
  return cells * static_cast<std::int64_t>(sizeof(float));
}

}  // namespace stencil::mpi
