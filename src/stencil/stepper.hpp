// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The narrow, blocking interface every model offers the driver and the tests (BabelStream-style):
// upload a state, step it, fence, read it back, and show its two grids. What a model must write
// is the nine methods below; the copy reference and the MPI halo access are written once per
// memory kind (src/memory/) on top of grids(). The driver knows nothing about any kernel's
// internals.
#pragma once

#include <cstddef>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "stencil/cells.hpp"
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

// A stepper's two grids as the memory-kind mechanisms (src/memory/) see them: valid until the
// next step() or upload(), which may swap them.
struct GridAccess {
  MemoryKind memory = MemoryKind::host;
  Precision precision = kDefaultPrecision;  // the element type of both grids
  void* current = nullptr;                  // the state, once every queued step has run
  void* next = nullptr;                     // the buffer the next step writes
  // MemoryKind::cuda: the cudaStream_t (opaque) its steps are queued on; nullptr is the legacy
  // default stream. Every halo pack and copy reference is queued there, after the steps.
  void* cuda_stream = nullptr;
  // MemoryKind::host: how many threads its steps run on (the copy reference uses as many).
  int host_threads = 1;
  // MemoryKind::host: the model's own parallel copy (no overlap), where it has one. The copy
  // reference then runs on the threads and scheduler of the model's kernels, so that both meet
  // the same machine: a copy on another runtime's threads competes with the model's threads,
  // which spin for a while after each step, and a static team waits for its slowest thread
  // where a work-stealing scheduler hands a late thread's share to the others.
  // nullptr: an OpenMP team of host_threads.
  void (*host_copy)(const void* from, void* to, std::size_t cells) = nullptr;

  std::size_t element_bytes() const { return stencil::element_bytes(precision); }
  // The grids as T*; throws std::logic_error for the other precision.
  template <class T>
  T* current_as() const {
    require<T>();
    return static_cast<T*>(current);
  }
  template <class T>
  T* next_as() const {
    require<T>();
    return static_cast<T*>(next);
  }

 private:
  template <class T>
  void require() const {
    if (precision_of<T>() != precision)
      throw std::logic_error("grids of the other precision");
  }
};

// Host memory for halo buffers (HaloAccess::host_staging), freed the way it was allocated.
using HostBuffer = std::shared_ptr<std::byte[]>;

class HaloAccess;

class Stepper {
 public:
  explicit Stepper(const RunConfig& config);
  virtual ~Stepper();
  Stepper(const Stepper&) = delete;
  Stepper& operator=(const Stepper&) = delete;

  // What a model writes.
  virtual std::string model() const = 0;            // the model's name (-impl)
  virtual std::string execution_space() const = 0;  // what it runs on, for the result block
  // Copies `cells` (config().local_cells() values of config().precision) into the current-state
  // buffer; throws std::invalid_argument for another count or precision.
  virtual void upload(const Cells& cells) = 0;
  // Fills the buffer the next step writes with NaN, so any cell a kernel misses shows up.
  virtual void poison_next_output() = 0;
  // Runs one step into the other buffer and makes it the current state. May return before the
  // device finishes; fence() waits. A step is iterations_per_step() iterations (temporal: the
  // pass depth, see set_pass_depth()).
  virtual void step() = 0;
  // Runs one step into the other buffer without making it current: loads modules and warms
  // caches, leaving the state untouched.
  virtual void warm_up() = 0;
  virtual void fence() = 0;
  // The current state, in config().precision.
  virtual Cells download() = 0;
  virtual GridAccess grids() = 0;

  // What every model shares.
  const RunConfig& config() const { return config_; }
  Precision precision() const { return config_.precision; }
  // Iterations the next step() performs: the pass depth for temporal, else 1.
  int iterations_per_step() const { return config_.iterations_per_step(); }
  // The configured -fuse depth (1 where the variant fuses nothing): the deepest pass, and the
  // depth of the ghost layers an MPI run exchanges before each pass.
  int deepest_pass() const { return deepest_pass_; }
  // temporal: the iterations the following steps fuse into one pass, one of kFuseDepths up to
  // deepest_pass(). A run whose -iters the configured depth does not divide ends with shallower
  // passes; each depth is exact, so any mix equals the same count of single steps bit for bit.
  // Throws std::invalid_argument for any other depth.
  void set_pass_depth(int depth);
  // warm_up() at every pass depth a run can take (the configured one, and the shallower ones a
  // remainder or a save point cuts), so that no kernel's first launch (module load, Kokkos'
  // per-kernel setup) falls into a timed loop; leaves the configured depth and the state as
  // they were. Variants that fuse nothing warm up once.
  void warm_up_every_pass_depth();
  // Seconds for `repetitions` plain copies of the current grid into the spare one, fenced: the
  // data-movement reference (same bytes as one step) each run's rate is compared with, one
  // definition per memory kind (src/memory/grid_copy.hpp). Leaves the state untouched.
  double copy_seconds(int repetitions);
  // Halo access for MPI runs, of this stepper's memory kind (src/memory/halo_access.hpp).
  HaloAccess& halos();

 protected:
  // upload()'s check: the count and precision of the config's local array.
  void require_upload_shape(const Cells& cells) const;
  // Called after set_pass_depth() changed config().fuse: a model that picks its kernel once,
  // at construction, picks it again here.
  virtual void pass_depth_changed() {}

 private:
  RunConfig config_;
  int deepest_pass_;
  std::unique_ptr<HaloAccess> halos_;
};

}  // namespace stencil
