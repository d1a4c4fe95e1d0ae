// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// naive1d: every output reads its three taps from global memory; nothing is staged.
//   for each i: out[i] = end cell ? in[i] : three_point(in[i-1], in[i], in[i+1])
// A team owns a block of cells and TeamVectorRange spreads it over the team: on the GPU 256
// threads take consecutive cells (coalesced, like the native one-cell-per-thread kernel, but each
// thread walks several); on a CPU one thread walks the block in a loop the compiler vectorises.
#include "kokkos/kernels.hpp"
#include "kokkos/runtime/host_forms.hpp"
#include "kokkos/runtime/team_policy.hpp"
#include "stencil/arithmetic.hpp"

namespace stencil::kokkos {

template <class T, class ExecSpace>
void naive1d_step(const ExecSpace& space, const ConstDeviceView<T, ExecSpace>& in,
                  const DeviceView<T, ExecSpace>& out, int /*rows: 1*/, std::int64_t n,
                  int /*chunks*/) {
  if constexpr (kRunsOnHost<ExecSpace>) {
    // Host form (host_forms.hpp): one long contiguous range of cells per thread.
    host_form::step_cell_bands(space, "stencil::kokkos::naive1d", in, out, n, space.concurrency());
  } else {
    constexpr TeamShape kShape{8, 32};
    constexpr int kCellsPerTeam = 16 * kShape.size();
    const InputView<T, ExecSpace> src = in;
    // 64-bit cell indices: a 1-D grid is limited by memory only. The league (one team per 4096
    // cells) fits an int: the stepper refuses a device grid past kMaxCells1D.
    const auto policy = team_policy<kShape.size(), 8>(
        space, static_cast<int>(n / kCellsPerTeam + (n % kCellsPerTeam != 0)), kShape);
    using Member = typename decltype(policy)::member_type;

    Kokkos::parallel_for(
        "stencil::kokkos::naive1d", policy, KOKKOS_LAMBDA(const Member& team) {
          const std::int64_t begin = std::int64_t{team.league_rank()} * kCellsPerTeam;
          const std::int64_t end = n - begin > kCellsPerTeam ? begin + kCellsPerTeam : n;
          // The two end cells copy themselves; every other cell has both neighbours in the grid.
          const std::int64_t first = begin > 1 ? begin : 1;
          const std::int64_t last = end < n - 1 ? end : n - 1;
          Kokkos::parallel_for(Kokkos::TeamVectorRange(team, first, last), [&](std::int64_t i) {
            out(i) = three_point(src(i - 1), src(i), src(i + 1));
          });
          Kokkos::single(Kokkos::PerTeam(team), [&]() {
            if (begin == 0)
              out(0) = src(0);
            if (end == n && n > 1)
              out(n - 1) = src(n - 1);
          });
        });
  }
}

#define INSTANTIATE_TYPE(Space, T) STENCIL_INSTANTIATE_STEP_1D(naive1d_step, Space, T)
#define INSTANTIATE(Space) STENCIL_ELEMENT_TYPES(INSTANTIATE_TYPE, Space)
STENCIL_FOR_EACH_KOKKOS_SPACE(INSTANTIATE)

}  // namespace stencil::kokkos
