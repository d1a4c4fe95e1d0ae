// One halo exchange of a host-resident local array: pack the owned cells each neighbour needs,
// post every receive and send at once, then (after the caller has updated what needs no halo)
// wait and unpack. The split into start() and finish() is what lets the interior update overlap
// the messages in flight.
#pragma once

#include <mpi.h>

#include <array>
#include <vector>

#include "mpi/cartesian.hpp"
#include "mpi/halo_regions.hpp"

namespace stencil::mpi {

class HaloExchange {
 public:
  HaloExchange(const CartesianGrid& ranks, const Tile& tile, int depth);

  // Packs from `local` and posts the messages. `local` must stay untouched until finish().
  void start(const float* local);
  // Waits for every message and writes the received halos into `local`.
  void finish(float* local);

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

  MPI_Comm comm_;
  std::int64_t local_cols_;
  std::array<Side, 8> sides_;
  std::vector<MPI_Request> requests_;
};

}  // namespace stencil::mpi
