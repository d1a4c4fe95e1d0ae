// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// What every Stepper shares, dispatched on the memory kind of its grids: the copy reference and
// the halo access (src/memory/).
#include "stencil/stepper.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "memory/grid_copy.hpp"
#include "memory/halo_access.hpp"

namespace stencil {
namespace {

// The CUDA memory kind is compiled only where the build has CUDA (STENCIL_HAVE_CUDA); a model
// whose grids are in device memory is then refused, not broken.
[[noreturn, maybe_unused]] void no_cuda_memory() {
  throw UnsupportedRequest(
      "this build has no CUDA memory kind (CUDA is off): configure with CUDA on for a model or "
      "space whose grids are in CUDA device memory");
}

}  // namespace

Stepper::Stepper(const RunConfig& config)
    : config_(config), deepest_pass_(config.iterations_per_step()) {}
Stepper::~Stepper() = default;

void Stepper::require_upload_shape(const Cells& cells) const {
  if (cells.precision() != config_.precision) {
    throw std::invalid_argument("state of " + std::string(element_type_name(cells.precision())) +
                                " cells for grids of " +
                                std::string(element_type_name(config_.precision)));
  }
  if (cells.size() != config_.local_cells()) {
    throw std::invalid_argument("state has " + std::to_string(cells.size()) + " cells, expected " +
                                std::to_string(config_.local_cells()));
  }
}

void Stepper::set_pass_depth(int depth) {
  if (depth == config_.iterations_per_step())
    return;
  const bool fuses = config_.variant->uses_shape(ShapeOption::fuse);
  const bool instantiated =
      std::find(kAllFuseDepths.begin(), kAllFuseDepths.end(), depth) != kAllFuseDepths.end();
  if (!fuses || !instantiated || depth > deepest_pass_) {
    throw std::invalid_argument("pass depth " + std::to_string(depth) + " is not one of " +
                                std::string(config_.variant->name) + "'s depths up to " +
                                std::to_string(deepest_pass_));
  }
  config_.fuse = depth;
  pass_depth_changed();
}

void Stepper::warm_up_every_pass_depth() {
  if (!config_.variant->uses_shape(ShapeOption::fuse)) {
    warm_up();
    return;
  }
  const int current = config_.iterations_per_step();
  for (const int depth : kAllFuseDepths) {
    if (depth <= deepest_pass_) {
      set_pass_depth(depth);
      warm_up();
    }
  }
  set_pass_depth(current);
}

double Stepper::copy_seconds(int repetitions) {
  return timed_grid_copies(*this, repetitions);
}

HaloAccess& Stepper::halos() {
  if (!halos_) {
    switch (grids().memory) {
      case MemoryKind::host:
        halos_ = make_host_halo_access(*this);
        break;
      case MemoryKind::cuda:
#if defined(STENCIL_HAVE_CUDA)
        halos_ = make_cuda_halo_access(*this);
        break;
#else
        no_cuda_memory();
#endif
    }
  }
  return *halos_;
}

void queue_grid_copy(const GridAccess& grids, std::size_t cells) {
  switch (grids.memory) {
    case MemoryKind::host:
      return queue_host_copy(grids, cells);
    case MemoryKind::cuda:
#if defined(STENCIL_HAVE_CUDA)
      return queue_cuda_copy(grids, cells);
#else
      no_cuda_memory();
#endif
  }
}

double timed_grid_copies(Stepper& stepper, int repetitions) {
  switch (stepper.grids().memory) {
    case MemoryKind::host:
      return timed_host_copies(stepper, repetitions);
    case MemoryKind::cuda:
#if defined(STENCIL_HAVE_CUDA)
      return timed_cuda_copies(stepper, repetitions);
#else
      no_cuda_memory();
#endif
  }
  return 0.0;
}

std::string copy_description(const GridAccess& grids) {
  switch (grids.memory) {
    case MemoryKind::host:
      if (grids.host_copy != nullptr)
        return "the model's own parallel copy on " + std::to_string(grids.host_threads) +
               " threads";
      return "parallel copy on " + std::to_string(grids.host_threads) + " OpenMP threads";
    case MemoryKind::cuda:
      return "cudaMemcpyAsync device to device";
  }
  return "";
}

}  // namespace stencil
