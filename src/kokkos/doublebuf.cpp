// doublebuf (lesson 004): a team owns a 32-column strip of one row chunk and walks it down in
// stages of 32x8 outputs, each computed from a 34x10 tile (stencil/stage_tile.hpp). Two scratch
// tiles alternate: while the team computes stage k from one, the global loads of stage k+1 are
// already in flight into each lane's registers, and they are stored into the other tile after the
// compute (register-staged prefetch). On the GPU that overlaps one stage's load latency with the
// previous stage's compute inside the block; on a host space a team is one thread and only the
// order is the same. The chunk height is ceil(N / chunks), as for strip and rolling. The team's 256
// logical lanes (one per output of a stage, two tile cells each at most) are TeamThreadRange x
// ThreadVectorRange, shaped per space: 256 threads of one lane on the GPU (the native block), one
// thread with a vector loop over each stage row on a CPU.
#include "kokkos/kernels.hpp"
#include "kokkos/team_policy.hpp"
#include "stencil/arithmetic.hpp"
#include "stencil/stage_tile.hpp"
#include "stencil/unroll.hpp"

namespace stencil::kokkos {

template <class ExecSpace>
void doublebuf_step(const ExecSpace& space, const ConstDeviceView<ExecSpace>& in,
                    const DeviceView<ExecSpace>& out, int n, int chunks) {
  // One logical lane per output of a stage: lane = thread * kLanes + vector lane. A device runs
  // the native block, 256 team threads of one lane (no warp-level synchronisation in the lane
  // loops); a host one thread per team, vectorised over a stage row of 32 columns.
  constexpr int kTeamLanes = kStageWidth * kStageHeight;
  constexpr int kLanes = kRunsOnHost<ExecSpace> ? kStageWidth : 1;
  constexpr int kThreads = kTeamLanes / kLanes;
  constexpr int kTileCells = stage_tile::kCells;
  constexpr int kCellSlots = (kTileCells + kTeamLanes - 1) / kTeamLanes;  // 2 cells per lane
  constexpr int kStagedSlots = kRunsOnHost<ExecSpace> ? kTileCells : kCellSlots;
  const int strips = (n + kStageWidth - 1) / kStageWidth;
  const InputView<ExecSpace> src = in;
  const auto policy = team_policy<kTeamLanes, 8>(space, strips * chunks,
                                                 TeamShape{kThreads, kLanes}, 2 * kTileCells);
  using Member = typename decltype(policy)::member_type;

  Kokkos::parallel_for(
      "stencil::kokkos::doublebuf", policy, KOKKOS_LAMBDA(const Member& team) {
        const int x0 = (team.league_rank() % strips) * kStageWidth;
        const RowChunk chunk = row_chunk(n, chunks, team.league_rank() / strips);
        if (chunk.empty())
          return;  // whole team: it must not reach a barrier the others wait on
        const int stages = (chunk.rows() + kStageHeight - 1) / kStageHeight;
        ScratchView<ExecSpace> tiles(team.team_scratch(0), 2 * kTileCells);

        // Visits every cell of the stage tile whose first output row is y, with the slot that
        // stages it in the visiting thread and its global index (clamped, so halo cells past the
        // grid still hold a value; border outputs never use it). A device lane takes cells lane
        // and lane + 256 (a flat walk in image order: consecutive lanes load consecutive cells
        // of a tile row), in an unrolled loop, so its staged cells stay in registers. A host
        // thread walks the tile row by row with a vector loop over each row's columns.
        const bool clamp_columns = x0 == 0 || x0 + stage_tile::kColumns - 1 > n;
        auto for_each_tile_cell = [&](int y, auto&& visit) {
          if (kRunsOnHost<ExecSpace>) {  // a compile-time constant (nvcc's device lambdas
                                         // take no `if constexpr` around their captures)
            Kokkos::parallel_for(Kokkos::TeamThreadRange(team, kStageHeight + 2), [&](int sy) {
              const int row = clamp_index(y + sy - 1, 0, n - 1) * n;
              const int first = sy * stage_tile::kColumns;
              if (clamp_columns) {
                Kokkos::parallel_for(
                    Kokkos::ThreadVectorRange(team, stage_tile::kColumns), [&](int sx) {
                      visit(first + sx, first + sx, row + clamp_index(x0 + sx - 1, 0, n - 1));
                    });
              } else {
                Kokkos::parallel_for(
                    Kokkos::ThreadVectorRange(team, stage_tile::kColumns),
                    [&](int sx) { visit(first + sx, first + sx, row + x0 + sx - 1); });
              }
            });
          } else {
            Kokkos::parallel_for(Kokkos::TeamThreadRange(team, kThreads), [&](int t) {
              Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, kLanes), [&](int v) {
                STENCIL_UNROLL
                for (int slot = 0; slot < kCellSlots; ++slot) {
                  const int cell = t * kLanes + v + slot * kTeamLanes;
                  if (cell < kTileCells)
                    visit(cell, slot, stage_tile::source_index(cell, x0, y, n));
                }
              });
            });
          }
        };

        // Prologue: stage 0 goes straight into tile 0.
        for_each_tile_cell(chunk.begin, [&](int cell, int, int i) { tiles(cell) = src(i); });

        // Registers on the GPU, a stack array on a host.
        float staged[kStagedSlots];
        for (int k = 0; k < stages; ++k) {
          const int current = (k & 1) * kTileCells;
          const int next = kTileCells - current;
          const int y_stage = chunk.begin + k * kStageHeight;
          const bool prefetch = k + 1 < stages;
          if (prefetch) {  // issued now, consumed only after the compute below
            for_each_tile_cell(y_stage + kStageHeight,
                               [&](int, int slot, int i) { staged[slot] = src(i); });
          }
          team.team_barrier();  // 1: stage k's tile is complete before anyone reads a neighbour

          const int rows = chunk.end - y_stage < kStageHeight ? chunk.end - y_stage : kStageHeight;
          const int columns = n - x0 < kStageWidth ? n - x0 : kStageWidth;
          // Output (tx, ty) of the stage: a host thread's vector loop is a stage row (clipped to
          // the grid, so every iteration stores); a device lane is one output (t = 32 ty + tx).
          const int thread_end = kRunsOnHost<ExecSpace> ? rows : kThreads;
          const int lane_end = kRunsOnHost<ExecSpace> ? columns : kLanes;
          Kokkos::parallel_for(Kokkos::TeamThreadRange(team, thread_end), [&](int t) {
            Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, lane_end), [&](int v) {
              const int tx = kRunsOnHost<ExecSpace> ? v : t % kStageWidth;
              const int ty = kRunsOnHost<ExecSpace> ? t : t / kStageWidth;
              if (kRunsOnHost<ExecSpace> || (tx < columns && ty < rows)) {
                const int c = current + stage_tile::centre_index(tx, ty);
                out((y_stage + ty) * n + x0 + tx) =
                    stage_tile::output(tiles, c, x0 + tx, y_stage + ty, n);
              }
            });
          });

          if (prefetch) {  // the other tile was last read in stage k-1, before barrier 1
            for_each_tile_cell(y_stage + kStageHeight,
                               [&](int cell, int slot, int) { tiles(next + cell) = staged[slot]; });
          }
          // 2: everyone is done reading tile k & 1 before it is written again. In this
          // register-staged form that write comes after the next stage's barrier 1 anyway; the
          // barrier keeps the lesson's two-barrier stage, which doublebuf_async needs, so the two
          // variants differ only in how the copy is made (docs/lesson004.md).
          team.team_barrier();
        }
      });
}

#define INSTANTIATE(Space) STENCIL_INSTANTIATE_STEP(doublebuf_step, Space)
STENCIL_FOR_EACH_KOKKOS_SPACE(INSTANTIATE)

}  // namespace stencil::kokkos
