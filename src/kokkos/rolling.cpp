// rolling (lesson 000 solution): the strip contract, but the vertical window rolls through
// registers. Per step only row y+1 is read from global memory; rows y-1 and y are the values this
// lane already holds. The scratch row still publishes row y for the x neighbours, which live in
// other lanes.
// The strip's 256 columns are TeamThreadRange(8) x ThreadVectorRange(32): on the GPU one column
// per thread, as the native 256-thread block, with the window in registers; on a CPU one thread,
// vectorised over 32 columns, with the window in small stack arrays.
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
    constexpr int kLanes = 32;  // column = thread * kLanes + lane
    constexpr int kThreads = kStripWidth / kLanes;
    constexpr int kThreadSlots = slots_per_thread<ExecSpace>(kThreads);
    constexpr int kLaneSlots = slots_per_thread<ExecSpace>(kLanes);
    const int strips = (cols + kStripWidth - 1) / kStripWidth;
    const InputView<ExecSpace> src = in;
    const auto policy = team_policy<kStripWidth, 8>(space, strips * chunks,
                                                    TeamShape{kThreads, kLanes}, kStripWidth + 2);
    using Member = typename decltype(policy)::member_type;

    Kokkos::parallel_for(
        "stencil::kokkos::rolling", policy, KOKKOS_LAMBDA(const Member& team) {
          const int x0 = (team.league_rank() % strips) * kStripWidth;
          const RowChunk chunk = row_chunk(rows, chunks, team.league_rank() / strips);
          if (chunk.empty())
            return;  // whole team: it must not reach a barrier the others wait on
          ScratchView<ExecSpace> row(team.team_scratch(0), kStripWidth + 2);
          const int width = cols - x0 < kStripWidth ? cols - x0 : kStripWidth;

          // The window: above = row y-1, centre = row y, below = row y+1 (rows clamped into the
          // grid: border rows copy and never use them).
          float above[kThreadSlots][kLaneSlots], centre[kThreadSlots][kLaneSlots],
              below[kThreadSlots][kLaneSlots];
          for (int y = chunk.begin; y < chunk.end; ++y) {
            const int down = (y + 1 < rows ? y + 1 : y) * cols;
            Kokkos::parallel_for(Kokkos::TeamThreadRange(team, kThreads), [&](int t) {
              const int ts = slot_of<ExecSpace>(t);
              const int lanes = clamp_index(width - t * kLanes, 0, kLanes);
              Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, lanes), [&](int v) {
                const int lane = t * kLanes + v;
                const int cx = x0 + lane;
                const int vs = slot_of<ExecSpace>(v);
                if (y == chunk.begin) {  // fill the window
                  above[ts][vs] = src((y > 0 ? y - 1 : y) * cols + cx);
                  centre[ts][vs] = src(y * cols + cx);
                } else {  // roll it: y-1 <- y, y <- y+1
                  above[ts][vs] = centre[ts][vs];
                  centre[ts][vs] = below[ts][vs];
                }
                below[ts][vs] = src(down + cx);  // the one new global read
                row(lane + 1) = centre[ts][vs];
              });
              Kokkos::single(Kokkos::PerThread(team), [&]() {  // the x-halo, by the end threads
                if (t == 0)
                  row(0) = src(y * cols + (x0 > 0 ? x0 - 1 : 0));
                if (t == kThreads - 1)  // a strip cut by the grid's edge repeats its last column
                  row(width + 1) = src(y * cols + clamp_index(x0 + width, 0, cols - 1));
              });
            });
            team.team_barrier();  // the row is published before anyone reads a neighbour
            Kokkos::parallel_for(Kokkos::TeamThreadRange(team, kThreads), [&](int t) {
              const int ts = slot_of<ExecSpace>(t);
              const int lanes = clamp_index(width - t * kLanes, 0, kLanes);
              Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, lanes), [&](int v) {
                const int lane = t * kLanes + v;
                const int x = x0 + lane;
                const int vs = slot_of<ExecSpace>(v);
                const float c = centre[ts][vs];
                const float updated =
                    five_point(c, row(lane), row(lane + 2), above[ts][vs], below[ts][vs]);
                out(y * cols + x) = is_border_2d(x, y, cols, rows) ? c : updated;
              });
            });
            team.team_barrier();  // everyone is done reading the row before it is overwritten
          }
        });
  }
}

#define INSTANTIATE(Space) STENCIL_INSTANTIATE_STEP(rolling_step, Space)
STENCIL_FOR_EACH_KOKKOS_SPACE(INSTANTIATE)

}  // namespace stencil::kokkos
