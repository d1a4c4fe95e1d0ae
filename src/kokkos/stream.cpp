// stream (issue 7), the portable form of src/cuda/stream_kernel.cuh's plain (cluster-free) shape:
// a team walks a chunk of rows of a 1024-column block with rows y-1 and y in registers and a ring
// of the next kAhead rows already requested, publishing row y in a double-buffered scratch row
// (one barrier per row). Each lane owns four consecutive columns, loaded and stored as one 16-byte
// Quad where rows are 16-byte aligned (cols % 4 == 0), so a warp's instruction covers 512
// contiguous bytes; other widths take the same path one float at a time.
// The block's 256 lanes are TeamThreadRange(8) x ThreadVectorRange(32): on the GPU one lane per
// thread, as the native 256-thread block; on a CPU one thread walks them with the window in stack
// arrays, and the ring is one row deep (a CPU's prefetchers already keep its loads in flight).
#include <algorithm>

#include "kokkos/host_forms.hpp"
#include "kokkos/kernels.hpp"
#include "kokkos/quad.hpp"
#include "kokkos/team_policy.hpp"
#include "stencil/arithmetic.hpp"
#include "stencil/unroll.hpp"

namespace stencil::kokkos {

template <class ExecSpace>
void stream_step(const ExecSpace& space, const ConstDeviceView<ExecSpace>& in,
                 const DeviceView<ExecSpace>& out, int rows, int cols, int chunks) {
  if constexpr (kRunsOnHost<ExecSpace>) {
    // Host form (host_forms.hpp): one band of whole rows per chunk (auto: one per thread),
    // walked top to bottom; the cache keeps the rolling rows, the prefetchers the ring ahead.
    host_form::step_row_bands(space, "stencil::kokkos::stream", in, out, rows, cols,
                              chunks > 0 ? chunks : space.concurrency(), cols);
  } else {
    constexpr int kThreads = 8;
    constexpr int kLanes = 32;
    constexpr int kWidth = 4 * kThreads * kLanes;           // columns of a block: one quad per lane
    constexpr int kAhead = kRunsOnHost<ExecSpace> ? 1 : 4;  // rows in flight besides row y
    constexpr int kThreadSlots = slots_per_thread<ExecSpace>(kThreads);
    constexpr int kLaneSlots = slots_per_thread<ExecSpace>(kLanes);
    const int column_blocks = (cols + kWidth - 1) / kWidth;
    if (chunks <= 0) {  // auto: at most one wave of teams (three per 2048 device threads: a second,
                        // partial wave would double the time), >= 128 rows each
      const int teams = kRunsOnHost<ExecSpace> ? 4 * space.concurrency()
                                               : std::max(space.concurrency() * 3 / 2048, 1);
      const int fit = kRunsOnHost<ExecSpace> ? (teams + column_blocks - 1) / column_blocks
                                             : teams / column_blocks;
      chunks = std::min(std::max(fit, 1), std::max(rows / 128, 1));
    }
    const bool quads = cols % 4 == 0;  // 16-byte aligned rows
    const float* const source = in.data();
    float* const target = out.data();
    const auto policy = team_policy<kThreads * kLanes, 3>(
        space, column_blocks * chunks, TeamShape{kThreads, kLanes}, 2 * (kWidth + 2));
    using Member = typename decltype(policy)::member_type;

    Kokkos::parallel_for(
        "stencil::kokkos::stream", policy, KOKKOS_LAMBDA(const Member& team) {
          const int base = (team.league_rank() % column_blocks) * kWidth;
          const RowChunk chunk = row_chunk(rows, chunks, team.league_rank() / column_blocks);
          if (chunk.empty())
            return;  // whole team: it must not reach a barrier the others wait on
          const int last_row_needed = chunk.end < rows - 1 ? chunk.end : rows - 1;
          const int width = cols - base < kWidth ? cols - base : kWidth;
          ScratchView<ExecSpace> published(team.team_scratch(0), 2 * (kWidth + 2));

          // Per lane: rows y-1, y and the ring; the x-halo of the ring's rows in the edge threads.
          Quad above[kThreadSlots][kLaneSlots], centre[kThreadSlots][kLaneSlots],
              ring[kAhead][kThreadSlots][kLaneSlots];
          float centre_halo[2] = {0.0f, 0.0f}, ring_halo[kAhead][2] = {};

          // Visits the lanes whose quad starts inside the grid, with their slots and first column.
          auto for_each_lane = [&](auto&& visit) {
            Kokkos::parallel_for(Kokkos::TeamThreadRange(team, kThreads), [&](int t) {
              const int lanes = clamp_index((width + 3) / 4 - t * kLanes, 0, kLanes);
              Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, lanes), [&](int v) {
                visit(slot_of<ExecSpace>(t), slot_of<ExecSpace>(v), 4 * (t * kLanes + v));
              });
            });
          };
          // Requests row y into dst and, for rows this chunk computes, its x-halo into halo (by
          // the threads at the block's two ends).
          auto load_row = [&](Quad(&dst)[kThreadSlots][kLaneSlots], float(&halo)[2], int y) {
            const float* row = source + y * cols + base;
            for_each_lane([&](int ts, int vs, int column) {
              if (quads) {
                dst[ts][vs] = load_quad(row + column);
              } else {
                STENCIL_UNROLL for (int c = 0; c < 4; ++c) dst[ts][vs].v[c] =
                    column + c < width ? row[column + c] : 0.0f;
              }
            });
            if (y >= chunk.begin && y < chunk.end) {
              Kokkos::parallel_for(Kokkos::TeamThreadRange(team, kThreads), [&](int t) {
                Kokkos::single(Kokkos::PerThread(team), [&]() {
                  if (t == 0 && base > 0)
                    halo[0] = row[-1];
                  if (t == kThreads - 1 && base + kWidth < cols)
                    halo[1] = row[kWidth];
                });
              });
            }
          };

          float unused_halo[2];
          if (chunk.begin > 0)
            load_row(above, unused_halo, chunk.begin - 1);
          load_row(centre, centre_halo, chunk.begin);
          STENCIL_UNROLL
          for (int r = 0; r < kAhead; ++r) {
            if (chunk.begin + 1 + r <= last_row_needed)
              load_row(ring[r], ring_halo[r], chunk.begin + 1 + r);
          }

          for (int y_block = chunk.begin; y_block < chunk.end; y_block += kAhead) {
            STENCIL_UNROLL
            for (int r = 0; r < kAhead; ++r) {
              const int y = y_block + r;
              if (y >= chunk.end)
                break;  // team-uniform
              const int buffer = (y & 1) * (kWidth + 2);
              for_each_lane([&](int ts, int vs, int column) {
                STENCIL_UNROLL for (int c = 0; c < 4; ++c) published(buffer + 1 + column + c) =
                    centre[ts][vs].v[c];
              });
              Kokkos::parallel_for(Kokkos::TeamThreadRange(team, kThreads), [&](int t) {
                Kokkos::single(Kokkos::PerThread(team), [&]() {
                  if (t == 0)
                    published(buffer) = centre_halo[0];
                  if (t == kThreads - 1)
                    published(buffer + kWidth + 1) = centre_halo[1];
                });
              });
              team.team_barrier();  // row y visible; this buffer is rewritten after the next one

              const bool interior_row = y > 0 && y < rows - 1;
              float* const row_out = target + y * cols + base;
              for_each_lane([&](int ts, int vs, int column) {
                const Quad& mid = centre[ts][vs];
                const float before = published(buffer + column);
                const float after = published(buffer + column + 5);
                Quad result;
                STENCIL_UNROLL for (int c = 0; c < 4; ++c) {
                  const float left = c > 0 ? mid.v[c - 1] : before;
                  const float right = c < 3 ? mid.v[c + 1] : after;
                  const int x = base + column + c;
                  const float updated =
                      five_point(mid.v[c], left, right, above[ts][vs].v[c], ring[r][ts][vs].v[c]);
                  result.v[c] = interior_row && x > 0 && x < cols - 1 ? updated : mid.v[c];
                }
                if (quads) {
                  store_quad(row_out + column, result);
                } else {
                  STENCIL_UNROLL for (int c = 0; c < 4; ++c) {
                    if (column + c < width)
                      row_out[column + c] = result.v[c];
                  }
                }
                // Roll the window: y becomes y-1, y+1 (the ring slot just consumed) becomes y.
                above[ts][vs] = mid;
                centre[ts][vs] = ring[r][ts][vs];
              });
              centre_halo[0] = ring_halo[r][0];
              centre_halo[1] = ring_halo[r][1];
              if (y + 1 + kAhead <= last_row_needed)  // refill the slot, kAhead rows ahead
                load_row(ring[r], ring_halo[r], y + 1 + kAhead);
            }
          }
        });
  }
}

#define INSTANTIATE(Space) STENCIL_INSTANTIATE_STEP(stream_step, Space)
STENCIL_FOR_EACH_KOKKOS_SPACE(INSTANTIATE)

}  // namespace stencil::kokkos
