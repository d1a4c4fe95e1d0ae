// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// temporal, the portable form of src/cuda/temporal.cu: k iterations fused into one pass
// over the grid, so the grid crosses memory once per k iterations instead of once per iteration.
//
// Register streaming with a skewed wavefront, as the native kernel, written with Kokkos' team
// loops:
//  * A team owns 1024 input columns (256 members x one 16-byte Quad of 4 consecutive columns; 512
//    columns of 128 members at k = 8, see below) and produces the 1024 - 2k columns in the middle:
//    each fused level loses one valid column per side, so the overlap between neighbouring teams is
//    recomputed rather than exchanged.
//  * The team walks its chunk of rows downwards in "steps". At step j, level 0 brings in input
//    row j, and level t (1..k) computes row j - 2t from level t-1's rows j-2t-1 .. j-2t+1, which
//    level t-1 produced at steps j-3 .. j-1. Every dependency comes from an earlier step, so all
//    levels work at once and one team barrier per step publishes their rows.
//  * Each member keeps, per level, the last three rows of its four columns (the vertical window)
//    in registers. Only a member's first and last
//    column have x neighbours in other members: each level publishes those two values per member in
//    team scratch, and the level above reads them two steps later (three rotating buffers).
//  * Input rows are requested kAhead steps early, so loads overlap the arithmetic.
// Every cell update is stencil::five_point on exactly the values k single steps would use, and
// border cells copy their centre at every level, so the result is bit-identical to k steps.
// This is the device form: one member per GPU thread, as the native 256-thread block. A host space
// runs the time-skewed row bands of host_wavefront.hpp instead.
#include <algorithm>

#include "kokkos/host_wavefront.hpp"
#include "kokkos/kernels.hpp"
#include "kokkos/quad.hpp"
#include "kokkos/team_policy.hpp"
#include "stencil/arithmetic.hpp"
#include "stencil/cell_offset.hpp"
#include "stencil/unroll.hpp"

