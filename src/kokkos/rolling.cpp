// rolling (lesson 000 solution): the strip contract, but the vertical window rolls through
// registers. Per step only row y+1 is read from global memory; rows y-1 and y are the values this
// lane already holds. The scratch row still publishes row y for the x neighbours, which live in
// other lanes.
#include "kokkos/host_forms.hpp"
#include "kokkos/kernels.hpp"
#include "kokkos/team_policy.hpp"
#include "stencil/arithmetic.hpp"

namespace stencil::kokkos {

template <class ExecSpace>
void rolling_step(const ExecSpace& space, const ConstDeviceView<ExecSpace>& in,
                  const DeviceView<ExecSpace>& out, int rows, int cols, int chunks) {
  if constexpr (kRunsOnHost<ExecSpace>) {
    // Host form (host_forms.hpp): one band of whole rows per chunk, walked top to bottom, so
    // rows y and y+1 are still in cache when the next row needs them: the CPU's rolling window.
    host_form::step_row_bands(space, "stencil::kokkos::rolling", in, out, rows, cols, chunks, cols);
  } else {
    // Device form: the native 256-thread block's step in flat TeamVectorRange loops, one column
    // per thread (team_policy.hpp: a device thread runs exactly one iteration, so its window
    // stays in its registers from row to row).
    constexpr int kWidth = kStripWidth;  // a team's columns, one per thread
    const int strips = (cols + kWidth - 1) / kWidth;
    const InputView<ExecSpace> src = in;
    const auto policy =
        team_policy<kWidth, 8>(space, strips * chunks, TeamShape{kWidth / 32, 32}, kWidth + 2);
    using Member = typename decltype(policy)::member_type;

    Kokkos::parallel_for(
        "stencil::kokkos::rolling", policy, KOKKOS_LAMBDA(const Member& team) {
          const int x0 = (team.league_rank() % strips) * kWidth;
          const RowChunk chunk = row_chunk(rows, chunks, team.league_rank() / strips);
          if (chunk.empty())
            return;  // whole team: it must not reach a barrier the others wait on
          ScratchView<ExecSpace> row(team.team_scratch(0), kWidth + 2);
          const int xl = x0 > 0 ? x0 - 1 : 0;
          const int xr = clamp_index(x0 + kWidth, 0, cols - 1);

          // The window: above = row y-1, centre = row y, below = row y+1 (rows clamped into the
          // grid: border rows copy and never use them). A strip cut by the grid's edge repeats
          // its last column.
          float above = 0.0f, centre = 0.0f, below = 0.0f;
          Kokkos::parallel_for(Kokkos::TeamVectorRange(team, kWidth), [&](int lane) {
            const int cx = x0 + lane < cols ? x0 + lane : cols - 1;
            above = src((chunk.begin > 0 ? chunk.begin - 1 : 0) * cols + cx);
            centre = src(chunk.begin * cols + cx);
          });
          for (int y = chunk.begin; y < chunk.end; ++y) {
            const int down = (y + 1 < rows ? y + 1 : y) * cols;
            Kokkos::parallel_for(Kokkos::TeamVectorRange(team, kWidth), [&](int lane) {
              const int cx = x0 + lane < cols ? x0 + lane : cols - 1;
              below = src(down + cx);  // the one new global read
              row(lane + 1) = centre;
              if (lane == 0)  // the x-halo, by the end threads
                row(0) = src(y * cols + xl);
              if (lane == kWidth - 1)
                row(kWidth + 1) = src(y * cols + xr);
            });
            team.team_barrier();  // the row is published before anyone reads a neighbour
            Kokkos::parallel_for(Kokkos::TeamVectorRange(team, kWidth), [&](int lane) {
              const int x = x0 + lane;
              if (x < cols) {
                const float updated = five_point(centre, row(lane), row(lane + 2), above, below);
                out(y * cols + x) = is_border_2d(x, y, cols, rows) ? centre : updated;
              }
              above = centre;  // roll the window: y becomes y-1, y+1 becomes y
              centre = below;
            });
            team.team_barrier();  // everyone is done reading the row before it is overwritten
          }
        });
  }
}

#define INSTANTIATE(Space) STENCIL_INSTANTIATE_STEP(rolling_step, Space)
STENCIL_FOR_EACH_KOKKOS_SPACE(INSTANTIATE)

}  // namespace stencil::kokkos
