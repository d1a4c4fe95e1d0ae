// halo1d (lesson 002): a team owns 256 outputs and stages them plus a one-cell halo on each side in
// a 258-float scratch tile, so each input is read from global memory once per team (plus the two
// halo cells); the three taps are then read from scratch.
// Both passes are TeamVectorRange loops: on the GPU the 256 threads take one cell each (two of
// them also the halo's), as in the native kernel; on a CPU each pass is one vectorised loop.
#include "kokkos/host_forms.hpp"
#include "kokkos/kernels.hpp"
#include "kokkos/team_policy.hpp"
#include "stencil/arithmetic.hpp"

namespace stencil::kokkos {

template <class ExecSpace>
void halo1d_step(const ExecSpace& space, const ConstDeviceView<ExecSpace>& in,
                 const DeviceView<ExecSpace>& out, int /*rows: 1*/, int n, int /*chunks*/) {
  if constexpr (kRunsOnHost<ExecSpace>) {
    // Host form (host_forms.hpp): one long contiguous range of cells per thread; the cache
    // holds the neighbours the GPU form stages in its tile.
    host_form::step_cell_bands(space, "stencil::kokkos::halo1d", in, out, n, space.concurrency());
  } else {
    constexpr TeamShape kShape{kHaloBlock1D / 32, 32};
    static_assert(kShape.size() == kHaloBlock1D, "one thread per output on the device");
    constexpr int kTileCells = kHaloBlock1D + 2;
    const InputView<ExecSpace> src = in;
    const auto policy = team_policy<kShape.size(), 8>(space, (n + kHaloBlock1D - 1) / kHaloBlock1D,
                                                      kShape, kTileCells);
    using Member = typename decltype(policy)::member_type;

    Kokkos::parallel_for(
        "stencil::kokkos::halo1d", policy, KOKKOS_LAMBDA(const Member& team) {
          ScratchView<ExecSpace> tile(team.team_scratch(0), kTileCells);
          const int base = team.league_rank() * kHaloBlock1D;
          // Tile cell s holds input base - 1 + s, clamped so the halo past either end holds a
          // value (end cells copy their centre and never use it).
          if (base > 0 && base - 1 + kTileCells <= n) {  // no clamp: consecutive, vectorisable
            Kokkos::parallel_for(Kokkos::TeamVectorRange(team, kTileCells),
                                 [&](int s) { tile(s) = src(base - 1 + s); });
          } else {
            Kokkos::parallel_for(Kokkos::TeamVectorRange(team, kTileCells), [&](int s) {
              tile(s) = src(clamp_index(base - 1 + s, 0, n - 1));
            });
          }
          team.team_barrier();  // the tile is complete before anyone reads a neighbour
          const int outputs = n - base < kHaloBlock1D ? n - base : kHaloBlock1D;
          Kokkos::parallel_for(Kokkos::TeamVectorRange(team, outputs), [&](int lane) {
            const int i = base + lane;
            const float centre = tile(lane + 1);
            out(i) = is_border_1d(i, n) ? centre : three_point(tile(lane), centre, tile(lane + 2));
          });
        });
  }
}

#define INSTANTIATE(Space) STENCIL_INSTANTIATE_STEP(halo1d_step, Space)
STENCIL_FOR_EACH_KOKKOS_SPACE(INSTANTIATE)

}  // namespace stencil::kokkos
