// The narrow, blocking interface every implementation offers the driver and the tests
// (BabelStream-style): upload a state, step it, fence, read it back. The driver knows nothing
// about any kernel's internals.
#pragma once

#include <cstddef>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "stencil/grid_region.hpp"
#include "stencil/run_config.hpp"
#include "stencil/variants.hpp"

namespace stencil {

// A failure of the machine or a backend (allocation, CUDA error, ...), as opposed to bad input.
class RuntimeFailure : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A request this build or machine cannot serve (unknown space, impl not built, grid too large).
class UnsupportedRequest : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Where a stepper's two grids live: host memory, or CUDA device memory.
enum class MemoryKind { host, cuda };

// Host memory for halo buffers (Stepper::host_staging), freed the way it was allocated.
using HostBuffer = std::shared_ptr<float[]>;

class Stepper {
 public:
  virtual ~Stepper() = default;
  virtual std::string implementation() const = 0;
  virtual std::string execution_space() const = 0;

  // Copies `cells` (cell_count(variant, n) values) into the current-state buffer.
  virtual void upload(const std::vector<float>& cells) = 0;
  // Fills the buffer the next step writes with NaN, so any cell a kernel misses shows up.
  virtual void poison_next_output() = 0;
  // Runs one step into the other buffer and makes it the current state. May return before the
  // device finishes; fence() waits. A step is iterations_per_step() iterations (temporal: k).
  virtual void step() = 0;
  virtual int iterations_per_step() const = 0;
  // Runs one step into the other buffer without making it current: loads modules and warms
  // caches, leaving the state untouched.
  virtual void warm_up() = 0;
  virtual void fence() = 0;
  virtual std::vector<float> download() = 0;
  // Seconds for `repetitions` plain copies of the current grid into the spare buffer, fenced:
  // the data-movement reference (same bytes as one step) each run's rate is compared with.
  // Leaves the current state untouched.
  virtual double copy_seconds(int repetitions) = 0;

  // Halo access for MPI runs (src/mpi/halo_exchange.hpp). `regions` are rectangles of the current
  // local array: 2-D row-major config.local_cols() wide, or 1-D as one row of n cells. A halo
  // buffer holds them back to back, each row-major (buffer_cells(regions) floats). Only the
  // regions move, never the whole grid. Host steppers copy in place; device steppers pack on the
  // device and copy one contiguous buffer. The defaults refuse.
  //
  // Host memory for halo buffers: page-locked where the stepper copies to and from a device (so
  // those copies run at full speed), plain host memory elsewhere.
  virtual HostBuffer host_staging(std::size_t cells) {
    return HostBuffer(new float[cells == 0 ? 1 : cells]);
  }
  // Copies the regions of the current state into `buffer` (host memory); returns once it is
  // filled (after every step already queued).
  virtual void pack_regions(const std::vector<GridRegion>& /*regions*/, float* /*buffer*/) {
    throw UnsupportedRequest("-impl " + implementation() + " has no halo access yet");
  }
  // Copies `buffer` into the regions of the current state, ordered after every step already
  // queued. `buffer` may be reused once it returns.
  virtual void unpack_regions(const std::vector<GridRegion>& /*regions*/, const float* /*buffer*/) {
    throw UnsupportedRequest("-impl " + implementation() + " has no halo access yet");
  }
  // The values the next iteration gives the cells of `regions` (stencil/stepped_cell.hpp: the
  // variants' arithmetic and the local array's border rule), computed from the current state,
  // which stays unchanged, and packed like pack_regions. A rank sends these to its neighbours
  // before its own step, so the step runs while the messages are in flight. Only where
  // iterations_per_step() is 1.
  virtual void pack_stepped_regions(const std::vector<GridRegion>& /*regions*/, float* /*buffer*/) {
    throw UnsupportedRequest("-impl " + implementation() + " cannot overlap halos yet");
  }

  // -halo nccl: the same three operations on device buffers, queued on cuda_stream() and not
  // waited for, so NCCL can send device to device. device_staging(slot, cells) is a device buffer
  // the stepper owns (slot 0 for sends, 1 for receives) of at least `cells` floats, kept until the
  // next call for that slot. Only steppers whose step launches CUDA kernels offer them.
  virtual float* device_staging(int /*slot*/, std::size_t /*cells*/) {
    throw UnsupportedRequest("-impl " + implementation() + " has no device halo buffers");
  }
  virtual void pack_regions_on_device(const std::vector<GridRegion>& /*regions*/,
                                      float* /*device_buffer*/) {
    throw UnsupportedRequest("-impl " + implementation() + " has no device halo buffers");
  }
  virtual void pack_stepped_regions_on_device(const std::vector<GridRegion>& /*regions*/,
                                              float* /*device_buffer*/) {
    throw UnsupportedRequest("-impl " + implementation() + " has no device halo buffers");
  }
  virtual void unpack_regions_on_device(const std::vector<GridRegion>& /*regions*/,
                                        const float* /*device_buffer*/) {
    throw UnsupportedRequest("-impl " + implementation() + " has no device halo buffers");
  }

  // For tools that time or count device kernels (src/profile/): whether step() launches CUDA
  // kernels, and the CUDA stream they are queued on, as an opaque cudaStream_t (nullptr is the
  // legacy default stream). Host execution spaces keep these defaults.
  virtual bool launches_cuda_kernels() const { return false; }
  virtual void* cuda_stream() const { return nullptr; }
};

}  // namespace stencil
