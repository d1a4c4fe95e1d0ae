// tiled: a team owns 32x8 outputs and stages the 34x10 input tile (one-cell halo) in team
// scratch, so each input is read from global memory about 1.3 times instead of 5 (seed 004).
#include "kokkos/kernels.hpp"
#include "stencil/arithmetic.hpp"

namespace stencil::kokkos {

template <class ExecSpace>
void tiled_step(const ExecSpace& space, const ConstDeviceView<ExecSpace>& in,
                const DeviceView<ExecSpace>& out, int n, int /*chunks*/) {
  constexpr int kOutputs = kTileWidth * kTileHeight;
  constexpr int kPitch = kTileWidth + 2;
  constexpr int kTileCells = kPitch * (kTileHeight + 2);
  const int tiles_x = (n + kTileWidth - 1) / kTileWidth;
  const int tiles_y = (n + kTileHeight - 1) / kTileHeight;
  const int threads = kRunsOnHost<ExecSpace> ? 1 : kOutputs;

  using Policy = Kokkos::TeamPolicy<ExecSpace>;
  using Member = typename Policy::member_type;
  Policy policy(space, tiles_x * tiles_y, threads);
  policy.set_scratch_size(0, Kokkos::PerTeam(ScratchView<ExecSpace>::shmem_size(kTileCells)));

  Kokkos::parallel_for(
      "stencil::kokkos::tiled", policy, KOKKOS_LAMBDA(const Member& team) {
        ScratchView<ExecSpace> tile(team.team_scratch(0), kTileCells);
        const int ox = (team.league_rank() % tiles_x) * kTileWidth;
        const int oy = (team.league_rank() / tiles_x) * kTileHeight;
        const int lanes = team.team_size();

        // Flat load of the padded tile: consecutive lanes take consecutive cells of a tile row,
        // which are consecutive in global memory. Clamped, so halo cells past the edge still hold
        // a value (border outputs copy their centre and never use it).
        for (int t = team.team_rank(); t < kTileCells; t += lanes) {
          const int gx = clamp_index(ox + t % kPitch - 1, 0, n - 1);
          const int gy = clamp_index(oy + t / kPitch - 1, 0, n - 1);
          tile(t) = in(gy * n + gx);
        }
        team.team_barrier();  // the whole tile is loaded before anyone reads a neighbour

        for (int t = team.team_rank(); t < kOutputs; t += lanes) {
          const int tx = t % kTileWidth;
          const int ty = t / kTileWidth;
          const int x = ox + tx;
          const int y = oy + ty;
          if (x < n && y < n) {
            const int s = (ty + 1) * kPitch + (tx + 1);  // the halo shifts the interior by one
            out(y * n + x) = is_border_2d(x, y, n) ? tile(s)
                                                   : five_point(tile(s), tile(s - 1), tile(s + 1),
                                                                tile(s - kPitch), tile(s + kPitch));
          }
        }
      });
}

#define INSTANTIATE(Space) STENCIL_INSTANTIATE_STEP(tiled_step, Space)
STENCIL_FOR_EACH_KOKKOS_SPACE(INSTANTIATE)

}  // namespace stencil::kokkos
