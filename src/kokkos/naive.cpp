// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// naive: every output reads its five taps from global memory; nothing is staged.
//   for each (x, y): out[y][x] = border ? in[y][x] : five_point(in[y][x], left, right, up, down)
// On the GPU, in fp32 a team of 32x8 slides along 8 rows (a warp reads 32 consecutive columns),
// and in fp64 every thread takes one output of a 32x8 tile; on a CPU one thread walks whole rows
// in a loop the compiler vectorises (host_forms.hpp).
#include <algorithm>

#include "kokkos/kernels.hpp"
#include "kokkos/runtime/host_forms.hpp"
#include "kokkos/runtime/team_policy.hpp"
#include "stencil/arithmetic.hpp"
#include "stencil/cell_offset.hpp"

namespace stencil::kokkos {

template <class T, class ExecSpace>
void naive_step(const ExecSpace& space, const ConstDeviceView<T, ExecSpace>& in,
                const DeviceView<T, ExecSpace>& out, int rows, int cols, int /*chunks*/) {
  if constexpr (kRunsOnHost<ExecSpace>) {
    // Host form (host_forms.hpp): bands of whole rows, nothing staged, as the contract says.
    host_form::step_row_bands(space, "stencil::kokkos::naive", in, out, rows, cols,
                              (rows + host_form::kBandRows - 1) / host_form::kBandRows, cols);
  } else if constexpr (sizeof(T) == 8) {
    // Device form in double: one output per thread, 32x8 tiles (the first rank, x, runs along a
    // warp), native CUDA's mapping. On the H200 it runs at 0.91 of native CUDA at N = 4096 and
    // 16384, where the sliding form below ran at 0.80-0.81 in double (tiles of 64x4: the same;
    // 32x16: 0.84-0.85; perf/results/h200-2026-12-05/fp64-ab/). In fp32 the sliding form is the
    // faster, at 1.04-1.14 of native.
    const InputView<T, ExecSpace> src = in;
    using Policy =
        Kokkos::MDRangePolicy<ExecSpace,
                              Kokkos::Rank<2, Kokkos::Iterate::Left, Kokkos::Iterate::Left>>;
    Kokkos::parallel_for(
        "stencil::kokkos::naive", Policy(space, {0, 0}, {cols, rows}, {32, 8}),
        KOKKOS_LAMBDA(int x, int y) {
          const std::int64_t i = row_offset(y, cols) + x;  // 64-bit: y * cols may pass 2^31
          const T centre = src(i);
          out(i) = is_border_2d(x, y, cols, rows)
                       ? centre
                       : five_point(centre, src(i - 1), src(i + 1), src(i - cols), src(i + cols));
        });
  } else {
    // Device form: a team's 8 threads (warps) each take a row of a band of 8 rows and slide
    // along it, 32 columns per pass. Long rows are cut into segments so that there are at least
    // two waves of resident teams (N = 4096 has only 512 bands, 4 per multiprocessor).
    constexpr TeamShape kShape{8, 32};  // rows per team x columns per pass
    const int bands = (rows + kShape.threads - 1) / kShape.threads;
    const int wanted = 2 * std::max(space.concurrency() / kShape.size(), 1);
    const int most_segments = (cols + kShape.lanes - 1) / kShape.lanes;
    const int segments = std::min((wanted + bands - 1) / bands, most_segments);
    // Segment width, a whole number of passes.
    const int width =
        ((cols + segments - 1) / segments + kShape.lanes - 1) / kShape.lanes * kShape.lanes;
    const int segments_used = (cols + width - 1) / width;
    const InputView<T, ExecSpace> src = in;
    const auto policy = team_policy<kShape.size(), 8>(space, bands * segments_used, kShape);
    using Member = typename decltype(policy)::member_type;

    Kokkos::parallel_for(
        "stencil::kokkos::naive", policy, KOKKOS_LAMBDA(const Member& team) {
          const int y0 = team.league_rank() / segments_used * kShape.threads;
          const int x0 = team.league_rank() % segments_used * width;
          const int x_end = cols - x0 < width ? cols : x0 + width;
          Kokkos::parallel_for(Kokkos::TeamThreadRange(team, kShape.threads), [&](int r) {
            const int y = y0 + r;
            if (y >= rows)
              return;
            const std::int64_t row = row_offset(y, cols);  // 64-bit: y * cols may pass 2^31
            if (y == 0 || y == rows - 1) {                 // border row: a copy
              Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, x0, x_end),
                                   [&](int x) { out(row + x) = src(row + x); });
              return;
            }
            // An interior row: every tap is inside the array even at x = 0 and x = cols - 1 (the
            // neighbouring rows' end cells), so both sides of the select may be evaluated.
            Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, x0, x_end), [&](int x) {
              const std::int64_t i = row + x;
              const T centre = src(i);
              const T updated =
                  five_point(centre, src(i - 1), src(i + 1), src(i - cols), src(i + cols));
              out(i) = (x == 0) | (x == cols - 1) ? centre : updated;
            });
          });
        });
  }
}

#define INSTANTIATE_TYPE(Space, T) STENCIL_INSTANTIATE_STEP(naive_step, Space, T)
#define INSTANTIATE(Space) STENCIL_ELEMENT_TYPES(INSTANTIATE_TYPE, Space)
STENCIL_FOR_EACH_KOKKOS_SPACE(INSTANTIATE)

}  // namespace stencil::kokkos
