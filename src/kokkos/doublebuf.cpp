// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// doublebuf (lesson 004): a team owns a 32-column strip of one row chunk and walks it down in
// stages of 32x8 outputs, each computed from a 34x10 tile (stencil/stage_tile.hpp). Two scratch
// tiles alternate: while the team computes stage k from one, the global loads of stage k+1 are
// already in flight into each member's registers, and they are stored into the other tile after the
// compute (register-staged prefetch). On the GPU that overlaps one stage's load latency with the
// previous stage's compute inside the block; on a host space a team is one thread and only the
// order is the same. The chunk height is ceil(rows / chunks), as for strip and rolling.
#include "kokkos/kernels.hpp"
#include "kokkos/runtime/host_forms.hpp"
#include "kokkos/runtime/team_policy.hpp"
#include "stencil/arithmetic.hpp"
#include "stencil/cell_offset.hpp"
#include "stencil/stage_tile.hpp"
#include "stencil/unroll.hpp"

namespace stencil::kokkos {

// Device form (team_policy.hpp): one team member per output of a stage, line for line the native
// 32x8 block; the at most two tile cells a member stages stay in its registers across the
// barrier. Barrier 2 of a stage is not needed by this register-staged copy (its write comes after
// the next stage's barrier 1 anyway); it keeps the lesson's two-barrier stage, which native
// CUDA's doublebuf_async needs, so that doublebuf here and there differ from doublebuf_async only
// in how the copy is made (docs/lesson004.md). Index is the offset type (cell_offset.hpp): with
// 64-bit offsets the fp64 kernel spills under its 32-register budget, with 32-bit ones it spills
// nothing and runs faster (docs/design.md has the figures).
template <class Index, class T, class ExecSpace>
void doublebuf_on_device(const ExecSpace& space, const ConstDeviceView<T, ExecSpace>& in,
                         const DeviceView<T, ExecSpace>& out, int rows, int cols, int chunks) {
  constexpr int kTeam = kStageWidth * kStageHeight;
  constexpr int kTileCells = stage_tile::kCells;
  constexpr int kCellSlots = (kTileCells + kTeam - 1) / kTeam;  // 2 cells per member
  const int strips = (cols + kStageWidth - 1) / kStageWidth;
  const InputView<T, ExecSpace> src = in;
  const auto policy = team_policy<kTeam, 8>(space, strips * chunks, TeamShape{kTeam, 1},
                                            TeamScratch<T>{2 * kTileCells});
  using Member = typename decltype(policy)::member_type;

  Kokkos::parallel_for(
      "stencil::kokkos::doublebuf", policy, KOKKOS_LAMBDA(const Member& team) {
        const int member = team.team_rank();
        const int x0 = (team.league_rank() % strips) * kStageWidth;
        const RowChunk chunk = row_chunk(rows, chunks, team.league_rank() / strips);
        if (chunk.empty())
          return;  // whole team: it must not reach a barrier the others wait on
        const int stages = (chunk.rows() + kStageHeight - 1) / kStageHeight;
        ScratchView<T, ExecSpace> tiles(team.team_scratch(0), 2 * kTileCells);
        // The two tiles as loop-carried pointers, swapped after each stage. Indexed through the
        // view, nvcc rebuilds a tile's address (Kokkos' scratch alignment and size check, about 20
        // instructions) at every use in the fp64 loop; a pointer carried by the loop cannot be.
        T* computing = tiles.data();
        T* filling = computing + kTileCells;
        const int tx = member % kStageWidth;
        const int ty = member / kStageWidth;
        const int x = x0 + tx;
        const int c = stage_tile::centre_index(tx, ty);

        const auto each_cell = [&](auto&& body) {
          for_each_member_cell<kTeam, kTileCells>(member, body);
        };
        // Prologue: stage 0 straight into tile 0.
        each_cell([&](int, int cell) {
          computing[cell] = src(stage_tile::source_index<Index>(cell, x0, chunk.begin, rows, cols));
        });

        T staged[kCellSlots] = {};
        for (int k = 0; k < stages; ++k) {
          const int y_stage = chunk.begin + k * kStageHeight;
          const bool prefetch = k + 1 < stages;
          if (prefetch) {  // issued now, consumed only after the compute below
            each_cell([&](int slot, int cell) {
              staged[slot] = src(
                  stage_tile::source_index<Index>(cell, x0, y_stage + kStageHeight, rows, cols));
            });
          }
          team.team_barrier();  // 1: stage k's tile is complete before anyone reads a neighbour

          const int y = y_stage + ty;
          if (x < cols && y < chunk.end)
            out(cell_offset<Index>(y, x, cols)) =
                stage_tile::output(computing, c, x, y, rows, cols);

          if (prefetch)  // the other tile was last read in stage k-1, before barrier 1
            each_cell([&](int slot, int cell) { filling[cell] = staged[slot]; });
          team.team_barrier();  // 2: everyone is done reading tile k & 1 before it is rewritten
          T* const computed = computing;
          computing = filling;
          filling = computed;
        }
      });
}

template <class T, class ExecSpace>
void doublebuf_step(const ExecSpace& space, const ConstDeviceView<T, ExecSpace>& in,
                    const DeviceView<T, ExecSpace>& out, int rows, int cols, int chunks) {
  if constexpr (kRunsOnHost<ExecSpace>) {
    // Host form (host_forms.hpp): one band of whole rows per chunk, walked top to bottom; the
    // CPU's prefetchers overlap the next rows' loads with this row's compute, the staging the GPU
    // form does by hand.
    host_form::step_row_bands(space, "stencil::kokkos::doublebuf", in, out, rows, cols, chunks,
                              cols);
  } else if (offsets_fit_int(rows, cols)) {
    doublebuf_on_device<int>(space, in, out, rows, cols, chunks);
  } else {
    doublebuf_on_device<std::int64_t>(space, in, out, rows, cols, chunks);
  }
}

#define INSTANTIATE_TYPE(Space, T) STENCIL_INSTANTIATE_STEP(doublebuf_step, Space, T)
#define INSTANTIATE(Space) STENCIL_ELEMENT_TYPES(INSTANTIATE_TYPE, Space)
STENCIL_FOR_EACH_KOKKOS_SPACE(INSTANTIATE)

}  // namespace stencil::kokkos
