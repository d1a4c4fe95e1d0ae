// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The one TeamPolicy of the team kernels: league size, team shape per execution space, launch
// bounds and the team's scratch.
//
// Each Kokkos kernel has a host form and a device form, chosen with
// `if constexpr (kRunsOnHost<ExecSpace>)` (no backend #ifdef):
//  * The host form (host_forms.hpp, host_wavefront.hpp) runs teams of one thread, Kokkos' own
//    recommendation on a core without SMT: TeamThreadRange over a band's rows, ThreadVectorRange
//    over a row's contiguous columns, a loop the compiler vectorises.
//  * The device form runs the kernel's contract shape, the native block (CUDA: blockDim =
//    (lanes, threads)). Most device forms (strip, rolling, doublebuf, stream, halo1d, regblock)
//    use teams of `threads` members of one lane each, index by team.team_rank() and keep values
//    in registers across team_barrier(): Kokkos' team SPMD model, line for line the native
//    kernel; a loop the members share strides by the compile-time team size from team_rank(),
//    as the native block's does (nvcc unrolls it; regblock's TeamThreadRange tile load, whose
//    stride is the run-time team size, issues one load per trip). tiled and temporal use flat
//    TeamVectorRange loops over the team; naive slides TeamThreadRange rows x ThreadVectorRange
//    columns along its band.
// Why the device forms avoid nested range loops around each row: on the H200 (ncu, one launch at
// N = 4096, docs/design.md), rolling written with TeamThreadRange x
// ThreadVectorRange per row issued three times native CUDA's instructions per output (each
// ThreadVectorRange loop ends in a warp sync with a computed mask) and ran at half its rate; flat
// TeamVectorRange loops took most of that back. A range loop still stands between a row's
// load and its use after the barrier, where the native kernel keeps the load in flight; the SPMD
// form has no loop there.
#pragma once

#include <cstddef>

#include "kokkos/runtime/spaces.hpp"
#include "stencil/arithmetic.hpp"
#include "stencil/cell_offset.hpp"
#include "stencil/unroll.hpp"

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

// `league` teams of `shape`, each with `scratch` (cells of type T) of level-0 team scratch.
template <int kMaxThreads, int kMinBlocks = 1, class ExecSpace, class T = float>
BoundedTeamPolicy<kMaxThreads, kMinBlocks, ExecSpace> team_policy(const ExecSpace& space,
                                                                  int league, TeamShape shape,
                                                                  TeamScratch<T> scratch = {}) {
  static_assert(kMaxThreads > 0 && kMinBlocks > 0);
  BoundedTeamPolicy<kMaxThreads, kMinBlocks, ExecSpace> policy(
      space, league, team_threads<ExecSpace>(shape), team_lanes<ExecSpace>(shape));
  if (scratch.cells > 0)
    policy.set_scratch_size(0, Kokkos::PerTeam(scratch_bytes<ExecSpace>(scratch)));
  return policy;
}

// A member's share of a flat walk over kCells cells by a team of kTeam members, in image order
// (consecutive members take consecutive cells): body(slot, cell) for cell = member + slot * kTeam,
// every slot unrolled, so a slot's value can stay in a register array indexed by slot.
template <int kTeam, int kCells, class Body>
KOKKOS_INLINE_FUNCTION void for_each_member_cell(int member, Body&& body) {
  constexpr int kSlots = (kCells + kTeam - 1) / kTeam;
  STENCIL_UNROLL
  for (int slot = 0; slot < kSlots; ++slot) {
    if (member + slot * kTeam < kCells)
      body(slot, member + slot * kTeam);
  }
}

// Loads a kPitch-wide tile of kCells cells whose cell (0, 0) is array cell (ox - 1, oy - 1),
// clamped to the array (the halo past an edge holds its nearest cell; border outputs never use it),
// a flat walk in image order with the team size as a compile-time stride: nvcc unrolls it and keeps
// several loads in flight per member. Through TeamThreadRange (a run-time stride) a member issues
// one load per trip and waits for it at the scratch store (docs/design.md, "One Kokkos kernel for
// host and device"). Index is the offset type (stencil/cell_offset.hpp).
template <int kTeam, int kPitch, int kCells, class Index, class Tile, class Source>
KOKKOS_INLINE_FUNCTION void load_clamped_tile(int member, const Tile& tile, const Source& src,
                                              int ox, int oy, int rows, int cols) {
  for (int t = member; t < kCells; t += kTeam) {
    const int sx = t % kPitch;
    const int sy = t / kPitch;
    tile(t) = src(row_offset<Index>(clamp_index(oy + sy - 1, 0, rows - 1), cols) +
                  clamp_index(ox + sx - 1, 0, cols - 1));
  }
}

}  // namespace stencil::kokkos
