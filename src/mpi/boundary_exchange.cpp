// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "mpi/boundary_exchange.hpp"

#include <climits>
#include <cstddef>
#include <stdexcept>
#include <string>

#include "memory/halo_access.hpp"
#include "mpi/element_datatype.hpp"

namespace stencil::mpi {
namespace {

// MPI counts are int: one message carries at most INT_MAX cells.
int message_count(std::int64_t cells) {
  if (cells > INT_MAX)
    throw std::invalid_argument("a halo message of " + std::to_string(cells) +
                                " cells exceeds MPI's int count; use more ranks");
  return static_cast<int>(cells);
}

HostBuffer allocate(Stepper* stepper, std::int64_t cells, Precision precision) {
  const auto count = static_cast<std::size_t>(cells);
  return stepper != nullptr
             ? stepper->halos().host_staging(count)
             : HostBuffer(new std::byte[(count == 0 ? 1 : count) * element_bytes(precision)]);
}

}  // namespace

BoundaryExchange::BoundaryExchange(const CartesianGrid& ranks, const Subgrid& subgrid, int depth,
                                   Stepper* stepper, Precision precision)
    : comm_(ranks.comm()),
      precision_(stepper != nullptr ? stepper->precision() : precision),
      local_cols_(subgrid.local_cols()) {
  for (int d = 0; d < 8; ++d) {
    const int neighbour = ranks.neighbour(d);
    if (neighbour == MPI_PROC_NULL)
      continue;
    neighbours_.push_back(neighbour);
    directions_.push_back(d);
    send_regions_.push_back(send_region(subgrid, depth, d));
    receive_regions_.push_back(receive_region(subgrid, depth, d));
    message_count(send_regions_.back().cells());
  }
  send_buffer_ = allocate(stepper, buffer_cells(send_regions_), precision_);
  receive_buffer_ = allocate(stepper, buffer_cells(receive_regions_), precision_);
  requests_.reserve(2 * neighbours_.size());
}

void BoundaryExchange::start(const void* local) {
  with_element_type(precision_, [&](auto zero) {
    using T = decltype(zero);
    pack_regions(static_cast<const T*>(local), local_cols_, send_regions_,
                 reinterpret_cast<T*>(send_buffer_.get()));
  });
  post();
}

void BoundaryExchange::finish(void* local) {
  wait();
  with_element_type(precision_, [&](auto zero) {
    using T = decltype(zero);
    unpack_regions(static_cast<T*>(local), local_cols_, receive_regions_,
                   reinterpret_cast<const T*>(receive_buffer_.get()));
  });
}

void BoundaryExchange::start(Stepper& stepper) {
  stepper.halos().pack_regions(send_regions_, send_buffer_.get());
  post();
}

void BoundaryExchange::start_stepped(Stepper& stepper) {
  stepper.halos().pack_stepped_regions(send_regions_, send_buffer_.get());
  post();
}

void BoundaryExchange::finish(Stepper& stepper) {
  wait();
  stepper.halos().unpack_regions(receive_regions_, receive_buffer_.get());
}

void BoundaryExchange::post() {
  requests_.clear();
  // The tag is the direction the message travels, so the receiver matches it with the side it
  // arrives on (the opposite of the direction it was sent in).
  const MPI_Datatype type = element_datatype(precision_);
  const std::size_t bytes = element_bytes(precision_);
  std::byte* receive = receive_buffer_.get();
  for (std::size_t i = 0; i < neighbours_.size(); ++i) {
    const int count = message_count(receive_regions_[i].cells());
    requests_.emplace_back();
    MPI_Irecv(receive, count, type, neighbours_[i], opposite(directions_[i]), comm_,
              &requests_.back());
    receive += count * bytes;
  }
  std::byte* send = send_buffer_.get();
  for (std::size_t i = 0; i < neighbours_.size(); ++i) {
    const int count = message_count(send_regions_[i].cells());
    requests_.emplace_back();
    MPI_Isend(send, count, type, neighbours_[i], directions_[i], comm_, &requests_.back());
    send += count * bytes;
  }
}

void BoundaryExchange::wait() {
  MPI_Waitall(static_cast<int>(requests_.size()), requests_.data(), MPI_STATUSES_IGNORE);
  requests_.clear();
}

std::int64_t BoundaryExchange::bytes_sent() const {
  return buffer_cells(send_regions_) * static_cast<std::int64_t>(element_bytes(precision_));
}

}  // namespace stencil::mpi
