// The one TeamPolicy of the team kernels: league size, team shape per execution space, launch
// bounds and the team's scratch.
//
// Every team kernel is written once, with Kokkos' hierarchical loops: TeamThreadRange over the
// rows of a team's block, ThreadVectorRange over its columns (TeamVectorRange over both for flat
// loops). The shape below decides how those loops map onto hardware:
//  * a device space gets the kernel's contract shape, `threads` team threads of `lanes` vector
//    lanes each (CUDA: blockDim = (lanes, threads), so a 32x8 tile is 8 threads of 32 lanes and a
//    256-column strip is 8 threads of 32 lanes, exactly the native blocks);
//  * a host space gets one thread per team, Kokkos' own recommendation on a core without SMT, and
//    the vector loops become plain loops over contiguous columns that the compiler vectorises.
// Kernels that keep per-lane values in registers across barriers size those arrays with
// slots_per_thread (spaces.hpp), which assumes exactly this shape.
#pragma once

#include <cstddef>

#include "kokkos/spaces.hpp"

namespace stencil::kokkos {

// A team's shape on a device space: team threads x vector lanes (at most 32 on CUDA).
struct TeamShape {
  int threads;
  int lanes;
  constexpr int size() const { return threads * lanes; }
};

// Threads of a team on `ExecSpace`: the contract shape on a device, one on a host.
template <class ExecSpace>
constexpr int team_threads(TeamShape shape) {
  return kRunsOnHost<ExecSpace> ? 1 : shape.threads;
}
template <class ExecSpace>
constexpr int team_lanes(TeamShape shape) {
  return kRunsOnHost<ExecSpace> ? 1 : shape.lanes;
}

// A team policy whose CUDA kernel is compiled for blocks of at most kMaxThreads threads, of which
// kMinBlocks must fit on one multiprocessor: the register budget of the native twin's occupancy
// (e.g. 8 blocks of 256 threads leave 32 registers per thread). A host space ignores both.
template <int kMaxThreads, int kMinBlocks, class ExecSpace>
using BoundedTeamPolicy =
    Kokkos::TeamPolicy<ExecSpace, Kokkos::LaunchBounds<kMaxThreads, kMinBlocks>>;

// `league` teams of `shape` with `scratch_floats` floats of level-0 team scratch each.
template <int kMaxThreads, int kMinBlocks = 1, class ExecSpace>
BoundedTeamPolicy<kMaxThreads, kMinBlocks, ExecSpace> team_policy(const ExecSpace& space,
                                                                  int league, TeamShape shape,
                                                                  std::size_t scratch_floats = 0) {
  static_assert(kMaxThreads > 0 && kMinBlocks > 0);
  BoundedTeamPolicy<kMaxThreads, kMinBlocks, ExecSpace> policy(
      space, league, team_threads<ExecSpace>(shape), team_lanes<ExecSpace>(shape));
  if (scratch_floats > 0) {
    policy.set_scratch_size(
        0, Kokkos::PerTeam(ScratchView<ExecSpace>::shmem_size(static_cast<int>(scratch_floats))));
  }
  return policy;
}

}  // namespace stencil::kokkos
