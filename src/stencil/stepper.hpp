// The narrow, blocking interface every implementation offers the driver and the tests
// (BabelStream-style): upload a state, step it, fence, read it back. The driver knows nothing
// about any kernel's internals.
#pragma once

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

  // Halo access for MPI runs: copies `region` of the current 2-D local array (row-major,
  // config.local_cols() wide) to or from a contiguous row-major buffer of region.cells() floats,
  // so an exchange moves only its halos, never the whole grid. Host steppers copy in place;
  // the others do not offer it yet.
  virtual void copy_region_out(const GridRegion& /*region*/, float* /*buffer*/) {
    throw UnsupportedRequest("-impl " + implementation() + " has no halo access yet");
  }
  virtual void copy_region_in(const GridRegion& /*region*/, const float* /*buffer*/) {
    throw UnsupportedRequest("-impl " + implementation() + " has no halo access yet");
  }

  // For tools that time or count device kernels (src/profile/): whether step() launches CUDA
  // kernels, and the CUDA stream they are queued on, as an opaque cudaStream_t (nullptr is the
  // legacy default stream). Host execution spaces keep these defaults.
  virtual bool launches_cuda_kernels() const { return false; }
  virtual void* cuda_stream() const { return nullptr; }
};

}  // namespace stencil
