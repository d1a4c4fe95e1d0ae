// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// One boundary exchange of a local array, either host-resident or a stepper's current state: pack
// the owned cells each neighbour needs into one buffer, post every receive and send at once, then
// (after the caller has started the step that needs no new ghost layer) wait and unpack.
#pragma once

#include <mpi.h>

#include <array>
#include <vector>

#include "mpi/boundary_transport.hpp"
#include "mpi/cartesian.hpp"
#include "mpi/ghost_regions.hpp"
#include "stencil/stepper.hpp"

namespace stencil::mpi {

class BoundaryExchange final : public BoundaryTransport {
 public:
  // Buffers come from the stepper's ghost layer access (page-locked for device memory) where
  // given; the cells are of the stepper's precision, else of `precision`.
  BoundaryExchange(const CartesianGrid& ranks, const Subgrid& subgrid, int depth,
                   Stepper* stepper = nullptr, Precision precision = kDefaultPrecision);

  // A host-resident local array of the exchange's precision: pack from `local` and post; then
  // wait and unpack into it.
  void start(const void* local);
  void finish(void* local);

  // A stepper's current state, through its ghost layer access (only the regions move).
  // Staged through host buffers: the stepper packs into them, MPI moves them.
  void start(Stepper& stepper) override;
  void start_stepped(Stepper& stepper) override;
  void finish(Stepper& stepper) override;

  std::int64_t bytes_sent() const override;
  int messages_sent() const override { return static_cast<int>(send_regions_.size()); }
  std::string name() const override { return "mpi"; }

  // The regions in message order, for exchanges that move them another way (-halo nccl).
  const std::vector<Region>& send_regions() const { return send_regions_; }
  const std::vector<Region>& receive_regions() const { return receive_regions_; }
  const std::vector<int>& neighbours() const { return neighbours_; }
  const std::vector<int>& directions() const { return directions_; }

 private:
  void post();
  void wait();

  MPI_Comm comm_;
  Precision precision_;
  std::int64_t local_cols_;
  // One entry per neighbour, in direction order.
  std::vector<int> neighbours_;
  std::vector<int> directions_;
  std::vector<Region> send_regions_;
  std::vector<Region> receive_regions_;
  HostBuffer send_buffer_;
  HostBuffer receive_buffer_;
  std::vector<MPI_Request> requests_;
};

}  // namespace stencil::mpi
