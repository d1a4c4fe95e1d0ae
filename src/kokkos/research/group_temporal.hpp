// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// temporal's deep form: k = G x L iterations fused into one pass. A team's members form G groups
// of W; each group holds L levels of C columns per member in registers and hands its last
// level's rows to the next group through team scratch. The portable twin of
// src/cuda/research/warp_temporal_kernel.cuh.
//
// Why: the shallow form (temporal.cpp) keeps every level in each member's registers and
// publishes every level's edges, so its depth stops at 8, where the registers and the 48 KB of
// team scratch that Kokkos gives a CUDA team run out. Here a member holds L levels at any depth,
// and the scratch holds only the rows handed between groups, the staged input and output rows,
// and two edge values per member and level.
//
// Shape (Shape<T, G, L, C, W, teams per multiprocessor, steps per unrolled block>):
//  * Member m is member w = m % W of group g = m / W. It owns the columns first_column + C w ..
//    + C - 1 at levels g L + 1 .. g L + L. The team's tile is W C columns wide and outputs its
//    middle W C - 2 k; the neighbouring teams recompute the overlap. The end members of a group
//    take a zero for their missing neighbour, a wrong value that reaches one column further in at
//    each level and never an output. stencil/tile_placement.hpp places the tiles, so that the
//    first and last teams of a row each keep one border cell at a place fixed at compile time.
//  * Step s: group g's level g L holds row s - g (L + 1) (the team's staged input row for
//    group 0, group g - 1's last level from step s - 1 otherwise), and its level g L + t
//    computes the row t below it: above and centre from earlier steps, below from this step. The
//    x neighbours of a member's end columns are the end values its neighbours published when
//    they computed the centre row, at step s - 1. The last group's rows are the output, which
//    the whole team stores one step later, coalesced.
//  * One team barrier per step. Everything read from scratch at step s was written at step
//    s - 1, so the rows and the edges rotate through B buffers (B = 2 or 3, a shape parameter)
//    with the step.
//  * Each member requests its share of the tile's input row three steps ahead into registers;
//    the window and that ring rotate with period 3. The step loop is unrolled by 3 or 6, so
//    their rotations are compile-time register names. Where the unroll is a multiple of B
//    (3 with B = 3, 6 with B = 2), the buffer is a compile-time offset into scratch too;
//    otherwise it is a run-time value whose addresses take registers. Which pays depends on the
//    register and scratch budgets: fp64 at 7 or 9 columns gains from 6 with 2 buffers (ptxas at
//    9 columns: 60 bytes of spills per thread instead of 176; 3 buffers would not fit 48 KB);
//    fp32 at 13 columns loses from 6 at N = 4096 (its code grows) and gains 1.14-1.19x from 3
//    buffers unrolled by 3 (38 KB of scratch), as docs/stream-and-temporal.md measures.
// Every update is stencil::five_point on exactly the values k single steps use, and border cells
// copy their centre at every level, so the result is bit-identical to k single steps.
//
// It is plain team code (team_rank, team scratch, team_barrier, one lane per member): on a GPU,
// W = 32 makes each group a warp; a host space with teams of G W threads runs it too, which is
// how the CPU suite checks it (tests/group_temporal_test.cpp).
#pragma once

#include <Kokkos_Core.hpp>

#include <algorithm>
#include <type_traits>

#include "kokkos/runtime/spaces.hpp"
#include "stencil/arithmetic.hpp"
#include "stencil/cell_offset.hpp"
#include "stencil/column_run.hpp"
#include "stencil/row_chunks.hpp"
#include "stencil/tile_placement.hpp"
#include "stencil/unroll.hpp"

