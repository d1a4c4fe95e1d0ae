// tiled: a team owns 32x8 outputs and stages the 34x10 input tile (one-cell halo) in team
// scratch, so each input is read from global memory about 1.3 times instead of 5 (lesson 004).
//
// The tile is stored transposed: scratch row sx holds tile column sx (10 values), and rows are
// kPitch floats apart. A warp of lanes (32 consecutive x at one y) therefore reads down a column
// of the scratch array, and the pitch alone decides its bank conflicts on the GPU: 32 -> 32-way,
// 34 -> 2-way, 33 -> none (docs/lesson004.md). The lesson's row-major form, tile[sy][sx] with pitch
// 34, has warps reading along a row and no pitch to vary.
#include "kokkos/kernels.hpp"
#include "stencil/arithmetic.hpp"

namespace stencil::kokkos {

template <int kPitch, class ExecSpace>
void tiled_step(const ExecSpace& space, const ConstDeviceView<ExecSpace>& in,
                const DeviceView<ExecSpace>& out, int n, int /*chunks*/) {
  constexpr int kOutputs = kTileWidth * kTileHeight;
  constexpr int kColumns = kTileWidth + 2;  // tile columns = scratch rows
  constexpr int kRows = kTileHeight + 2;    // tile rows = used floats of a scratch row
  constexpr int kLoadCells = kColumns * kRows;
  static_assert(kPitch >= kRows, "a scratch row must hold a whole tile column");
  const int tiles_x = (n + kTileWidth - 1) / kTileWidth;
  const int tiles_y = (n + kTileHeight - 1) / kTileHeight;
  const int threads = kRunsOnHost<ExecSpace> ? 1 : kOutputs;

  using Policy = Kokkos::TeamPolicy<ExecSpace>;
  using Member = typename Policy::member_type;
  Policy policy(space, tiles_x * tiles_y, threads);
  policy.set_scratch_size(0,
                          Kokkos::PerTeam(ScratchView<ExecSpace>::shmem_size(kColumns * kPitch)));

  Kokkos::parallel_for(
      "stencil::kokkos::tiled", policy, KOKKOS_LAMBDA(const Member& team) {
        ScratchView<ExecSpace> tile(team.team_scratch(0), kColumns * kPitch);
        const int ox = (team.league_rank() % tiles_x) * kTileWidth;
        const int oy = (team.league_rank() / tiles_x) * kTileHeight;
        const int lanes = team.team_size();

        // Flat load in image order: consecutive lanes take consecutive cells of a tile row, which
        // are consecutive in global memory. Clamped, so halo cells past the edge still hold a
        // value (border outputs copy their centre and never use it).
        for (int t = team.team_rank(); t < kLoadCells; t += lanes) {
          const int sx = t % kColumns;
          const int sy = t / kColumns;
          const int gx = clamp_index(ox + sx - 1, 0, n - 1);
          const int gy = clamp_index(oy + sy - 1, 0, n - 1);
          tile(sx * kPitch + sy) = in(gy * n + gx);
        }
        team.team_barrier();  // the whole tile is loaded before anyone reads a neighbour

        for (int t = team.team_rank(); t < kOutputs; t += lanes) {
          const int tx = t % kTileWidth;
          const int ty = t / kTileWidth;
          const int x = ox + tx;
          const int y = oy + ty;
          if (x < n && y < n) {
            // The halo shifts the interior by one; x neighbours are a scratch row apart.
            const int s = (tx + 1) * kPitch + (ty + 1);
            out(y * n + x) = is_border_2d(x, y, n)
                                 ? tile(s)
                                 : five_point(tile(s), tile(s - kPitch), tile(s + kPitch),
                                              tile(s - 1), tile(s + 1));
          }
        }
      });
}

static_assert(kTiledPitches.size() == 3 && kTiledPitches[0] == 32 && kTiledPitches[1] == 33 &&
                  kTiledPitches[2] == 34,
              "instantiate every pitch of kTiledPitches below");
#define INSTANTIATE_PITCH(Space, Pitch)                                               \
  template void tiled_step<Pitch, Space>(const Space&, const ConstDeviceView<Space>&, \
                                         const DeviceView<Space>&, int, int);
#define INSTANTIATE(Space) \
  INSTANTIATE_PITCH(Space, 32) INSTANTIATE_PITCH(Space, 33) INSTANTIATE_PITCH(Space, 34)
STENCIL_FOR_EACH_KOKKOS_SPACE(INSTANTIATE)

}  // namespace stencil::kokkos
