// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// strip (lesson 000 starter): a team owns a 256-column strip and one chunk of rows and walks the
// chunk top to bottom. Rows y-1, y and y+1 are re-read from global memory at every step; only the
// x neighbours come from a published scratch row of 258 values.
#include "kokkos/host_forms.hpp"
#include "kokkos/kernels.hpp"
#include "kokkos/team_policy.hpp"
#include "stencil/arithmetic.hpp"
#include "stencil/cell_offset.hpp"

namespace stencil::kokkos {

template <class ExecSpace>
void strip_step(const ExecSpace& space, const ConstDeviceView<ExecSpace>& in,
                const DeviceView<ExecSpace>& out, int rows, int cols, int chunks) {
  if constexpr (kRunsOnHost<ExecSpace>) {
    // Host form (host_forms.hpp): one band of whole rows per chunk, walked top to bottom; the
    // cache holds rows y-1, y, y+1 that the GPU form re-reads or publishes.
    host_form::step_row_bands(space, "stencil::kokkos::strip", in, out, rows, cols, chunks, cols);
  } else {
    // Device form (team_policy.hpp): one team member per column, line for line the native block.
    constexpr int kWidth = kStripWidth;  // a team's columns
    const int strips = (cols + kWidth - 1) / kWidth;
    const InputView<ExecSpace> src = in;
    const auto policy =
        team_policy<kWidth, 8>(space, strips * chunks, TeamShape{kWidth, 1}, kWidth + 2);
    using Member = typename decltype(policy)::member_type;

    Kokkos::parallel_for(
        "stencil::kokkos::strip", policy, KOKKOS_LAMBDA(const Member& team) {
          const int member = team.team_rank();
          const int x0 = (team.league_rank() % strips) * kWidth;
          const RowChunk chunk = row_chunk(rows, chunks, team.league_rank() / strips);
          if (chunk.empty())
            return;  // whole team: it must not reach a barrier the others wait on
          ScratchView<ExecSpace> row(team.team_scratch(0), kWidth + 2);
          const int x = x0 + member;
          const int cx =
              x < cols ? x : cols - 1;  // a strip cut by the edge repeats its last column
          const int xl = x0 > 0 ? x0 - 1 : 0;
          const int xr = clamp_index(x0 + kWidth, 0, cols - 1);

          for (int y = chunk.begin; y < chunk.end; ++y) {
            // Rows above and below, clamped into the grid: border rows copy and never use them.
            // Row y's offset in 64 bits, once per row; the rows above and below are cols away.
            const std::int64_t row_y = row_offset(y, cols);
            const Element above = src(row_y - (y > 0 ? cols : 0) + cx);
            const Element centre = src(row_y + cx);
            const Element below = src(row_y + (y + 1 < rows ? cols : 0) + cx);
            row(member + 1) = centre;
            if (member == 0)  // the x-halo, by the end members
              row(0) = src(row_y + xl);
            if (member == kWidth - 1)
              row(kWidth + 1) = src(row_y + xr);
            team.team_barrier();  // the row is published before anyone reads a neighbour
            if (x < cols) {
              const Element updated =
                  five_point(centre, row(member), row(member + 2), above, below);
              out(row_y + x) = is_border_2d(x, y, cols, rows) ? centre : updated;
            }
            team.team_barrier();  // everyone is done reading the row before it is overwritten
          }
        });
  }
}

#define INSTANTIATE(Space) STENCIL_INSTANTIATE_STEP(strip_step, Space)
STENCIL_FOR_EACH_KOKKOS_SPACE(INSTANTIATE)

}  // namespace stencil::kokkos