namespace stencil::kokkos::group_temporal {

constexpr int kPeriod = 3;  // window rows per level = input rows requested ahead

template <class T, int kGroups, int kLevels, int kColumns, int kGroupWidth, int kMinTeams,
          int kStepsUnrolled, int kScratchBuffers>
struct Shape {
  using Element = T;
  static constexpr int kGroupCount = kGroups;
  static constexpr int kLevelsPerGroup = kLevels;
  static constexpr int kMemberColumns = kColumns;
  static constexpr int kWidth = kGroupWidth;
  static constexpr int kTeamsPerMultiprocessor = kMinTeams;
  static constexpr int kUnroll = kStepsUnrolled;
  // Scratch rows and edges: written at step s, read at step s + 1.
  static constexpr int kBuffers = kScratchBuffers;
  static_assert(kBuffers == 2 || kBuffers == 3, "two or three scratch buffers");
  static_assert(kUnroll == kPeriod || kUnroll == 2 * kPeriod,
                "the step loop unrolls by the window's period or twice it");
  static constexpr int kFuse = kGroups * kLevels;
  static constexpr int kMembers = kGroups * kGroupWidth;
  static constexpr int kTileInput = kGroupWidth * kColumns;
  static constexpr int kTileOutput = kTileInput - 2 * kFuse;
  static_assert(kTileOutput > 0, "the overlap of a deep pass needs more columns per member");
  using Tiles = TileGeometry<kTileInput, kFuse, kColumns>;
  // The tile's input cells each member requests per row, and output cells it stores.
  static constexpr int kRequests = (kTileInput + kMembers - 1) / kMembers;
  static constexpr int kStores = (kTileOutput + kMembers - 1) / kMembers;
  // Scratch: row set 0 (the staged input row) and 1 + g (group g's last level; the last group's
  // is the output row), kBuffers rows each; then per buffer, group and level, the members' first
  // and last columns, one value per member with a zero pad each side.
  static constexpr int kRowCells = (kGroups + 1) * kBuffers * kTileInput;
  static constexpr int kEdgePitch = kGroupWidth + 2;
  static constexpr int kEdgeCells = kBuffers * kGroups * kLevels * 2 * kEdgePitch;
  static constexpr int kScratchCells = kRowCells + kEdgeCells;
};

// One team's walk over its chunk of rows, its tile placed by `tile` (kEdges = tile.edges). Index
// is the offset type (cell_offset.hpp).
template <class S, TileEdges kEdges, class Index, class Member, class T>
KOKKOS_INLINE_FUNCTION void walk_chunk(const Member& team, const T* source, T* target, int rows,
                                       int cols, TilePlacement tile, RowChunk chunk, T* shared) {
  constexpr int kColumns = S::kMemberColumns;
  constexpr int kLevels = S::kLevelsPerGroup;
  constexpr int kGroups = S::kGroupCount;
  constexpr int kFuse = S::kFuse;
  constexpr int kTile = S::kTileInput;
  using Cells = ColumnRun<T, kColumns>;
  const int member = team.team_rank();
  const int group = member / S::kWidth;
  const int lane = member - group * S::kWidth;
  using Tiles = typename S::Tiles;
  const int first_column = tile.first_column;
  const int x0 = first_column + lane * kColumns;
  bool column_border[kColumns];
  STENCIL_UNROLL
  for (int c = 0; c < kColumns; ++c)
    column_border[c] = x0 + c == 0 || x0 + c == cols - 1;
  // A pinned tile's one border cell: the first tile's starts left of the grid. Interior tiles
  // run the same code and keep none.
  const bool keep_border = tile.edges == TileEdges::pinned &&
                           lane == (first_column < 0 ? Tiles::kLeftLane : Tiles::kRightLane);

  // Row set `set`, buffer b; this group's edges of its level `level` (0 .. L - 1), buffer b,
  // side 0 (first columns) or 1 (last columns), member w at w + 1.
  constexpr int kBuffers = S::kBuffers;
  auto row_set = [&](int set, int buffer) { return shared + (set * kBuffers + buffer) * kTile; };
  auto edges = [&](int buffer, int level, int side) {
    return shared + S::kRowCells +
           (((buffer * kGroups + group) * kLevels + level) * 2 + side) * S::kEdgePitch;
  };

  // The input row of step s, requested at step s - kPeriod: cell member + r kMembers of the tile.
  // Each request tests its row and column at every step. The mask of requests inside the grid
  // that native CUDA's kernel makes once per walk runs 0.92x here in fp32 and 1.00x in fp64
  // (docs/stream-and-temporal.md).
  const int load_begin = chunk.begin - kFuse > 0 ? chunk.begin - kFuse : 0;
  const int load_end = chunk.end + kFuse < rows ? chunk.end + kFuse : rows;
  T requested[kPeriod][S::kRequests] = {};
  auto request_row = [&](T* cells, int y) {
    const bool row_needed = y >= load_begin && y < load_end;
    STENCIL_UNROLL
    for (int r = 0; r < S::kRequests; ++r) {
      const int i = member + r * S::kMembers;
      const int x = first_column + i;
      cells[r] = row_needed && i < kTile && x >= 0 && x < cols
                     ? source[row_offset<Index>(y, cols) + static_cast<Index>(x)]
                     : T(0);
    }
  };
  auto stage_row = [&](const T* cells, T* row) {
    STENCIL_UNROLL
    for (int r = 0; r < S::kRequests; ++r) {
      const int i = member + r * S::kMembers;
      if (i < kTile)
        row[i] = cells[r];
    }
  };
  // A tile stores at most kTileOutput cells per row: a fixed count of stores keeps the step's
  // code small enough for the instruction cache (docs/stream-and-temporal.md).
  const int out_x = tile.out_begin + member;
  auto store_row = [&](const T* row, int y) {
    T* dst = target + row_offset<Index>(y, cols) + out_x;
    const T* src = row + (out_x - first_column);
    STENCIL_UNROLL
    for (int r = 0; r < S::kStores; ++r) {
      if (out_x + r * S::kMembers < tile.out_end)
        dst[r * S::kMembers] = src[r * S::kMembers];
    }
  };
  auto read_row = [&](const T* row, Cells& q) {
    STENCIL_UNROLL
    for (int c = 0; c < kColumns; ++c)
      q.v[c] = row[lane * kColumns + c];
  };
  auto write_row = [&](const Cells& q, T* row) {
    STENCIL_UNROLL
    for (int c = 0; c < kColumns; ++c)
      row[lane * kColumns + c] = q.v[c];
  };
  auto publish = [&](const Cells& q, int buffer, int level) {
    edges(buffer, level, 0)[lane + 1] = q.v[0];
    edges(buffer, level, 1)[lane + 1] = q.v[kColumns - 1];
  };

  // window[t][s % kPeriod]: level group L + t's row of step s.
  Cells window[kLevels][kPeriod] = {};
  const int lag = group * (kLevels + 1);  // group g's input row at step s is s - lag
  const int s_begin = chunk.begin - kFuse;
  // The last group's last level computes row chunk.end - 1 at step chunk.end - 1 + k + G - 1,
  // and the row is stored one step later. The walk takes whole periods: with no step skipped
  // inside one, as many input rows are in flight at each of its steps, and the compiler waits for
  // each row's own loads rather than for every load in flight. The extra steps store nothing and
  // load nothing.
  const int steps = (chunk.rows() + 2 * kFuse + kGroups + kPeriod - 1) / kPeriod * kPeriod;
  STENCIL_UNROLL
  for (int a = 0; a < kPeriod; ++a)
    request_row(requested[a], s_begin + a);
  stage_row(requested[0], row_set(0, 0));
  request_row(requested[0], s_begin + kPeriod);
  team.team_barrier();

  // Step s, the i-th of the walk and the index-th of its unrolled block; `now` is its rotation.
  constexpr bool kBufferKnown = S::kUnroll % kBuffers == 0;
  auto step = [&](auto index_constant, auto row_borders_constant, int s, int i) {
    constexpr int index = decltype(index_constant)::value;
    constexpr bool kRowBorders = decltype(row_borders_constant)::value;
    constexpr int now = index % kPeriod;
    constexpr int next = (now + 1) % kPeriod;
    constexpr int previous = (now + kPeriod - 1) % kPeriod;
    constexpr int earlier = (now + kPeriod - 2) % kPeriod;
    // The buffers of step s, of step s - 1 and of step s + 1 (with two, the last two are one).
    const int written =
        kBufferKnown ? index % kBuffers : static_cast<int>(static_cast<unsigned>(i) % kBuffers);
    const int published = written == 0 ? kBuffers - 1 : written - 1;
    const int upcoming = written == kBuffers - 1 ? 0 : written + 1;
    // The last group's row of step s - 1, and the input row of step s + 1.
    const int y_stored = s - 1 - (kFuse + kGroups - 1);
    if (y_stored >= chunk.begin && y_stored < chunk.end)
      store_row(row_set(kGroups, published), y_stored);
    // A period's first step stages its row after its updates: the compiler waits there for
    // every load in flight (it cannot count them across the loop's back edge or the test of the
    // second period), and by then the newest of them has had two steps to arrive.
    constexpr bool kStageLate = now == 0;
    auto stage_and_request = [&] {
      stage_row(requested[next], row_set(0, upcoming));
      request_row(requested[next], s + 1 + kPeriod);
    };
    if constexpr (!kStageLate)
      stage_and_request();

    const int y_in = s - lag;
    read_row(group == 0 ? row_set(0, written) : row_set(group, published), window[0][now]);
    publish(window[0][now], written, 0);
    Cells last;
    STENCIL_UNROLL
    for (int t = 1; t <= kLevels; ++t) {
      const Cells& above = window[t - 1][earlier];
      const Cells& centre = window[t - 1][previous];
      const Cells& below = window[t - 1][now];
      const T left_edge = edges(published, t - 1, 1)[lane];
      const T right_edge = edges(published, t - 1, 0)[lane + 2];
      Cells& produced = t < kLevels ? window[t < kLevels ? t : 0][now] : last;
      bool row_border = false;
      if constexpr (kRowBorders) {
        const int y = y_in - t;
        row_border = y == 0 || y == rows - 1;
      }
      update_run<kEdges == TileEdges::any, kColumns>(above, centre, below, left_edge, right_edge,
                                                     kRowBorders && row_border, column_border,
                                                     produced);
      if constexpr (kEdges == TileEdges::pinned)
        keep_border_cell<Tiles::kBorderColumn>(centre, keep_border, produced);
      if (t < kLevels)
        publish(produced, written, t);
    }
    write_row(last, row_set(group + 1, written));
    if constexpr (kStageLate)
      stage_and_request();
    team.team_barrier();
  };

  // Rows computed at step s: s - l - g for level l = g L + t, from s - 1 to s - k - (G - 1).
  constexpr int kDeepest = kFuse + kGroups - 1;
  auto meets_border_row = [&](int s_first, int s_last) {
    return (s_last >= 1 && s_first <= kDeepest) ||
           (s_last >= rows && s_first <= rows - 1 + kDeepest);
  };
  for (int s_block = 0; s_block < steps; s_block += S::kUnroll) {
    const int s = s_begin + s_block;
    auto block = [&](auto row_borders) {
      // A second period past the walk's end is skipped (team-uniform).
      auto step_if_inside = [&](auto index_constant) {
        constexpr int index = decltype(index_constant)::value;
        if (index < kPeriod || (index < S::kUnroll && s_block + kPeriod < steps))
          step(index_constant, row_borders, s + index, s_block + index);
      };
      step_if_inside(std::integral_constant<int, 0>{});
      step_if_inside(std::integral_constant<int, 1>{});
      step_if_inside(std::integral_constant<int, 2>{});
      step_if_inside(std::integral_constant<int, 3>{});
      step_if_inside(std::integral_constant<int, 4>{});
      step_if_inside(std::integral_constant<int, 5>{});
    };
    if (meets_border_row(s, s + S::kUnroll - 1))
      block(std::true_type{});
    else
      block(std::false_type{});
  }
}

// Teams of S resident at once on `space`: on a GPU, S::kTeamsPerMultiprocessor per
// multiprocessor (Kokkos' CUDA concurrency counts 2048 threads per multiprocessor); on a host,
// one team per S::kMembers threads.
template <class S, class ExecSpace>
int resident_teams(const ExecSpace& space) {
  const int threads = static_cast<int>(space.concurrency());
  const int teams =
      kRunsOnHost<ExecSpace> ? threads / S::kMembers : threads / 2048 * S::kTeamsPerMultiprocessor;
  return std::max(teams, 1);
}

// One pass of S::kFuse iterations from `in` to `out` in `chunks` row chunks (0: one wave of
// resident teams, chunks of at least 64 rows). The space must run teams of S::kMembers threads.
template <class S, class Index, class ExecSpace, class T = typename S::Element>
void pass(const ExecSpace& space, const ConstDeviceView<T, ExecSpace>& in,
          const DeviceView<T, ExecSpace>& out, int rows, int cols, int chunks) {
  const int column_blocks = S::Tiles::tiles(cols);
  if (chunks <= 0)
    chunks = wave_filling_chunks(resident_teams<S>(space), column_blocks, rows, 64);
  using Policy =
      Kokkos::TeamPolicy<ExecSpace, Kokkos::LaunchBounds<S::kMembers, S::kTeamsPerMultiprocessor>>;
  Policy policy(space, column_blocks * chunks, S::kMembers, 1);
  policy.set_scratch_size(
      0, Kokkos::PerTeam(scratch_bytes<ExecSpace>(TeamScratch<T>{S::kScratchCells})));
  const T* const source = in.data();
  T* const target = out.data();
  using TeamMember = typename Policy::member_type;
  Kokkos::parallel_for(
      "stencil::kokkos::temporal_groups", policy, KOKKOS_LAMBDA(const TeamMember& team) {
        const RowChunk chunk = row_chunk(rows, chunks, team.league_rank() / column_blocks);
        if (chunk.empty())
          return;  // whole team: it must not reach a barrier the others wait on
        ScratchView<T, ExecSpace> scratch(team.team_scratch(0), S::kScratchCells);
        T* const shared = scratch.data();
        // Edge pads and buffers not yet written are read only for cells no output needs; zero
        // them so that every read is of initialised memory.
        for (int i = team.team_rank(); i < S::kScratchCells; i += S::kMembers)
          shared[i] = T(0);
        team.team_barrier();
        const TilePlacement tile =
            place_tile<typename S::Tiles>(team.league_rank() % column_blocks, cols);
        // Interior tiles run the pinned tiles' code, as native CUDA's (one code path resident).
        if (tile.edges == TileEdges::any)
          walk_chunk<S, TileEdges::any, Index>(team, source, target, rows, cols, tile, chunk,
                                               shared);
        else
          walk_chunk<S, TileEdges::pinned, Index>(team, source, target, rows, cols, tile, chunk,
                                                  shared);
      });
}

}  // namespace stencil::kokkos::group_temporal
