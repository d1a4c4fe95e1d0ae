// One halo exchange of a local array, either host-resident or a stepper's current state: pack the
// owned cells each neighbour needs, post every receive and send at once, then (after the caller has
// updated what needs no halo) wait and unpack. The split into start() and finish() is what lets the
// interior update overlap the messages in flight.
#pragma once

#include <mpi.h>

#include <array>
#include <functional>
#include <vector>

#include "mpi/cartesian.hpp"
#include "mpi/halo_regions.hpp"
#include "stencil/stepper.hpp"

namespace stencil::mpi {

class HaloExchange {
 public:
  HaloExchange(const CartesianGrid& ranks, const Tile& tile, int depth);

  // Packs from `local` and posts the messages. `local` may change after start() returns (the
  // sends go from this object's own buffers), but its halo is overwritten by finish().
  void start(const float* local);
  // Waits for every message and writes the received halos into `local`.
  void finish(float* local);
  // The same on a stepper's current state, through its halo access (Stepper::copy_region_*):
  // only the regions move, never the whole grid.
  void start(Stepper& stepper);
  void finish(Stepper& stepper);

  // Bytes this rank sends per exchange (for the result block and the cost model).
  std::int64_t bytes_sent() const;

 private:
  struct Side {
    int neighbour = MPI_PROC_NULL;
    Region send;
    Region receive;
    std::vector<float> send_buffer;
    std::vector<float> receive_buffer;
  };

  using Pack = std::function<void(const Region&, float*)>;
  using Unpack = std::function<void(const Region&, const float*)>;
  void post(const Pack& pack);
  void complete(const Unpack& unpack);

  MPI_Comm comm_;
  std::int64_t local_cols_;
  std::array<Side, 8> sides_;
  std::vector<MPI_Request> requests_;
};

}  // namespace stencil::mpi
