// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// stream, the portable form of src/cuda/research/stream_kernel.cuh's plain (cluster-free) shape:
// a team walks a chunk of rows of a block of quads (256 float quads, 1024 columns; 128 double
// quads, 256 columns: DeviceShape below) with rows y-1 and y in registers and a ring of the next
// kAhead rows already requested, publishing row y in a double-buffered scratch row (one barrier
// per row). Each member owns one quad of consecutive columns (quad.hpp: 4 floats or 2 doubles),
// loaded and stored as one 16-byte value where rows are 16-byte aligned (cols a multiple of the
// quad), so a warp's instruction covers 512 contiguous bytes; other widths take the same path one
// cell at a time.
#include <algorithm>

#include "kokkos/kernels.hpp"
#include "kokkos/research/quad.hpp"
#include "kokkos/runtime/host_forms.hpp"
#include "kokkos/runtime/team_policy.hpp"
#include "stencil/arithmetic.hpp"
#include "stencil/unroll.hpp"

namespace stencil::kokkos {

namespace {
// One row of a member's window: its quad, and the block's x-halo where the member is an edge
// member. Left and right stay two registers, as in the native kernel (stream_kernel.cuh's
// RowSlots): folded into one, the two predicated halo loads of a ring refill meet in a select that
// waits on both at once, so the edge members' warps, and at the next barrier the whole team, wait
// a full memory latency every row (docs/design.md, "One Kokkos kernel for host and device", has
// the measured rates).
template <class T>
struct Row {
  Quad<T> quad;
  T left = T(0);   // column base - 1, in member 0
  T right = T(0);  // column base + block width, in the last member
};

// A device team per element type (H200, perf/results/h200-2026-12-05/fp64-ab/). fp32 runs the
// native plain block: 256 members, 3 teams per SM, 4 rows ahead. In double that shape ran at
// 0.65 (N = 4096) and 0.81 (16384) of native CUDA; 128 members, 4 teams per SM and 6 rows ahead
// run at 0.93 and 0.96. The deeper ring is most of the gain (256 members, 2 per SM, 6 ahead:
// 0.88 and 0.91): a double quad is half the cells, so a row ahead holds half the bytes in flight.
template <class T>
struct DeviceShape {
  static constexpr int kTeam = 256;
  static constexpr int kTeamsPerSm = 3;
  static constexpr int kAhead = 4;  // rows in flight besides row y
};
template <>
struct DeviceShape<double> {
  static constexpr int kTeam = 128;
  static constexpr int kTeamsPerSm = 4;
  static constexpr int kAhead = 6;
};
}  // namespace

template <class T, class ExecSpace>
void stream_step(const ExecSpace& space, const ConstDeviceView<T, ExecSpace>& in,
                 const DeviceView<T, ExecSpace>& out, int rows, int cols, int chunks) {
  if constexpr (kRunsOnHost<ExecSpace>) {
    // Host form (host_forms.hpp): one band of whole rows per chunk (auto: one per thread),
    // walked top to bottom; the cache keeps the rolling rows, the prefetchers the ring ahead.
    host_form::step_row_bands(space, "stencil::kokkos::stream", in, out, rows, cols,
                              chunks > 0 ? chunks : space.concurrency(), cols);
  } else {
    // Device form (team_policy.hpp): one team member per quad, line for line the native plain
    // block; its window and ring stay in its registers from row to row.
    constexpr int kTeam = DeviceShape<T>::kTeam;
    constexpr int kTeamsPerSm = DeviceShape<T>::kTeamsPerSm;
    constexpr int kAhead = DeviceShape<T>::kAhead;
    constexpr int kQuad = kQuadCells<T>;   // columns per member
    constexpr int kWidth = kQuad * kTeam;  // columns of a block
    const int column_blocks = (cols + kWidth - 1) / kWidth;
    if (chunks <= 0) {  // auto: one wave of teams (kTeamsPerSm per 2048 device threads), or whole
                        // waves where one fills the device poorly (row_chunks.hpp), >= 128 rows
      const int teams = std::max(space.concurrency() / 2048 * kTeamsPerSm, 1);
      chunks = wave_filling_chunks(teams, column_blocks, rows, 128);
    }
    const bool quads = cols % kQuad == 0;  // 16-byte aligned rows
    const T* const source = in.data();
    T* const target = out.data();
    const auto policy = team_policy<kTeam, kTeamsPerSm>(
        space, column_blocks * chunks, TeamShape{kTeam, 1}, TeamScratch<T>{2 * (kWidth + 2)});
    using Member = typename decltype(policy)::member_type;

    Kokkos::parallel_for(
        "stencil::kokkos::stream", policy, KOKKOS_LAMBDA(const Member& team) {
          const int member = team.team_rank();
          const int base = (team.league_rank() % column_blocks) * kWidth;
          const RowChunk chunk = row_chunk(rows, chunks, team.league_rank() / column_blocks);
          if (chunk.empty())
            return;  // whole team: it must not reach a barrier the others wait on
          const int last_row_needed = chunk.end < rows - 1 ? chunk.end : rows - 1;
          const int width = cols - base < kWidth ? cols - base : kWidth;
          const int column = kQuad * member;  // the member's first column in the block
          const bool left_halo_member = member == 0 && base > 0;
          const bool right_halo_member = member == kTeam - 1 && base + kWidth < cols;
          ScratchView<T, ExecSpace> published(team.team_scratch(0), 2 * (kWidth + 2));

          // Requests the member's quad of row y into dst.quad and, for rows this chunk computes,
          // the edge members' x-halo into dst.left or dst.right.
          auto load_row = [&](Row<T>& dst, int y) {
            const T* row = source + static_cast<long>(y) * cols + base;
            if (quads) {
              if (column < width)
                dst.quad = load_quad(row + column);
            } else {
              STENCIL_UNROLL for (int c = 0; c < kQuad; ++c) dst.quad.v[c] =
                  column + c < width ? row[column + c] : T(0);
            }
            if (y >= chunk.begin && y < chunk.end) {
              if (left_halo_member)
                dst.left = row[-1];
              if (right_halo_member)
                dst.right = row[kWidth];
            }
          };

          // Rows y-1, y and the ring, each row with its x-halo (edge members).
          Quad<T> above{};
          Row<T> centre{}, ring[kAhead] = {};
          if (chunk.begin > 0) {
            Row<T> first_above{};  // its x-halo is not needed (outside the chunk)
            load_row(first_above, chunk.begin - 1);
            above = first_above.quad;
          }
          load_row(centre, chunk.begin);
          STENCIL_UNROLL
          for (int r = 0; r < kAhead; ++r) {
            if (chunk.begin + 1 + r <= last_row_needed)
              load_row(ring[r], chunk.begin + 1 + r);
          }

          for (int y_block = chunk.begin; y_block < chunk.end; y_block += kAhead) {
            STENCIL_UNROLL
            for (int r = 0; r < kAhead; ++r) {
              const int y = y_block + r;
              if (y >= chunk.end)
                break;  // team-uniform
              const int buffer = (y & 1) * (kWidth + 2);
              STENCIL_UNROLL for (int c = 0; c < kQuad; ++c) published(buffer + 1 + column + c) =
                  centre.quad.v[c];
              if (member == 0)
                published(buffer) = centre.left;
              if (member == kTeam - 1)
                published(buffer + kWidth + 1) = centre.right;
              team.team_barrier();  // row y visible; this buffer is rewritten after the next one

              if (column < width) {
                const bool interior_row = y > 0 && y < rows - 1;
                const T before = published(buffer + column);
                const T after = published(buffer + 1 + column + kQuad);
                Quad<T> result;
                STENCIL_UNROLL for (int c = 0; c < kQuad; ++c) {
                  const T left = c > 0 ? centre.quad.v[c - 1] : before;
                  const T right = c < kQuad - 1 ? centre.quad.v[c + 1] : after;
                  const int x = base + column + c;
                  const T updated =
                      five_point(centre.quad.v[c], left, right, above.v[c], ring[r].quad.v[c]);
                  result.v[c] = interior_row && x > 0 && x < cols - 1 ? updated : centre.quad.v[c];
                }
                T* const row_out = target + static_cast<long>(y) * cols + base;
                if (quads) {
                  store_quad(row_out + column, result);
                } else {
                  STENCIL_UNROLL for (int c = 0; c < kQuad; ++c) {
                    if (column + c < width)
                      row_out[column + c] = result.v[c];
                  }
                }
              }
              // Roll the window: y becomes y-1, y+1 (the ring slot just consumed) becomes y, and
              // the slot is refilled kAhead rows ahead.
              above = centre.quad;
              centre = ring[r];
              if (y + 1 + kAhead <= last_row_needed)
                load_row(ring[r], y + 1 + kAhead);
            }
          }
        });
  }
}

#define INSTANTIATE_TYPE(Space, T) STENCIL_INSTANTIATE_STEP(stream_step, Space, T)
#define INSTANTIATE(Space) STENCIL_ELEMENT_TYPES(INSTANTIATE_TYPE, Space)
STENCIL_FOR_EACH_KOKKOS_SPACE(INSTANTIATE)

}  // namespace stencil::kokkos
