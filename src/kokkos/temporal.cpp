// temporal (issue 7), portable form: a team loads a (32 + 2k) x (32 + 2k) input tile into
// scratch, applies k iterations inside scratch (ping-pong between two tiles, the valid region
// shrinking by one cell per side per iteration), and writes the 32 x 32 cells in the middle.
// The grid crosses memory once per k iterations; the ring of cells around each tile is computed
// redundantly by neighbouring teams instead of being exchanged. The native CUDA kernel
// (src/cuda/temporal.cu) streams rows through registers instead, which Kokkos cannot express
// portably.
#include "kokkos/kernels.hpp"
#include "stencil/arithmetic.hpp"

namespace stencil::kokkos {

template <int kFuse, class ExecSpace>
void temporal_step(const ExecSpace& space, const ConstDeviceView<ExecSpace>& in,
                   const DeviceView<ExecSpace>& out, int n, int /*chunks*/) {
  constexpr int fuse = kFuse;
  constexpr int kTile = 32;  // outputs per team in x and in y
  const int pitch = kTile + 2 * fuse;
  const int tile_cells = pitch * pitch;
  const int tiles = (n + kTile - 1) / kTile;
  const int threads = kRunsOnHost<ExecSpace> ? 1 : 256;

  using Policy = Kokkos::TeamPolicy<ExecSpace>;
  using Member = typename Policy::member_type;
  Policy policy(space, tiles * tiles, threads);
  policy.set_scratch_size(0, Kokkos::PerTeam(ScratchView<ExecSpace>::shmem_size(2 * tile_cells)));

  Kokkos::parallel_for(
      "stencil::kokkos::temporal", policy, KOKKOS_LAMBDA(const Member& team) {
        // Two tiles in one scratch allocation: tile 0 at offset 0, tile 1 at tile_cells.
        ScratchView<ExecSpace> tiles_(team.team_scratch(0), 2 * tile_cells);
        const int ox = (team.league_rank() % tiles) * kTile - fuse;  // tile origin in the grid
        const int oy = (team.league_rank() / tiles) * kTile - fuse;
        const int lanes = team.team_size();

        // Cells outside the grid are never used by a needed cell: border cells copy themselves.
        for (int t = team.team_rank(); t < tile_cells; t += lanes) {
          const int x = ox + t % pitch;
          const int y = oy + t / pitch;
          tiles_(t) = (x >= 0 && x < n && y >= 0 && y < n) ? in(y * n + x) : 0.0f;
        }
        team.team_barrier();

        for (int level = 1; level <= fuse; ++level) {
          const int src = level % 2 == 1 ? 0 : tile_cells;  // ping-pong between the tiles
          const int dst = tile_cells - src;
          // Valid after `level` iterations: tile cells [level, pitch - level) in each axis.
          const int width = pitch - 2 * level;
          for (int t = team.team_rank(); t < width * width; t += lanes) {
            const int tx = level + t % width;
            const int ty = level + t / width;
            const int x = ox + tx;
            const int y = oy + ty;
            const int s = ty * pitch + tx;
            const bool inside = x >= 0 && x < n && y >= 0 && y < n;
            const int i = src + s;
            tiles_(dst + s) = !inside || is_border_2d(x, y, n)
                                  ? tiles_(i)
                                  : five_point(tiles_(i), tiles_(i - 1), tiles_(i + 1),
                                               tiles_(i - pitch), tiles_(i + pitch));
          }
          team.team_barrier();  // this level is complete before the next reads it
        }

        const int result = fuse % 2 == 1 ? tile_cells : 0;
        for (int t = team.team_rank(); t < kTile * kTile; t += lanes) {
          const int x = ox + fuse + t % kTile;
          const int y = oy + fuse + t / kTile;
          if (x < n && y < n) {
            out(y * n + x) = tiles_(result + (fuse + t / kTile) * pitch + fuse + t % kTile);
          }
        }
      });
}

#define INSTANTIATE_FUSE(Space, Fuse)                                                   \
  template void temporal_step<Fuse, Space>(const Space&, const ConstDeviceView<Space>&, \
                                           const DeviceView<Space>&, int, int);
#define INSTANTIATE(Space)   \
  INSTANTIATE_FUSE(Space, 1) \
  INSTANTIATE_FUSE(Space, 2) INSTANTIATE_FUSE(Space, 4) INSTANTIATE_FUSE(Space, 8)
STENCIL_FOR_EACH_KOKKOS_SPACE(INSTANTIATE)

}  // namespace stencil::kokkos
