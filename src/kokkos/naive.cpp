// naive: every output reads its five taps from global memory; nothing is staged.
//   for each (x, y): out[y][x] = border ? in[y][x] : five_point(in[y][x], left, right, up, down)
// A team owns 8 rows: TeamThreadRange gives each row to a team thread, ThreadVectorRange walks
// the row's columns. On the GPU that is the native 32x8 block sliding along the rows (a warp reads
// 32 consecutive columns); on a CPU one thread walks whole rows in a loop the compiler vectorises,
// with no division per cell to recover (x, y).
#include "kokkos/host_forms.hpp"
#include "kokkos/kernels.hpp"
#include "kokkos/team_policy.hpp"
#include "stencil/arithmetic.hpp"

namespace stencil::kokkos {

template <class ExecSpace>
void naive_step(const ExecSpace& space, const ConstDeviceView<ExecSpace>& in,
                const DeviceView<ExecSpace>& out, int rows, int cols, int /*chunks*/) {
  if constexpr (kRunsOnHost<ExecSpace>) {
    // Host form (host_forms.hpp): bands of whole rows, nothing staged, as the contract says.
    host_form::step_row_bands(space, "stencil::kokkos::naive", in, out, rows, cols,
                              (rows + host_form::kBandRows - 1) / host_form::kBandRows, cols);
  } else {
    constexpr TeamShape kShape{8, 32};  // rows per team x columns per pass
    const InputView<ExecSpace> src = in;
    const auto policy =
        team_policy<kShape.size(), 8>(space, (rows + kShape.threads - 1) / kShape.threads, kShape);
    using Member = typename decltype(policy)::member_type;

    Kokkos::parallel_for(
        "stencil::kokkos::naive", policy, KOKKOS_LAMBDA(const Member& team) {
          const int y0 = team.league_rank() * kShape.threads;
          Kokkos::parallel_for(Kokkos::TeamThreadRange(team, kShape.threads), [&](int r) {
            const int y = y0 + r;
            if (y >= rows)
              return;
            const int row = y * cols;
            if (y == 0 || y == rows - 1) {  // border row: a copy
              Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, cols),
                                   [&](int x) { out(row + x) = src(row + x); });
              return;
            }
            // An interior row: every tap is inside the array even at x = 0 and x = cols - 1 (the
            // neighbouring rows' end cells), so both sides of the select may be evaluated.
            Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, cols), [&](int x) {
              const int i = row + x;
              const float centre = src(i);
              const float updated =
                  five_point(centre, src(i - 1), src(i + 1), src(i - cols), src(i + cols));
              out(i) = (x == 0) | (x == cols - 1) ? centre : updated;
            });
          });
        });
  }
}

#define INSTANTIATE(Space) STENCIL_INSTANTIATE_STEP(naive_step, Space)
STENCIL_FOR_EACH_KOKKOS_SPACE(INSTANTIATE)

}  // namespace stencil::kokkos
