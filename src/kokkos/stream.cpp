// stream (issue 7), the portable form of src/cuda/stream_kernel.cuh without its
// thread-block clusters, which Kokkos 3.4 does not expose: a team walks a chunk of rows of a
// 2048-column block with rows y-1 and y in registers and a ring of the next kAhead rows already
// requested, publishing row y in a double-buffered scratch row (one barrier per row). Kokkos has
// no portable 16-byte vector type, so each lane owns 8 interleaved scalar columns instead of two
// float4 slots; the global traffic is the same, the instruction count is four times higher.
#include <algorithm>
#include "kokkos/kernels.hpp"

#include "stencil/arithmetic.hpp"
#include "stencil/unroll.hpp"

namespace stencil::kokkos {

template <class ExecSpace>
void stream_step(const ExecSpace& space, const ConstDeviceView<ExecSpace>& in,
                 const DeviceView<ExecSpace>& out, int n, int chunks) {
  constexpr int kTeamLanes = 256;
  constexpr int kSlots = 8;  // columns per lane
  constexpr int kAhead = 4;  // rows in flight besides the one being computed
  constexpr int kWidth = kTeamLanes * kSlots;
  constexpr int kLanes = lanes_per_thread<ExecSpace>(kTeamLanes);
  const int column_blocks = (n + kWidth - 1) / kWidth;
  int row_chunks = chunks;
  if (row_chunks <= 0) {  // auto: twice the concurrent teams, chunks of at least 128 rows
    const int teams =
        kRunsOnHost<ExecSpace> ? 4 * space.concurrency() : space.concurrency() / 1024 + 1;
    row_chunks = std::min((teams + column_blocks - 1) / column_blocks, std::max(n / 128, 1));
  }

  using Policy = Kokkos::TeamPolicy<ExecSpace>;
  using Member = typename Policy::member_type;
  Policy policy(space, column_blocks * row_chunks, kTeamLanes / kLanes);
  policy.set_scratch_size(0, Kokkos::PerTeam(ScratchView<ExecSpace>::shmem_size(2 * (kWidth + 2))));

  Kokkos::parallel_for(
      "stencil::kokkos::stream", policy, KOKKOS_LAMBDA(const Member& team) {
        const int base = (team.league_rank() % column_blocks) * kWidth;
        const int rows = (n + row_chunks - 1) / row_chunks;
        const int y0 = (team.league_rank() / column_blocks) * rows;
        if (y0 >= n)
          return;  // whole team: trailing chunks can be empty
        const int y_end = y0 + rows < n ? y0 + rows : n;
        const int last_row_needed = y_end < n - 1 ? y_end : n - 1;
        ScratchView<ExecSpace> scratch(team.team_scratch(0), 2 * (kWidth + 2));
        const int threads = team.team_size();
        const int rank = team.team_rank();
        auto column = [&](int lane, int k) { return base + k * kTeamLanes + lane; };
        auto lane_of = [&](int l) { return rank + l * threads; };

        float above[kLanes][kSlots], centre[kLanes][kSlots], ring[kAhead][kLanes][kSlots];
        float centre_halo[2] = {0.0f, 0.0f}, ring_halo[kAhead][2];
        // Loads row y into dst (and its x-halo into halo, by the lanes at the block's two ends).
        auto load_row = [&](float(&dst)[kLanes][kSlots], float(&halo)[2], int y) {
          for (int l = 0; l < kLanes; ++l) {
            STENCIL_UNROLL for (int k = 0; k < kSlots; ++k) {
              const int x = column(lane_of(l), k);
              if (x < n)
                dst[l][k] = in(y * n + x);
            }
            if (y < y_end && lane_of(l) == 0 && base > 0)
              halo[0] = in(y * n + base - 1);
            if (y < y_end && lane_of(l) == kTeamLanes - 1 && base + kWidth < n) {
              halo[1] = in(y * n + base + kWidth);
            }
          }
        };
        float unused_halo[2];
        if (y0 > 0)
          load_row(above, unused_halo, y0 - 1);
        load_row(centre, centre_halo, y0);
        STENCIL_UNROLL
        for (int r = 0; r < kAhead; ++r) {
          if (y0 + 1 + r <= last_row_needed)
            load_row(ring[r], ring_halo[r], y0 + 1 + r);
        }

        for (int y_block = y0; y_block < y_end; y_block += kAhead) {
          STENCIL_UNROLL
          for (int r = 0; r < kAhead; ++r) {
            const int y = y_block + r;
            if (y >= y_end)
              break;  // team-uniform
            const int buffer = (r & 1) * (kWidth + 2);
            for (int l = 0; l < kLanes; ++l) {
              STENCIL_UNROLL for (int k = 0; k < kSlots; ++k) {
                scratch(buffer + 1 + k * kTeamLanes + lane_of(l)) = centre[l][k];
              }
              if (lane_of(l) == 0)
                scratch(buffer) = centre_halo[0];
              if (lane_of(l) == kTeamLanes - 1)
                scratch(buffer + kWidth + 1) = centre_halo[1];
            }
            team.team_barrier();  // row y visible; this buffer is rewritten after the next one
            for (int l = 0; l < kLanes; ++l) {
              STENCIL_UNROLL for (int k = 0; k < kSlots; ++k) {
                const int x = column(lane_of(l), k);
                if (x >= n)
                  continue;
                const int s = buffer + 1 + k * kTeamLanes + lane_of(l);
                const float c = centre[l][k];
                out(y * n + x) =
                    is_border_2d(x, y, n)
                        ? c
                        : five_point(c, scratch(s - 1), scratch(s + 1), above[l][k], ring[r][l][k]);
              }
            }
            // Roll the window, then refill the ring slot just consumed.
            for (int l = 0; l < kLanes; ++l) {
              STENCIL_UNROLL for (int k = 0; k < kSlots; ++k) {
                above[l][k] = centre[l][k];
                centre[l][k] = ring[r][l][k];
              }
            }
            centre_halo[0] = ring_halo[r][0];
            centre_halo[1] = ring_halo[r][1];
            if (y + 1 + kAhead <= last_row_needed)
              load_row(ring[r], ring_halo[r], y + 1 + kAhead);
          }
        }
      });
}

#define INSTANTIATE(Space) STENCIL_INSTANTIATE_STEP(stream_step, Space)
STENCIL_FOR_EACH_KOKKOS_SPACE(INSTANTIATE)

}  // namespace stencil::kokkos
