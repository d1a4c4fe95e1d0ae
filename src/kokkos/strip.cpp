// strip (lesson 000 starter): a team owns a 256-column strip and one chunk of rows and walks the
// chunk top to bottom. Rows y-1, y and y+1 are re-read from global memory at every step; only the
// x neighbours come from a published scratch row of 258 values.
#include "kokkos/kernels.hpp"
#include "stencil/arithmetic.hpp"

namespace stencil::kokkos {

template <class ExecSpace>
void strip_step(const ExecSpace& space, const ConstDeviceView<ExecSpace>& in,
                const DeviceView<ExecSpace>& out, int n, int chunks) {
  constexpr int kLanes = lanes_per_thread<ExecSpace>(kStripWidth);
  const int strips = (n + kStripWidth - 1) / kStripWidth;
  const int rows = rows_per_chunk(n, chunks);

  using Policy = Kokkos::TeamPolicy<ExecSpace>;
  using Member = typename Policy::member_type;
  Policy policy(space, strips * chunks, kStripWidth / kLanes);
  policy.set_scratch_size(0, Kokkos::PerTeam(ScratchView<ExecSpace>::shmem_size(kStripWidth + 2)));

  Kokkos::parallel_for(
      "stencil::kokkos::strip", policy, KOKKOS_LAMBDA(const Member& team) {
        const int x0 = (team.league_rank() % strips) * kStripWidth;
        const int y0 = (team.league_rank() / strips) * rows;
        if (y0 >= n)
          return;  // whole team: the last chunks can be empty when rows*chunks > n
        const int y_end = y0 + rows < n ? y0 + rows : n;
        ScratchView<ExecSpace> row(team.team_scratch(0), kStripWidth + 2);
        const int threads = team.team_size();

        for (int y = y0; y < y_end; ++y) {
          float above[kLanes], centre[kLanes], below[kLanes];
          for (int k = 0; k < kLanes; ++k) {
            const int lane = team.team_rank() + k * threads;
            const int cx = x0 + lane < n ? x0 + lane : n - 1;
            above[k] = y > 0 ? in((y - 1) * n + cx) : 0.0f;
            centre[k] = in(y * n + cx);
            below[k] = y + 1 < n ? in((y + 1) * n + cx) : 0.0f;
            row(lane + 1) = centre[k];
            if (lane == 0)
              row(0) = in(y * n + (x0 > 0 ? x0 - 1 : 0));
            if (lane == kStripWidth - 1)
              row(kStripWidth + 1) = in(y * n + clamp_index(x0 + kStripWidth, 0, n - 1));
          }
          team.team_barrier();  // the row is published before anyone reads a neighbour
          for (int k = 0; k < kLanes; ++k) {
            const int lane = team.team_rank() + k * threads;
            const int x = x0 + lane;
            if (x < n) {
              out(y * n + x) =
                  is_border_2d(x, y, n)
                      ? centre[k]
                      : five_point(centre[k], row(lane), row(lane + 2), above[k], below[k]);
            }
          }
          team.team_barrier();  // everyone is done reading the row before it is overwritten
        }
      });
}

#define INSTANTIATE(Space) STENCIL_INSTANTIATE_STEP(strip_step, Space)
STENCIL_FOR_EACH_KOKKOS_SPACE(INSTANTIATE)

}  // namespace stencil::kokkos
