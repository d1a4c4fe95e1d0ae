// doublebuf (lesson 004): a team owns a 32-column strip of one row chunk and walks it down in
// stages of 32x8 outputs, each computed from a 34x10 tile (stencil/stage_tile.hpp). Two scratch
// tiles alternate: while the team computes stage k from one, the global loads of stage k+1 are
// already in flight into each lane's registers, and they are stored into the other tile after the
// compute (register-staged prefetch). On the GPU that overlaps one stage's load latency with the
// previous stage's compute inside the block; on a host space a team is one thread and only the
// order is the same. The chunk height is ceil(N / chunks), as for strip and rolling.
#include "kokkos/kernels.hpp"
#include "stencil/arithmetic.hpp"
#include "stencil/stage_tile.hpp"

namespace stencil::kokkos {

template <class ExecSpace>
void doublebuf_step(const ExecSpace& space, const ConstDeviceView<ExecSpace>& in,
                    const DeviceView<ExecSpace>& out, int n, int chunks) {
  constexpr int kTileCells = stage_tile::kCells;
  constexpr int kOutputs = kStageWidth * kStageHeight;  // logical lanes: one output per stage
  constexpr int kThreads = kRunsOnHost<ExecSpace> ? 1 : kOutputs;
  constexpr int kSlots = (kTileCells + kThreads - 1) / kThreads;  // tile cells per thread: 2 on GPU
  const int strips = (n + kStageWidth - 1) / kStageWidth;
  const int rows = rows_per_chunk(n, chunks);

  using Policy = Kokkos::TeamPolicy<ExecSpace>;
  using Member = typename Policy::member_type;
  Policy policy(space, strips * chunks, kThreads);
  policy.set_scratch_size(0, Kokkos::PerTeam(ScratchView<ExecSpace>::shmem_size(2 * kTileCells)));

  Kokkos::parallel_for(
      "stencil::kokkos::doublebuf", policy, KOKKOS_LAMBDA(const Member& team) {
        const int x0 = (team.league_rank() % strips) * kStageWidth;
        const int y0 = (team.league_rank() / strips) * rows;
        if (y0 >= n)
          return;  // whole team: the last chunks can be empty when rows*chunks > n
        const int y_end = y0 + rows < n ? y0 + rows : n;
        const int stages = (y_end - y0 + kStageHeight - 1) / kStageHeight;
        ScratchView<ExecSpace> tiles(team.team_scratch(0), 2 * kTileCells);
        const int rank = team.team_rank();

        // Prologue: stage 0 goes straight into tile 0.
        for (int s = 0; s < kSlots; ++s) {
          const int t = rank + s * kThreads;
          if (t < kTileCells)
            tiles(t) = in(stage_tile::source_index(t, x0, y0, n));
        }

        float staged[kSlots];  // registers on the GPU (fully unrolled), a stack array on a host
        for (int k = 0; k < stages; ++k) {
          const int current = (k & 1) * kTileCells;
          const int next = kTileCells - current;
          const bool prefetch = k + 1 < stages;
          if (prefetch) {  // issued now, consumed only after the compute below
#pragma unroll
            for (int s = 0; s < kSlots; ++s) {
              const int t = rank + s * kThreads;
              if (t < kTileCells)
                staged[s] = in(stage_tile::source_index(t, x0, y0 + (k + 1) * kStageHeight, n));
            }
          }
          team.team_barrier();  // 1: stage k's tile is complete before anyone reads a neighbour

          for (int t = rank; t < kOutputs; t += kThreads) {
            const int tx = t % kStageWidth;
            const int ty = t / kStageWidth;
            const int x = x0 + tx;
            const int y = y0 + k * kStageHeight + ty;
            if (x < n && y < y_end) {
              const int c = current + stage_tile::centre_index(tx, ty);
              out(y * n + x) = stage_tile::output(tiles, c, x, y, n);
            }
          }

          if (prefetch) {  // the other tile was last read in stage k-1, before barrier 1
#pragma unroll
            for (int s = 0; s < kSlots; ++s) {
              const int t = rank + s * kThreads;
              if (t < kTileCells)
                tiles(next + t) = staged[s];
            }
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
