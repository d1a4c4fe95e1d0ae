// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// temporal, the portable form of src/cuda/research/temporal_kernel.cuh: k iterations fused into one
// pass over the grid, so the grid crosses memory once per k iterations instead of once per
// iteration.
//
// Register streaming with a skewed wavefront, as the native kernel, written with Kokkos' team
// loops:
//  * A team of M members owns qM input columns (one 16-byte Quad of q consecutive columns per
//    member: q = 4 floats or 2 doubles, quad.hpp) and produces the qM - 2h in the middle, h = k
//    rounded up to whole members: each fused level loses one valid column per side, so the
//    overlap between neighbouring teams is recomputed rather than exchanged, and whole members
//    of overlap keep every team 16-byte aligned. M is the fewest whole warps of members (at most
//    256, fewer where the published edges would not fit, see below) that give the grid as few
//    column blocks as the widest team would.
//  * The team walks its chunk of rows downwards in "steps". At step j, level 0 brings in input
//    row j, and level t (1..k) computes row j - t from level t-1's rows j-t-1 .. j-t+1, which
//    level t-1 produced at steps j-2 .. j. Only the centre row's x neighbours cross members, and
//    that row was published at step j-1, so one team barrier per step publishes every level.
//  * Each member keeps, per level, the last three rows of its q columns (the vertical window)
//    in registers. Only a member's first and last column have x neighbours in other members:
//    each level publishes those two values per member in team scratch, and the level above
//    reads them one step later.
//  * The window, the scratch buffers and the ring of input rows requested ahead all rotate with
//    period 3, and the step loop is unrolled by 3, so every rotation is fixed at compile time.
//  * Border handling stays off the hot path: a team with no border column and no column outside
//    the grid runs a form without column tests, and only the steps where some level meets row 0
//    or the last row test rows.
// Every cell update is stencil::five_point on exactly the values k single steps would use, and
// border cells copy their centre at every level, so the result is bit-identical to k steps.
// This is the device form of shallow passes (float up to k = 8, double up to k = 2): one member
// per GPU thread, as the native block. Deeper passes split the levels between groups of members
// (group_temporal.hpp). A host space runs the time-skewed row bands of host_wavefront.hpp at
// every depth.
#include <algorithm>
#include <cstddef>
#include <type_traits>

#include "kokkos/kernels.hpp"
#include "kokkos/research/group_temporal.hpp"
#include "kokkos/research/host_wavefront.hpp"
#include "kokkos/research/quad.hpp"
#include "kokkos/runtime/team_policy.hpp"
#include "stencil/arithmetic.hpp"
#include "stencil/cell_offset.hpp"
#include "stencil/pipelined_shape.hpp"
#include "stencil/unroll.hpp"

