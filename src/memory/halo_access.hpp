// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Halo access for MPI runs (src/mpi/boundary_exchange.hpp, src/mpi/nccl_exchange.cpp), written once
// per memory kind on top of Stepper::grids(), so no model writes any of it: host memory copies in
// place; CUDA device memory packs on the device (memory/cuda_halo_pack.hpp) and moves one
// contiguous buffer.
//
// `regions` are rectangles of the stepper's current local array: 2-D row-major
// config.local_cols() wide, or 1-D as one row of n cells. A halo buffer holds them back to back,
// each row-major (buffer_cells(regions) elements of the stepper's precision; the buffers are
// untyped, as the bytes they carry). Only the regions move, never the whole grid.
#pragma once

#include <cstddef>
#include <memory>
#include <vector>

#include "stencil/grid_region.hpp"
#include "stencil/stepper.hpp"

namespace stencil {

class HaloAccess {
 public:
  virtual ~HaloAccess() = default;

  // Host memory for `cells` halo cells: page-locked where the grids are in device memory (so the
  // copies to and from it run at full speed), plain host memory elsewhere.
  virtual HostBuffer host_staging(std::size_t cells) = 0;
  // Copies the regions of the current state into `buffer` (host memory); returns once it is
  // filled (after every step already queued).
  virtual void pack_regions(const std::vector<GridRegion>& regions, void* buffer) = 0;
  // Copies `buffer` into the regions of the current state, ordered after every step already
  // queued. `buffer` may be reused once it returns.
  virtual void unpack_regions(const std::vector<GridRegion>& regions, const void* buffer) = 0;
  // The values the next iteration gives the cells of `regions` (stencil/stepped_cell.hpp: the
  // variants' arithmetic and the local array's border rule), computed from the current state,
  // which stays unchanged, and packed like pack_regions. A rank sends these to its neighbours
  // before its own step, so the step runs while the messages are in flight. Only where
  // iterations_per_step() is 1.
  virtual void pack_stepped_regions(const std::vector<GridRegion>& regions, void* buffer) = 0;

  // -halo nccl: the same three operations on device buffers, queued on the grids' CUDA stream
  // and not waited for, so NCCL can send device to device. device_staging(slot, cells) is a
  // device buffer (slot 0 for sends, 1 for receives) of at least `cells` elements, kept until
  // the next call for that slot. Host memory refuses them (UnsupportedRequest).
  virtual void* device_staging(int slot, std::size_t cells) = 0;
  virtual void pack_regions_on_device(const std::vector<GridRegion>& regions,
                                      void* device_buffer) = 0;
  virtual void pack_stepped_regions_on_device(const std::vector<GridRegion>& regions,
                                              void* device_buffer) = 0;
  virtual void unpack_regions_on_device(const std::vector<GridRegion>& regions,
                                        const void* device_buffer) = 0;
};

// The halo access of `stepper`'s memory kind, which keeps using `stepper` (it must outlive it).
std::unique_ptr<HaloAccess> make_host_halo_access(Stepper& stepper);
std::unique_ptr<HaloAccess> make_cuda_halo_access(Stepper& stepper);

}  // namespace stencil