namespace stencil::kokkos {
namespace temporal_detail {

constexpr int kVectorLanes = 32;
constexpr int kAhead = 2;  // input rows requested ahead of use

// Index is the offset type (cell_offset.hpp).
template <int kFuse, class Index, class ExecSpace>
void temporal_fused(const ExecSpace& space, const ConstDeviceView<ExecSpace>& in,
                    const DeviceView<ExecSpace>& out, int rows, int cols, int chunks) {
  // 256 members, but 128 at k = 8: the published edges (6 k floats per member) must fit the 48 KB
  // of shared memory a block may ask for without an opt-in that Kokkos 3.4 does not make.
  constexpr int kTeamThreads = kFuse < 8 ? 8 : 4;
  constexpr int kTeamMembers = kTeamThreads * kVectorLanes;
  constexpr int kBlockInput = 4 * kTeamMembers;  // input columns a team holds
  constexpr int kEdgePitch = kTeamMembers + 2;   // one value per member, one pad each side
  constexpr int kBlockOutput = kBlockInput - 2 * kFuse;
  // Per level 0..kFuse-1 and rotation 0..2: the first columns of all members, then the last.
  constexpr int kEdgeFloats = kFuse * 3 * 2 * kEdgePitch;
  const int column_blocks = (cols + kBlockOutput - 1) / kBlockOutput;
  if (chunks <= 0) {
    // Auto: enough teams for every core (a host), or at most one wave of two teams per
    // multiprocessor's 2048 threads (a device: a second, partial wave would double the time);
    // each chunk at least 64 rows (its 2k-row overlap is recomputed).
    const int teams =
        kRunsOnHost<ExecSpace> ? 4 * space.concurrency() : std::max(space.concurrency() / 1024, 1);
    const int fit = kRunsOnHost<ExecSpace> ? (teams + column_blocks - 1) / column_blocks
                                           : teams / column_blocks;
    chunks = std::max(1, std::min(fit, rows / 64));
  }
  const float* const source = in.data();
  float* const target = out.data();
  const auto policy = team_policy<kTeamMembers>(space, column_blocks * chunks,
                                                TeamShape{kTeamThreads, kVectorLanes}, kEdgeFloats);
  using Member = typename decltype(policy)::member_type;

  Kokkos::parallel_for(
      "stencil::kokkos::temporal", policy, KOKKOS_LAMBDA(const Member& team) {
        const int first_column = (team.league_rank() % column_blocks) * kBlockOutput - kFuse;
        const RowChunk chunk = row_chunk(rows, chunks, team.league_rank() / column_blocks);
        if (chunk.empty())
          return;  // whole team: it must not reach a barrier the others wait on
        ScratchView<ExecSpace> edges(team.team_scratch(0), kEdgeFloats);
        auto firsts = [&](int level, int rotation) {
          return (level * 3 + rotation) * 2 * kEdgePitch;
        };
        auto lasts = [&](int level, int rotation) { return firsts(level, rotation) + kEdgePitch; };

        // Output columns of this team: the middle kBlockOutput, clipped to the array.
        const int out_begin = first_column + kFuse > 0 ? first_column + kFuse : 0;
        const int out_end =
            first_column + kFuse + kBlockOutput < cols ? first_column + kFuse + kBlockOutput : cols;
        // Input rows the chunk needs: kFuse above and below its own rows, clipped to the array.
        const int load_begin = chunk.begin - kFuse > 0 ? chunk.begin - kFuse : 0;
        const int load_end = chunk.end + kFuse < rows ? chunk.end + kFuse : rows;

        // history[t][0..2]: level t's rows produced at steps j-1, j-2, j-3 (newest first).
        Quad history[kFuse][3];
        Quad ahead[kAhead];

        // Visits every member with its index and its first column: a flat TeamVectorRange, one
        // member per thread (team_policy.hpp), so a member's window and ring stay in its registers.
        auto for_each_member = [&](auto&& visit) {
          Kokkos::parallel_for(Kokkos::TeamVectorRange(team, kTeamMembers),
                               [&](int member) { visit(member, first_column + 4 * member); });
        };
        // Requests input row y for one member; rows no needed cell uses are skipped.
        auto load = [&](Quad& q, int y, int x0) {
          if (y < load_begin || y >= load_end)
            return;
          const float* row = source + row_offset<Index>(y, cols);
          if (cols % 4 == 0 && x0 % 4 == 0 && x0 >= 0 && x0 + 4 <= cols) {  // aligned, inside
            q = load_quad(row + x0);
          } else {
            STENCIL_UNROLL
            for (int c = 0; c < 4; ++c) {
              if (x0 + c >= 0 && x0 + c < cols)
                q.v[c] = row[x0 + c];
            }
          }
        };

        const int j_begin = chunk.begin - kFuse;  // level 0 row of the first step
        const int j_end = chunk.end + 2 * kFuse;
        STENCIL_UNROLL
        for (int a = 0; a < kAhead; ++a) {
          for_each_member([&](int, int x0) { load(ahead[a], j_begin + a, x0); });
        }

        for (int j_block = j_begin; j_block < j_end; j_block += kAhead) {
          STENCIL_UNROLL
          for (int a = 0; a < kAhead; ++a) {
            const int j = j_block + a;
            if (j >= j_end)
              break;  // team-uniform
            const int rotation = (j - j_begin) % 3;
            const int read_rotation = (j - j_begin + 1) % 3;  // the rotation of step j - 2
            const int y_out = j - 2 * kFuse;
            const bool store = y_out >= chunk.begin && y_out < chunk.end;

            for_each_member([&](int member, int x0) {
              Quad produced[kFuse + 1];
              produced[0] = ahead[a];
              load(ahead[a], j + kAhead, x0);  // refill: kAhead steps before its use

              STENCIL_UNROLL
              for (int t = 1; t <= kFuse; ++t) {
                const int y = j - 2 * t;  // the row level t computes at this step
                const bool row_border = y == 0 || y == rows - 1;
                const Quad& below = history[t - 1][0];
                const Quad& centre = history[t - 1][1];
                const Quad& above = history[t - 1][2];
                // Member i's values sit at index i + 1: the left neighbour is the previous member's
                // last column, the right neighbour the next member's first (pads at the ends).
                const float left_edge = edges(lasts(t - 1, read_rotation) + member);
                const float right_edge = edges(firsts(t - 1, read_rotation) + member + 2);
                STENCIL_UNROLL
                for (int c = 0; c < 4; ++c) {
                  const float left = c > 0 ? centre.v[c - 1] : left_edge;
                  const float right = c < 3 ? centre.v[c + 1] : right_edge;
                  const bool border = row_border || x0 + c == 0 || x0 + c == cols - 1;
                  const float updated =
                      five_point(centre.v[c], left, right, above.v[c], below.v[c]);
                  produced[t].v[c] = border ? centre.v[c] : updated;
                }
              }

              // Publish levels 0..kFuse-1 for the level above; store the last level's row.
              STENCIL_UNROLL
              for (int t = 0; t < kFuse; ++t) {
                edges(firsts(t, rotation) + member + 1) = produced[t].v[0];
                edges(lasts(t, rotation) + member + 1) = produced[t].v[3];
              }
              if (store) {
                float* dst = target + row_offset<Index>(y_out, cols) + x0;
                if (cols % 4 == 0 && x0 % 4 == 0 && x0 >= out_begin && x0 + 4 <= out_end) {
                  store_quad(dst, produced[kFuse]);
                } else {
                  STENCIL_UNROLL
                  for (int c = 0; c < 4; ++c) {
                    if (x0 + c >= out_begin && x0 + c < out_end)
                      dst[c] = produced[kFuse].v[c];
                  }
                }
              }
              // The window moves down one step (this member's own values: no barrier needed).
              STENCIL_UNROLL
              for (int t = 0; t < kFuse; ++t) {
                history[t][2] = history[t][1];
                history[t][1] = history[t][0];
                history[t][0] = produced[t];
              }
            });
            team.team_barrier();  // this step's edges are published; the buffer rewritten next
                                  // step was last read in this one
          }
        }
      });
}

}  // namespace temporal_detail

template <int kFuse, class ExecSpace>
void temporal_step(const ExecSpace& space, const ConstDeviceView<ExecSpace>& in,
                   const DeviceView<ExecSpace>& out, int rows, int cols, int chunks) {
  if constexpr (kRunsOnHost<ExecSpace>) {
    // Host form (host_wavefront.hpp): time-skewed row bands, as src/openmp/temporal.cpp.
    host_form::step_fused_bands<kFuse>(space, "stencil::kokkos::temporal", in, out, rows, cols,
                                       chunks);
  } else if (offsets_fit_int(rows, cols)) {
    temporal_detail::temporal_fused<kFuse, int>(space, in, out, rows, cols, chunks);
  } else {
    temporal_detail::temporal_fused<kFuse, std::int64_t>(space, in, out, rows, cols, chunks);
  }
}

#define INSTANTIATE_FUSE(Space, Fuse) \
  template void temporal_step<Fuse, Space>(STENCIL_KOKKOS_STEP_PARAMETERS(Space));
#define INSTANTIATE(Space)   \
  INSTANTIATE_FUSE(Space, 1) \
  INSTANTIATE_FUSE(Space, 2) INSTANTIATE_FUSE(Space, 4) INSTANTIATE_FUSE(Space, 8)
STENCIL_FOR_EACH_KOKKOS_SPACE(INSTANTIATE)

}  // namespace stencil::kokkos
