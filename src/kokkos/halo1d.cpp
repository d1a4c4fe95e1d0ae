// halo1d (lesson 002): a team owns 256 outputs and stages them plus a one-cell halo on each side in
// a 258-float scratch tile. Each lane loads its centre once, the edge lanes load the halo, and
// the three taps are then read from scratch.
#include "kokkos/kernels.hpp"
#include "stencil/arithmetic.hpp"

namespace stencil::kokkos {

template <class ExecSpace>
void halo1d_step(const ExecSpace& space, const ConstDeviceView<ExecSpace>& in,
                 const DeviceView<ExecSpace>& out, int n, int /*chunks*/) {
  constexpr int kLanes = lanes_per_thread<ExecSpace>(kHaloBlock1D);
  const int blocks = (n + kHaloBlock1D - 1) / kHaloBlock1D;

  using Policy = Kokkos::TeamPolicy<ExecSpace>;
  using Member = typename Policy::member_type;
  Policy policy(space, blocks, kHaloBlock1D / kLanes);
  policy.set_scratch_size(0, Kokkos::PerTeam(ScratchView<ExecSpace>::shmem_size(kHaloBlock1D + 2)));

  Kokkos::parallel_for(
      "stencil::kokkos::halo1d", policy, KOKKOS_LAMBDA(const Member& team) {
        ScratchView<ExecSpace> tile(team.team_scratch(0), kHaloBlock1D + 2);
        const int base = team.league_rank() * kHaloBlock1D;
        const int threads = team.team_size();
        for (int k = 0; k < kLanes; ++k) {
          const int lane = team.team_rank() + k * threads;
          tile(lane + 1) = in(clamp_index(base + lane, 0, n - 1));
          if (lane == 0)
            tile(0) = in(clamp_index(base - 1, 0, n - 1));
          if (lane == kHaloBlock1D - 1)
            tile(kHaloBlock1D + 1) = in(clamp_index(base + kHaloBlock1D, 0, n - 1));
        }
        team.team_barrier();  // the tile is complete before anyone reads a neighbour
        for (int k = 0; k < kLanes; ++k) {
          const int lane = team.team_rank() + k * threads;
          const int i = base + lane;
          if (i < n) {
            out(i) = is_border_1d(i, n) ? tile(lane + 1)
                                        : three_point(tile(lane), tile(lane + 1), tile(lane + 2));
          }
        }
      });
}

#define INSTANTIATE(Space) STENCIL_INSTANTIATE_STEP(halo1d_step, Space)
STENCIL_FOR_EACH_KOKKOS_SPACE(INSTANTIATE)

}  // namespace stencil::kokkos
