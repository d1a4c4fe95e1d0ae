// rolling (lesson 000 solution): the strip contract, but the vertical window rolls through
// registers. Per step only row y+1 is read from global memory; rows y-1 and y are the values this
// lane already holds. The scratch row still publishes row y for the x neighbours, which live in
// other lanes.
#include <cstdlib>

#include "kokkos/host_forms.hpp"
#include "kokkos/kernels.hpp"
#include "kokkos/team_policy.hpp"
#include "stencil/arithmetic.hpp"

namespace stencil::kokkos {

template <int kMode, class ExecSpace>
void rolling_device(const ExecSpace& space, const ConstDeviceView<ExecSpace>& in,
                    const DeviceView<ExecSpace>& out, int rows, int cols, int chunks) {
    constexpr int kWidth = kStripWidth;  // a team's columns
    const int strips = (cols + kWidth - 1) / kWidth;
    const InputView<ExecSpace> src = in;
    const auto policy =
        team_policy<kWidth, 8>(space, strips * chunks, TeamShape{kWidth, 1}, kWidth + 2);
    using Member = typename decltype(policy)::member_type;

    Kokkos::parallel_for(
        "stencil::kokkos::rolling", policy, KOKKOS_LAMBDA(const Member& team) {
          const int lane = team.team_rank();
          const int x0 = (team.league_rank() % strips) * kWidth;
          const RowChunk chunk = row_chunk(rows, chunks, team.league_rank() / strips);
          if (chunk.empty())
            return;
          ScratchView<ExecSpace> row(team.team_scratch(0), kWidth + 2);
          const int x = x0 + lane;
          const int cx = x < cols ? x : cols - 1;
          const int xl = x0 > 0 ? x0 - 1 : 0;
          const int xr = clamp_index(x0 + kWidth, 0, cols - 1);
          const bool left_member = lane == 0;
          const bool right_member = lane == kWidth - 1;
          auto clamp_row = [&](int y) { return y < rows ? y : rows - 1; };
          (void)out;

          float above = src((chunk.begin > 0 ? chunk.begin - 1 : 0) * cols + cx);
          float centre = src(chunk.begin * cols + cx);
          if constexpr (kMode == 0) {
            for (int y = chunk.begin; y < chunk.end; ++y) {
              const float below = src((y + 1 < rows ? y + 1 : y) * cols + cx);
              row(lane + 1) = centre;
              if (lane == 0)
                row(0) = src(y * cols + xl);
              if (lane == kWidth - 1)
                row(kWidth + 1) = src(y * cols + xr);
              team.team_barrier();
              if (x < cols) {
                const float updated = five_point(centre, row(lane), row(lane + 2), above, below);
                out(y * cols + x) = is_border_2d(x, y, cols, rows) ? centre : updated;
              }
              team.team_barrier();
              above = centre;
              centre = below;
            }
          } else if constexpr (kMode == 1 || kMode == 3) {
            // halo of row y loaded one row ahead (mode 1), or first and predicated (mode 3)
            float left = 0.0f, right = 0.0f;
            if (kMode == 1) {
              if (left_member) left = src(chunk.begin * cols + xl);
              if (right_member) right = src(chunk.begin * cols + xr);
            }
            for (int y = chunk.begin; y < chunk.end; ++y) {
              if (kMode == 3) {
                if (left_member) left = src(y * cols + xl);
                if (right_member) right = src(y * cols + xr);
              }
              const float below = src(clamp_row(y + 1) * cols + cx);
              float next_left = 0.0f, next_right = 0.0f;
              if (kMode == 1) {
                if (left_member) next_left = src(clamp_row(y + 1) * cols + xl);
                if (right_member) next_right = src(clamp_row(y + 1) * cols + xr);
              }
              row(lane + 1) = centre;
              if (left_member) row(0) = left;
              if (right_member) row(kWidth + 1) = right;
              team.team_barrier();
              if (x < cols) {
                const float updated = five_point(centre, row(lane), row(lane + 2), above, below);
                out(y * cols + x) = is_border_2d(x, y, cols, rows) ? centre : updated;
              }
              team.team_barrier();
              above = centre;
              centre = below;
              if (kMode == 1) { left = next_left; right = next_right; }
            }
          } else {
            // two rows ahead: below loaded one step earlier, halo one row ahead
            float left = 0.0f, right = 0.0f;
            if (left_member) left = src(chunk.begin * cols + xl);
            if (right_member) right = src(chunk.begin * cols + xr);
            float below = src(clamp_row(chunk.begin + 1) * cols + cx);
            for (int y = chunk.begin; y < chunk.end; ++y) {
              const float below2 = src(clamp_row(y + 2) * cols + cx);
              float next_left = 0.0f, next_right = 0.0f;
              if (left_member) next_left = src(clamp_row(y + 1) * cols + xl);
              if (right_member) next_right = src(clamp_row(y + 1) * cols + xr);
              row(lane + 1) = centre;
              if (left_member) row(0) = left;
              if (right_member) row(kWidth + 1) = right;
              team.team_barrier();
              if (x < cols) {
                const float updated = five_point(centre, row(lane), row(lane + 2), above, below);
                out(y * cols + x) = is_border_2d(x, y, cols, rows) ? centre : updated;
              }
              team.team_barrier();
              above = centre;
              centre = below;
              below = below2;
              left = next_left;
              right = next_right;
            }
          }
        });
}

template <class ExecSpace>
void rolling_step(const ExecSpace& space, const ConstDeviceView<ExecSpace>& in,
                  const DeviceView<ExecSpace>& out, int rows, int cols, int chunks) {
  if constexpr (kRunsOnHost<ExecSpace>) {
    // Host form (host_forms.hpp): one band of whole rows per chunk, walked top to bottom, so
    // rows y and y+1 are still in cache when the next row needs them: the CPU's rolling window.
    host_form::step_row_bands(space, "stencil::kokkos::rolling", in, out, rows, cols, chunks, cols);
  } else {
    const char* env = std::getenv("STENCIL_EXP_ROLLING");
    const int mode = env ? std::atoi(env) : 0;
    if (mode == 1)
      rolling_device<1>(space, in, out, rows, cols, chunks);
    else if (mode == 2)
      rolling_device<2>(space, in, out, rows, cols, chunks);
    else if (mode == 3)
      rolling_device<3>(space, in, out, rows, cols, chunks);
    else
      rolling_device<0>(space, in, out, rows, cols, chunks);
  }
}

#define INSTANTIATE(Space) STENCIL_INSTANTIATE_STEP(rolling_step, Space)
STENCIL_FOR_EACH_KOKKOS_SPACE(INSTANTIATE)

}  // namespace stencil::kokkos
