// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// rolling (lesson 000 solution): the strip contract, but the vertical window rolls through
// registers. Per step only row y+1 is read from global memory; rows y-1 and y are the values this
// member already holds. The scratch row still publishes row y for the x neighbours, which live in
// other lanes.
#include "kokkos/kernels.hpp"
#include "kokkos/runtime/host_forms.hpp"
#include "kokkos/runtime/strip_team.hpp"
#include "kokkos/runtime/team_policy.hpp"
#include "stencil/arithmetic.hpp"
#include "stencil/cell_offset.hpp"

namespace stencil::kokkos {

// Device form (strip_team.hpp): one team member per column, line for line the native block.
// Index is the offset type (cell_offset.hpp); kMinBlocks is the teams per multiprocessor the
// kernel is compiled for (rolling_step picks it).
template <class Index, int kMinBlocks, class T, class ExecSpace>
void rolling_on_device(const ExecSpace& space, const ConstDeviceView<T, ExecSpace>& in,
                       const DeviceView<T, ExecSpace>& out, int rows, int cols, int chunks) {
  constexpr int kWidth = kStripWidth;  // a team's columns
  const int strips = strip_count(cols);
  const InputView<T, ExecSpace> src = in;
  const auto policy = strip_policy<T, kMinBlocks>(space, strips, chunks);
  using Member = typename decltype(policy)::member_type;

  Kokkos::parallel_for(
      "stencil::kokkos::rolling", policy, KOKKOS_LAMBDA(const Member& team) {
        const auto [member, x, cx, xl, xr] = strip_column(team, strips, cols);
        const RowChunk chunk = strip_chunk(team, strips, rows, chunks);
        if (chunk.empty())
          return;  // whole team: it must not reach a barrier the others wait on
        ScratchView<T, ExecSpace> row(team.team_scratch(0), kWidth + 2);

        const bool left_member = member == 0;  // the end members load the x-halo
        const bool right_member = member == kWidth - 1;
        auto clamp_row = [&](int y) { return y < rows ? y : rows - 1; };

        // The window: above = row y-1, centre = row y, below = row y+1 (rows clamped into the
        // grid: border rows copy and never use them).
        T above = src(cell_offset<Index>(chunk.begin > 0 ? chunk.begin - 1 : 0, cx, cols));
        T centre = src(cell_offset<Index>(chunk.begin, cx, cols));
        T left = T(0), right = T(0);  // row y's x-halo, in the end members
        for (int y = chunk.begin; y < chunk.end; ++y) {
          // The x-halo first, into registers, then the one new row: the native kernel's order.
          // Loaded and stored inside one `if (member == 0)`, nvcc branches around a load and the
          // scratch store that waits on it, and the team stalls on that store; in this order it
          // runs much closer to the native kernel (docs/design.md has the figures).
          if (left_member)
            left = src(cell_offset<Index>(y, xl, cols));
          if (right_member)
            right = src(cell_offset<Index>(y, xr, cols));
          const T below = src(cell_offset<Index>(clamp_row(y + 1), cx, cols));  // new row
          row(member + 1) = centre;
          if (left_member)
            row(0) = left;
          if (right_member)
            row(kWidth + 1) = right;
          team.team_barrier();  // the row is published before anyone reads a neighbour
          if (x < cols) {
            const T updated = five_point(centre, row(member), row(member + 2), above, below);
            out(cell_offset<Index>(y, x, cols)) = is_border_2d(x, y, cols, rows) ? centre : updated;
          }
          team.team_barrier();  // everyone is done reading the row before it is overwritten
          above = centre;       // roll the window: y becomes y-1, y+1 becomes y
          centre = below;
        }
      });
}

template <class T, class ExecSpace>
void rolling_step(const ExecSpace& space, const ConstDeviceView<T, ExecSpace>& in,
                  const DeviceView<T, ExecSpace>& out, int rows, int cols, int chunks) {
  if constexpr (kRunsOnHost<ExecSpace>) {
    // Host form (host_forms.hpp): one band of whole rows per chunk, walked top to bottom, so
    // rows y and y+1 are still in cache when the next row needs them: the CPU's rolling window.
    host_form::step_row_bands(space, "stencil::kokkos::rolling", in, out, rows, cols, chunks, cols);
  } else if (!offsets_fit_int(rows, cols)) {
    rolling_on_device<std::int64_t, 8>(space, in, out, rows, cols, chunks);
  } else if (static_cast<long>(strip_count(cols)) * chunks <= space.concurrency() / 2048 * 4) {
    // Every team is resident at 4 per multiprocessor (concurrency() counts 2048 threads per
    // multiprocessor; N = 4096 at the default 16 chunks is 256 teams), so occupancy buys nothing
    // and each member's row loop runs faster with 64 registers than with 32 (docs/design.md).
    rolling_on_device<int, 4>(space, in, out, rows, cols, chunks);
  } else {
    rolling_on_device<int, 8>(space, in, out, rows, cols, chunks);
  }
}

#define INSTANTIATE_TYPE(Space, T) STENCIL_INSTANTIATE_STEP(rolling_step, Space, T)
#define INSTANTIATE(Space) STENCIL_ELEMENT_TYPES(INSTANTIATE_TYPE, Space)
STENCIL_FOR_EACH_KOKKOS_SPACE(INSTANTIATE)

}  // namespace stencil::kokkos