namespace stencil::kokkos {
namespace temporal_detail {

constexpr int kVectorLanes = 32;
constexpr int kPeriod = 3;  // rows per level window = scratch buffers per level = input rows ahead

// Cells of the published edges of a team whose widest form has `members` members: per level
// 0..kFuse-1 and rotation 0..2, the first columns of all members, then the last, each row one
// value per member with one pad each side.
template <int kFuse>
constexpr int edge_cells(int members) {
  return kFuse * kPeriod * 2 * (members + 2);
}

// Members of the widest team: 256, halved until the published edges fit the 48 KB of shared
// memory a block may ask for without an opt-in that Kokkos 3.4 does not make (with room for the
// few bytes Kokkos keeps per team): 128 at k = 8 in float (double runs this form up to k = 2).
template <int kFuse, class T>
constexpr int max_members() {
  constexpr std::size_t kEdgeBudget = 46 * 1024;
  int members = 256;
  while (static_cast<std::size_t>(edge_cells<kFuse>(members)) * sizeof(T) > kEdgeBudget)
    members /= 2;
  return members;
}
template <int kFuse, class T>
constexpr int kMaxMembers = max_members<kFuse, T>();

// Input columns a team holds beyond its output on each side: at least kFuse, rounded up to
// whole members, so that every team's first column is 16-byte aligned wherever the rows are.
template <int kFuse, class T>
constexpr int halo_columns() {
  constexpr int kQuad = kQuadCells<T>;
  return (kFuse + kQuad - 1) / kQuad * kQuad;
}
template <int kFuse, class T>
constexpr int kHalo = halo_columns<kFuse, T>();

// Members per team: the fewest whole warps whose teams cover cols in as few column blocks as the
// widest team would.
template <int kFuse, class T>
int team_members(int cols) {
  constexpr int kQuad = kQuadCells<T>;
  const int widest_output = kQuad * kMaxMembers<kFuse, T> - 2 * kHalo<kFuse, T>;
  const int column_blocks = (cols + widest_output - 1) / widest_output;
  const int output = (cols + column_blocks - 1) / column_blocks;
  const int members = (output + 2 * kHalo<kFuse, T> + kQuad - 1) / kQuad;
  const int warps = (members + kVectorLanes - 1) / kVectorLanes;
  return std::min(warps * kVectorLanes, kMaxMembers<kFuse, T>);
}

// Index is the offset type (cell_offset.hpp).
template <int kFuse, class Index, class T, class ExecSpace>
void temporal_fused(const ExecSpace& space, const ConstDeviceView<T, ExecSpace>& in,
                    const DeviceView<T, ExecSpace>& out, int rows, int cols, int chunks) {
  constexpr int kQuad = kQuadCells<T>;  // columns per member
  constexpr int kMaxTeam = kMaxMembers<kFuse, T>;
  // Every team's scratch has the widest team's pitch, so each scratch index is a member's base
  // plus a constant.
  constexpr int kEdgePitch = kMaxTeam + 2;  // one value per member, one pad each side
  constexpr int kEdgeCells = edge_cells<kFuse>(kMaxTeam);
  // Two teams per multiprocessor up to k = 4 (128 registers), as the native kernel.
  constexpr int kMinTeams = kFuse <= 4 ? 2 : 1;
  const int members = team_members<kFuse, T>(cols);
  const int team_input = kQuad * members;  // input columns a team holds
  constexpr int kSide = kHalo<kFuse, T>;
  const int team_output = team_input - 2 * kSide;
  const int column_blocks = (cols + team_output - 1) / team_output;
  if (chunks <= 0) {
    // At most one wave of two teams per multiprocessor's 2048 threads (a second, partial wave
    // would double the time); each chunk at least 64 rows (its 2k-row overlap is recomputed).
    const int teams = std::max(space.concurrency() / 1024, 1);
    chunks = std::max(1, std::min(teams / column_blocks, rows / 64));
  }
  const T* const source = in.data();
  T* const target = out.data();
  const auto policy = team_policy<kMaxTeam, kMinTeams>(
      space, column_blocks * chunks, TeamShape{members / kVectorLanes, kVectorLanes},
      TeamScratch<T>{static_cast<std::size_t>(kEdgeCells)});
  using Member = typename decltype(policy)::member_type;

  Kokkos::parallel_for(
      "stencil::kokkos::temporal", policy, KOKKOS_LAMBDA(const Member& team) {
        const int first_column = (team.league_rank() % column_blocks) * team_output - kSide;
        const RowChunk chunk = row_chunk(rows, chunks, team.league_rank() / column_blocks);
        if (chunk.empty())
          return;  // whole team: it must not reach a barrier the others wait on
        ScratchView<T, ExecSpace> edges(team.team_scratch(0), kEdgeCells);
        // Level t's first columns of all members for rotation r; its last columns follow.
        auto firsts = [&](int level, int rotation) {
          return (level * kPeriod + rotation) * 2 * kEdgePitch;
        };

        // Output columns of this team: the middle team_output, clipped to the array.
        const int out_begin = first_column + kSide > 0 ? first_column + kSide : 0;
        const int out_end =
            first_column + team_input - kSide < cols ? first_column + team_input - kSide : cols;
        // Input rows the chunk needs: kFuse above and below its own rows, clipped to the array.
        const int load_begin = chunk.begin - kFuse > 0 ? chunk.begin - kFuse : 0;
        const int load_end = chunk.end + kFuse < rows ? chunk.end + kFuse : rows;
        const int j_begin = chunk.begin - kFuse;  // level 0 row of the first step
        const int steps = chunk.rows() + 2 * kFuse;

        // Visits every member with its index and its first column: a flat TeamVectorRange, one
        // member per thread (team_policy.hpp), so a member's window and ring stay in its registers.
        auto for_each_member = [&](auto&& visit) {
          Kokkos::parallel_for(Kokkos::TeamVectorRange(team, members),
                               [&](int member) { visit(member, first_column + kQuad * member); });
        };

        // The walk; kColumnEdges: some member holds a border column, a column outside the grid,
        // or a row that is not 16-byte aligned.
        auto walk = [&](auto column_edges_constant) {
          constexpr bool kColumnEdges = decltype(column_edges_constant)::value;
          // window[t][s % kPeriod]: level t's row produced at step s; ring[s % kPeriod]: the
          // input row of step s, requested at step s - kPeriod.
          Quad<T> window[kFuse][kPeriod];
          Quad<T> ring[kPeriod];
          auto vector_ok = [&](int x0) {
            return !kColumnEdges ||
                   (cols % kQuad == 0 && x0 % kQuad == 0 && x0 >= 0 && x0 + kQuad <= cols);
          };
          // Requests input row y for one member; rows no needed cell uses are skipped.
          auto load = [&](Quad<T>& q, int y, int x0) {
            if (y < load_begin || y >= load_end)
              return;
            const T* row = source + row_offset<Index>(y, cols);
            if (vector_ok(x0)) {
              q = load_quad(row + x0);
            } else {
              STENCIL_UNROLL
              for (int c = 0; c < kQuad; ++c) {
                if (x0 + c >= 0 && x0 + c < cols)
                  q.v[c] = row[x0 + c];
              }
            }
          };
          auto store = [&](const Quad<T>& r, int y, int x0) {
            T* dst = target + row_offset<Index>(y, cols) + x0;
            if (vector_ok(x0) && x0 >= out_begin && x0 + kQuad <= out_end) {
              store_quad(dst, r);
            } else if (kColumnEdges) {
              STENCIL_UNROLL
              for (int c = 0; c < kQuad; ++c) {
                if (x0 + c >= out_begin && x0 + c < out_end)
                  dst[c] = r.v[c];
              }
            }
          };

          STENCIL_UNROLL
          for (int a = 0; a < kPeriod; ++a) {
            for_each_member([&](int, int x0) { load(ring[a], j_begin + a, x0); });
          }

          // One step; `now` is its rotation. kRowBorders: some level's row may be a border row.
          auto step = [&](auto now_constant, auto row_borders_constant, int j) {
            constexpr int now = decltype(now_constant)::value;
            constexpr bool kRowBorders = decltype(row_borders_constant)::value;
            constexpr int previous = (now + kPeriod - 1) % kPeriod;
            constexpr int earlier = (now + kPeriod - 2) % kPeriod;
            const int y_out = j - kFuse;
            const bool store_row = y_out >= chunk.begin && y_out < chunk.end;

            for_each_member([&](int member, int x0) {
              window[0][now] = ring[now];
              load(ring[now], j + kPeriod, x0);  // refill: kPeriod steps before its use
              Quad<T> last_level;
              STENCIL_UNROLL
              for (int t = 1; t <= kFuse; ++t) {
                const Quad<T>& above = window[t - 1][earlier];
                const Quad<T>& centre = window[t - 1][previous];
                const Quad<T>& below = window[t - 1][now];
                // Member i's values sit at index i + 1: the left neighbour is the previous
                // member's last column, the right neighbour the next member's first.
                const int published = firsts(t - 1, previous);
                const T left_edge = edges(published + kEdgePitch + member);
                const T right_edge = edges(published + member + 2);
                Quad<T>& produced = t < kFuse ? window[t < kFuse ? t : 0][now] : last_level;
                bool row_border = false;
                if constexpr (kRowBorders) {
                  const int y = j - t;  // the row level t computes at this step
                  row_border = y == 0 || y == rows - 1;
                }
                STENCIL_UNROLL
                for (int c = 0; c < kQuad; ++c) {
                  const T left = c > 0 ? centre.v[c - 1] : left_edge;
                  const T right = c < kQuad - 1 ? centre.v[c + 1] : right_edge;
                  const T updated = five_point(centre.v[c], left, right, above.v[c], below.v[c]);
                  produced.v[c] = kRowBorders && row_border ? centre.v[c] : updated;
                }
                if constexpr (kColumnEdges) {
                  STENCIL_UNROLL
                  for (int c = 0; c < kQuad; ++c) {
                    if (x0 + c == 0 || x0 + c == cols - 1)
                      produced.v[c] = centre.v[c];
                  }
                }
              }

              // Publish levels 0..kFuse-1 for the level above; store the last level's row.
              STENCIL_UNROLL
              for (int t = 0; t < kFuse; ++t) {
                edges(firsts(t, now) + member + 1) = window[t][now].v[0];
                edges(firsts(t, now) + kEdgePitch + member + 1) = window[t][now].v[kQuad - 1];
              }
              if (store_row)
                store(last_level, y_out, x0);
            });
            team.team_barrier();  // this step's edges are published; the buffer rewritten next
                                  // was last read two steps ago
          };

          // Rows level t meets at step j: j - t, for t = 1..kFuse.
          auto meets_border_row = [&](int j_first, int j_last) {
            return (j_last >= 1 && j_first <= kFuse) ||
                   (j_last >= rows && j_first <= rows - 1 + kFuse);
          };
          for (int s_block = 0; s_block < steps; s_block += kPeriod) {
            const int j_block = j_begin + s_block;
            auto period = [&](auto row_borders) {
              step(std::integral_constant<int, 0>{}, row_borders, j_block);
              if (s_block + 1 < steps)  // team-uniform
                step(std::integral_constant<int, 1>{}, row_borders, j_block + 1);
              if (s_block + 2 < steps)
                step(std::integral_constant<int, 2>{}, row_borders, j_block + 2);
            };
            if (meets_border_row(j_block, j_block + kPeriod - 1))
              period(std::true_type{});
            else
              period(std::false_type{});
          }
        };

        // Inside: every member's columns are in the grid, none is a border column, and all are
        // 16-byte aligned.
        const bool inside = cols % kQuad == 0 && first_column % kQuad == 0 && first_column >= 1 &&
                            first_column + team_input <= cols - 1;
        if (inside)
          walk(std::false_type{});
        else
          walk(std::true_type{});
      });
}

// The pipelined shape of each depth and precision, native CUDA's (stencil/pipelined_shape.hpp),
// groups of members in place of warps. The step loop is unrolled by 3 in float with three
// scratch buffers and by 6 in double with two, so that every scratch offset is known at compile
// time (group_temporal.hpp says why). At k = 16 their scratch (38 KB in float, 35 KB in double)
// fits the 48 KB of a Kokkos CUDA team; double's would not with three buffers.
template <class T, int kFuse>
using PipelinedShape =
    group_temporal::Shape<T, pipelined::kGroups<kFuse>, pipelined::kLevelsPerGroup,
                          pipelined::kColumnsPerLane<T>, kVectorLanes,
                          pipelined::kBlocksPerMultiprocessor<kFuse>,
                          std::is_same_v<T, float> ? 3 : 6, std::is_same_v<T, float> ? 3 : 2>;

}  // namespace temporal_detail

template <int kFuse, class T, class ExecSpace>
void temporal_step(const ExecSpace& space, const ConstDeviceView<T, ExecSpace>& in,
                   const DeviceView<T, ExecSpace>& out, int rows, int cols, int chunks) {
  if constexpr (kRunsOnHost<ExecSpace>) {
    // Host form (host_wavefront.hpp): time-skewed row bands, as src/openmp/research/temporal.cpp.
    host_form::step_fused_bands<kFuse>(space, "stencil::kokkos::temporal", in, out, rows, cols,
                                       chunks);
  } else if constexpr (kFuse >= pipelined::kFirstDepth<T>) {
    using Deep = temporal_detail::PipelinedShape<T, kFuse>;
    if (offsets_fit_int(rows, cols))
      group_temporal::pass<Deep, int>(space, in, out, rows, cols, chunks);
    else
      group_temporal::pass<Deep, std::int64_t>(space, in, out, rows, cols, chunks);
  } else if (offsets_fit_int(rows, cols)) {
    temporal_detail::temporal_fused<kFuse, int>(space, in, out, rows, cols, chunks);
  } else {
    temporal_detail::temporal_fused<kFuse, std::int64_t>(space, in, out, rows, cols, chunks);
  }
}

#define INSTANTIATE_FUSE(space_and_type, Fuse) \
  STENCIL_INSTANTIATE_SHAPED_STEP(temporal_step, Fuse, space_and_type)
#define INSTANTIATE_TYPE(Space, T)                  \
  STENCIL_FUSE_DEPTHS(INSTANTIATE_FUSE, (Space, T)) \
  STENCIL_PIPELINED_FUSE_DEPTHS(INSTANTIATE_FUSE, (Space, T))
#define INSTANTIATE(Space) STENCIL_ELEMENT_TYPES(INSTANTIATE_TYPE, Space)
STENCIL_FOR_EACH_KOKKOS_SPACE(INSTANTIATE)

}  // namespace stencil::kokkos
