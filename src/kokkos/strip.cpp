// strip (lesson 000 starter): a team owns a 256-column strip and one chunk of rows and walks the
// chunk top to bottom. Rows y-1, y and y+1 are re-read from global memory at every step; only the
// x neighbours come from a published scratch row of 258 values.
// The strip's 256 columns are TeamThreadRange(8) x ThreadVectorRange(32): on the GPU one column
// per thread, as the native 256-thread block; on a CPU one thread, vectorised over 32 columns.
#include "kokkos/host_forms.hpp"
#include "kokkos/kernels.hpp"
#include "kokkos/team_policy.hpp"
#include "stencil/arithmetic.hpp"

namespace stencil::kokkos {

template <class ExecSpace>
void strip_step(const ExecSpace& space, const ConstDeviceView<ExecSpace>& in,
                const DeviceView<ExecSpace>& out, int rows, int cols, int chunks) {
  if constexpr (kRunsOnHost<ExecSpace>) {
    // Host form (host_forms.hpp): one band of whole rows per chunk, walked top to bottom; the
    // cache holds rows y-1, y, y+1 that the GPU form re-reads or publishes.
    host_form::step_row_bands(space, "stencil::kokkos::strip", in, out, rows, cols, chunks, cols);
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
        "stencil::kokkos::strip", policy, KOKKOS_LAMBDA(const Member& team) {
          const int x0 = (team.league_rank() % strips) * kStripWidth;
          const RowChunk chunk = row_chunk(rows, chunks, team.league_rank() / strips);
          if (chunk.empty())
            return;  // whole team: it must not reach a barrier the others wait on
          ScratchView<ExecSpace> row(team.team_scratch(0), kStripWidth + 2);
          const int width = cols - x0 < kStripWidth ? cols - x0 : kStripWidth;

          for (int y = chunk.begin; y < chunk.end; ++y) {
            // Rows above and below, clamped into the grid: border rows copy and never use them.
            const int up = (y > 0 ? y - 1 : y) * cols;
            const int down = (y + 1 < rows ? y + 1 : y) * cols;
            float above[kThreadSlots][kLaneSlots], centre[kThreadSlots][kLaneSlots],
                below[kThreadSlots][kLaneSlots];
            Kokkos::parallel_for(Kokkos::TeamThreadRange(team, kThreads), [&](int t) {
              const int ts = slot_of<ExecSpace>(t);
              const int lanes = clamp_index(width - t * kLanes, 0, kLanes);
              Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, lanes), [&](int v) {
                const int lane = t * kLanes + v;
                const int cx = x0 + lane;
                const int vs = slot_of<ExecSpace>(v);
                above[ts][vs] = src(up + cx);
                centre[ts][vs] = src(y * cols + cx);
                below[ts][vs] = src(down + cx);
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

#define INSTANTIATE(Space) STENCIL_INSTANTIATE_STEP(strip_step, Space)
STENCIL_FOR_EACH_KOKKOS_SPACE(INSTANTIATE)

}  // namespace stencil::kokkos
