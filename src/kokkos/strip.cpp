// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// strip (lesson 000 starter): a team owns a 256-column strip and one chunk of rows and walks the
// chunk top to bottom. Rows y-1, y and y+1 are re-read from global memory at every step; only the
// x neighbours come from a published scratch row of 258 values.
#include "kokkos/kernels.hpp"
#include "kokkos/runtime/host_forms.hpp"
#include "kokkos/runtime/strip_team.hpp"
#include "kokkos/runtime/team_policy.hpp"
#include "stencil/arithmetic.hpp"
#include "stencil/cell_offset.hpp"

namespace stencil::kokkos {

// Device form (strip_team.hpp): one team member per column, line for line the native block.
// Index is the offset type (cell_offset.hpp).
template <class Index, class T, class ExecSpace>
void strip_on_device(const ExecSpace& space, const ConstDeviceView<T, ExecSpace>& in,
                     const DeviceView<T, ExecSpace>& out, int rows, int cols, int chunks) {
  constexpr int kWidth = kStripWidth;  // a team's columns
  const int strips = strip_count(cols);
  const InputView<T, ExecSpace> src = in;
  const auto policy = strip_policy<T>(space, strips, chunks);
  using Member = typename decltype(policy)::member_type;

  Kokkos::parallel_for(
      "stencil::kokkos::strip", policy, KOKKOS_LAMBDA(const Member& team) {
        const auto [member, x, cx, xl, xr] = strip_column(team, strips, cols);
        const RowChunk chunk = strip_chunk(team, strips, rows, chunks);
        if (chunk.empty())
          return;  // whole team: it must not reach a barrier the others wait on
        ScratchView<T, ExecSpace> row(team.team_scratch(0), kWidth + 2);

        for (int y = chunk.begin; y < chunk.end; ++y) {
          // Rows above and below, clamped into the grid: border rows copy and never use them.
          const T above = src(cell_offset<Index>(y > 0 ? y - 1 : y, cx, cols));
          const T centre = src(cell_offset<Index>(y, cx, cols));
          const T below = src(cell_offset<Index>(y + 1 < rows ? y + 1 : y, cx, cols));
          row(member + 1) = centre;
          if (member == 0)  // the x-halo, by the end members
            row(0) = src(cell_offset<Index>(y, xl, cols));
          if (member == kWidth - 1)
            row(kWidth + 1) = src(cell_offset<Index>(y, xr, cols));
          team.team_barrier();  // the row is published before anyone reads a neighbour
          if (x < cols) {
            const T updated = five_point(centre, row(member), row(member + 2), above, below);
            out(cell_offset<Index>(y, x, cols)) = is_border_2d(x, y, cols, rows) ? centre : updated;
          }
          team.team_barrier();  // everyone is done reading the row before it is overwritten
        }
      });
}

template <class T, class ExecSpace>
void strip_step(const ExecSpace& space, const ConstDeviceView<T, ExecSpace>& in,
                const DeviceView<T, ExecSpace>& out, int rows, int cols, int chunks) {
  if constexpr (kRunsOnHost<ExecSpace>) {
    // Host form (host_forms.hpp): one band of whole rows per chunk, walked top to bottom; the
    // cache holds rows y-1, y, y+1 that the GPU form re-reads or publishes.
    host_form::step_row_bands(space, "stencil::kokkos::strip", in, out, rows, cols, chunks, cols);
  } else if (offsets_fit_int(rows, cols)) {
    strip_on_device<int>(space, in, out, rows, cols, chunks);
  } else {
    strip_on_device<std::int64_t>(space, in, out, rows, cols, chunks);
  }
}

#define INSTANTIATE_TYPE(Space, T) STENCIL_INSTANTIATE_STEP(strip_step, Space, T)
#define INSTANTIATE(Space) STENCIL_ELEMENT_TYPES(INSTANTIATE_TYPE, Space)
STENCIL_FOR_EACH_KOKKOS_SPACE(INSTANTIATE)

}  // namespace stencil::kokkos
