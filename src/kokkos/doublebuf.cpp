// doublebuf (seed 004): a team owns a 32-column strip of one row chunk and walks it down in stages
// of 32x8 outputs, each computed from a 34x10 tile (stencil/stage_tile.hpp). Two scratch tiles
// alternate: while the team computes stage k from one, the global loads of stage k+1 are already
// in flight into each lane's registers, and they are stored into the other tile after the compute
// (register-staged prefetch). On the GPU that overlaps one stage's load latency with the previous
// stage's compute inside the block; on a host space a team is one thread and only the order is
// the same. The chunk height is ceil(N / chunks), as for strip and rolling.
// Tile rows are TeamThreadRange, tile columns ThreadVectorRange: on the GPU the team is the native
// 32x8 block (two tile cells per thread at most), on a CPU one thread with vectorised rows.
#include "kokkos/kernels.hpp"
#include "kokkos/team_policy.hpp"
#include "stencil/arithmetic.hpp"
#include "stencil/stage_tile.hpp"

namespace stencil::kokkos {

template <class ExecSpace>
void doublebuf_step(const ExecSpace& space, const ConstDeviceView<ExecSpace>& in,
                    const DeviceView<ExecSpace>& out, int n, int chunks) {
  constexpr int kThreads = kStageHeight;  // one team thread per output row of a stage
  constexpr int kLanes = kStageWidth;     // one vector lane per output column
  constexpr int kTileRows = kStageHeight + 2;
  constexpr int kTileCells = stage_tile::kCells;
  // The tile cells one thread stages: 2 x 2 slots on the device (of which 1 or 2 are used).
  constexpr int kRowSlots = slots_per_thread<ExecSpace>(kTileRows, kThreads);
  constexpr int kColumnSlots = slots_per_thread<ExecSpace>(stage_tile::kColumns, kLanes);
  const int strips = (n + kStageWidth - 1) / kStageWidth;
  const InputView<ExecSpace> src = in;
  const auto policy = team_policy<kThreads * kLanes>(space, strips * chunks,
                                                     TeamShape{kThreads, kLanes}, 2 * kTileCells);
  using Member = typename decltype(policy)::member_type;

  Kokkos::parallel_for(
      "stencil::kokkos::doublebuf", policy, KOKKOS_LAMBDA(const Member& team) {
        const int x0 = (team.league_rank() % strips) * kStageWidth;
        const RowChunk chunk = row_chunk(n, chunks, team.league_rank() / strips);
        if (chunk.empty())
          return;  // whole team: it must not reach a barrier the others wait on
        const int stages = (chunk.rows() + kStageHeight - 1) / kStageHeight;
        const int columns = n - x0 < kStageWidth ? n - x0 : kStageWidth;
        // A strip away from the left and right edges needs no column clamp (team-uniform).
        const bool clamp_columns = x0 == 0 || x0 + stage_tile::kColumns - 1 > n;
        ScratchView<ExecSpace> tiles(team.team_scratch(0), 2 * kTileCells);

        // Visits every cell (sy, sx) of the stage tile whose first output row is y with its
        // global index: clamped, so halo cells past the grid still hold a value (border outputs
        // never use it).
        auto for_each_tile_cell = [&](int y, auto&& visit) {
          Kokkos::parallel_for(Kokkos::TeamThreadRange(team, kTileRows), [&](int sy) {
            const int row = clamp_index(y + sy - 1, 0, n - 1) * n;
            if (clamp_columns) {
              Kokkos::parallel_for(
                  Kokkos::ThreadVectorRange(team, stage_tile::kColumns),
                  [&](int sx) { visit(sy, sx, row + clamp_index(x0 + sx - 1, 0, n - 1)); });
            } else {
              Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, stage_tile::kColumns),
                                   [&](int sx) { visit(sy, sx, row + x0 + sx - 1); });
            }
          });
        };

        // Prologue: stage 0 goes straight into tile 0.
        for_each_tile_cell(chunk.begin, [&](int sy, int sx, int i) {
          tiles(sy * stage_tile::kColumns + sx) = src(i);
        });

        float staged[kRowSlots][kColumnSlots];  // registers on the GPU, a stack array on a host
        for (int k = 0; k < stages; ++k) {
          const int current = (k & 1) * kTileCells;
          const int next = kTileCells - current;
          const int y_stage = chunk.begin + k * kStageHeight;
          const bool prefetch = k + 1 < stages;
          if (prefetch) {  // issued now, consumed only after the compute below
            for_each_tile_cell(y_stage + kStageHeight, [&](int sy, int sx, int i) {
              staged[slot_of<ExecSpace>(sy, kThreads)][slot_of<ExecSpace>(sx, kLanes)] = src(i);
            });
          }
          team.team_barrier();  // 1: stage k's tile is complete before anyone reads a neighbour

          const int rows = chunk.end - y_stage < kStageHeight ? chunk.end - y_stage : kStageHeight;
          Kokkos::parallel_for(Kokkos::TeamThreadRange(team, rows), [&](int ty) {
            const int y = y_stage + ty;
            Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, columns), [&](int tx) {
              const int c = current + stage_tile::centre_index(tx, ty);
              out(y * n + x0 + tx) = stage_tile::output(tiles, c, x0 + tx, y, n);
            });
          });

          if (prefetch) {  // the other tile was last read in stage k-1, before barrier 1
            Kokkos::parallel_for(Kokkos::TeamThreadRange(team, kTileRows), [&](int sy) {
              Kokkos::parallel_for(
                  Kokkos::ThreadVectorRange(team, stage_tile::kColumns), [&](int sx) {
                    tiles(next + sy * stage_tile::kColumns + sx) =
                        staged[slot_of<ExecSpace>(sy, kThreads)][slot_of<ExecSpace>(sx, kLanes)];
                  });
            });
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
