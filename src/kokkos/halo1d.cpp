// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// halo1d (lesson 002): a team owns 256 outputs and stages them plus a one-cell halo on each side in
// a 258-cell scratch tile, so each input is read from global memory once per team (plus the two
// halo cells); the three taps are then read from scratch.
#include "kokkos/kernels.hpp"
#include "kokkos/runtime/host_forms.hpp"
#include "kokkos/runtime/team_policy.hpp"
#include "kokkos/runtime/tile_walk.hpp"
#include "stencil/arithmetic.hpp"

namespace stencil::kokkos {

// Device form (team_policy.hpp): one team member per output, line for line the native 256-thread
// block, in a team that walks blocks (tile_walk.hpp). Each member requests its inputs of the next
// block before the barrier of this one, so a team keeps one block's loads in flight while it
// computes another, the overlap a native grid gets from its many resident blocks (without it, ncu
// shows the walking team waiting on each block's loads, docs/design.md). Two scratch tiles
// alternate, so one barrier per block suffices: block k + 2 overwrites block k's tile only after
// every member has passed block k + 1's barrier, after its reads of block k.
template <class T, class ExecSpace>
void halo1d_on_device(const ExecSpace& space, const ConstDeviceView<T, ExecSpace>& in,
                      const DeviceView<T, ExecSpace>& out, std::int64_t n) {
  constexpr int kBlock = kHaloBlock1D;  // a team's outputs, one per member
  constexpr int kTileCells = kBlock + 2;
  // 64-bit cell indices: a 1-D grid is limited by memory only. The block count fits an int: the
  // stepper refuses a device grid past kMaxCells1D.
  const int blocks = static_cast<int>(n / kBlock + (n % kBlock != 0));
  const InputView<T, ExecSpace> src = in;
  const auto policy = team_policy<kBlock, 8>(space, walking_league(space, blocks, kBlock),
                                             TeamShape{kBlock, 1}, TeamScratch<T>{2 * kTileCells});
  using Member = typename decltype(policy)::member_type;

  Kokkos::parallel_for(
      "stencil::kokkos::halo1d", policy, KOKKOS_LAMBDA(const Member& team) {
        const int member = team.team_rank();
        ScratchView<T, ExecSpace> tiles(team.team_scratch(0), 2 * kTileCells);
        // The member's inputs of one block: its centre and, in the end members, the halo on
        // its side (two registers: one, written by two predicated loads, would make the team
        // wait on both). Inputs are clamped so the halo past either end holds a value (end
        // cells copy their centre and never use it).
        T centre = T(0), left = T(0), right = T(0);
        auto load_block = [&](std::int64_t base) {
          centre = src(n - base > member ? base + member : n - 1);
          if (member == 0)
            left = src(base > 0 ? base - 1 : 0);
          if (member == kBlock - 1)
            right = src(n - base > kBlock ? base + kBlock : n - 1);
        };
        TileWalk walk(team.league_rank(), team.league_size(), blocks, 1);
        if (walk.more())
          load_block(std::int64_t{walk.column()} * kBlock);
        for (int buffer = 0; walk.more(); buffer = kTileCells - buffer) {
          const std::int64_t base = std::int64_t{walk.column()} * kBlock;
          // Tile cell s holds input base - 1 + s.
          tiles(buffer + member + 1) = centre;
          if (member == 0)
            tiles(buffer) = left;
          if (member == kBlock - 1)
            tiles(buffer + kBlock + 1) = right;
          walk.next();
          if (walk.more())  // team-uniform
            load_block(std::int64_t{walk.column()} * kBlock);
          team.team_barrier();  // the tile is complete before anyone reads a neighbour
          if (n - base > member) {
            const std::int64_t i = base + member;
            const int s = buffer + member + 1;
            const T middle = tiles(s);
            out(i) = is_border_1d(i, n) ? middle : three_point(tiles(s - 1), middle, tiles(s + 1));
          }
        }
      });
}

template <class T, class ExecSpace>
void halo1d_step(const ExecSpace& space, const ConstDeviceView<T, ExecSpace>& in,
                 const DeviceView<T, ExecSpace>& out, int /*rows: 1*/, std::int64_t n,
                 int /*chunks*/) {
  if constexpr (kRunsOnHost<ExecSpace>) {
    // Host form (host_forms.hpp): one long contiguous range of cells per thread; the cache
    // holds the neighbours the GPU form stages in its tile.
    host_form::step_cell_bands(space, "stencil::kokkos::halo1d", in, out, n, space.concurrency());
  } else {
    halo1d_on_device(space, in, out, n);
  }
}

#define INSTANTIATE_TYPE(Space, T) STENCIL_INSTANTIATE_STEP_1D(halo1d_step, Space, T)
#define INSTANTIATE(Space) STENCIL_ELEMENT_TYPES(INSTANTIATE_TYPE, Space)
STENCIL_FOR_EACH_KOKKOS_SPACE(INSTANTIATE)

}  // namespace stencil::kokkos
