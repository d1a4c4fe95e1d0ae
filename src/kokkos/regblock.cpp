// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// regblock (lesson 004): register blocking on top of the scratch tile. Each of a team's 32x8 lanes
// computes a p x p patch of outputs from the (p+2) x (p+2) neighbourhood it copies from scratch
// into registers once; neighbouring outputs of the patch then share their taps in registers
// instead of re-reading scratch. The team covers 32p x 8p outputs from a (32p+2) x (8p+2) tile:
// 130x34 cells (17 KB of floats, 35 KB of doubles) at p = 4, whose flat load takes 18 passes of the
// 256 lanes.
//   tiled, per output: out = five_point(t[y][x], t[y][x-1], t[y][x+1], t[y-1][x], t[y+1][x])
// Scratch reads per output: tiled 5; here (p+2)^2 - 4 per p^2 outputs (the neighbourhood's four
// corners are no tap of the five-point stencil and are not read): 2.0 at p = 4, 3.0 at p = 2.
#include "kokkos/kernels.hpp"
#include "kokkos/runtime/host_forms.hpp"
#include "kokkos/runtime/team_policy.hpp"
#include "kokkos/runtime/tile_walk.hpp"
#include "stencil/arithmetic.hpp"
#include "stencil/cell_offset.hpp"

namespace stencil::kokkos {

// The team's tile at patch size kPatch: 32p x 8p outputs from a (32p+2) x (8p+2) scratch tile,
// one member per patch; each member holds a (p+2) x (p+2) neighbourhood in registers.
template <int kPatch>
struct PatchTile {
  static constexpr int kOutWidth = kRegBlockLanesX * kPatch;
  static constexpr int kOutHeight = kRegBlockLanesY * kPatch;
  static constexpr int kPitch = kOutWidth + 2;
  static constexpr int kCells = kPitch * (kOutHeight + 2);
  static constexpr int kSide = kPatch + 2;
  static constexpr int kTeam = kRegBlockLanesX * kRegBlockLanesY;
};

// One tile of the device form: a team member's patch of outputs (ox, oy are the tile's first
// output), from the scratch tile `tile` that the team loads here. Index is the offset type
// (cell_offset.hpp). A patch compares its compile-time (i, j) with its distance to the array's
// last column and row (to_right, to_bottom; is_border_2d's x == cols - 1 is i == to_right): one
// value per patch, which keeps p = 4 in its register budget without spills (comparing x with
// cols - 1 and y with rows - 1 spilled).
template <int kPatch, class Index, class Member, class Tile, class Source, class Target>
KOKKOS_INLINE_FUNCTION void regblock_tile(const Member& team, const Tile& tile, const Source& src,
                                          const Target& out, int ox, int oy, int rows, int cols) {
  using Shape = PatchTile<kPatch>;
  constexpr int kOutWidth = Shape::kOutWidth, kOutHeight = Shape::kOutHeight;
  constexpr int kPitch = Shape::kPitch, kSide = Shape::kSide, kTeam = Shape::kTeam;
  using T = typename Tile::non_const_value_type;

  load_clamped_tile<kTeam, kPitch, Shape::kCells, Index>(team.team_rank(), tile, src, ox, oy, rows,
                                                         cols);
  team.team_barrier();  // the whole tile is loaded before anyone reads a neighbour

  // Team-uniform: every output of the tile is in the grid (no per-output test).
  const bool whole_tile = ox + kOutWidth <= cols && oy + kOutHeight <= rows;
  // The patch's neighbourhood in the tile: a warp shares py and takes px 0, p, 2p, ...
  const int px = team.team_rank() % kRegBlockLanesX * kPatch;
  const int py = team.team_rank() / kRegBlockLanesX * kPatch;
  // Output (i, j) is in the array while i <= to_right and j <= to_bottom (see above).
  const int to_right = cols - 1 - (ox + px);
  const int to_bottom = rows - 1 - (oy + py);
  // Fully unrolled, so every index is a compile-time constant and v stays in registers.
  T v[kSide][kSide];
#pragma unroll
  for (int j = 0; j < kSide; ++j) {
#pragma unroll
    for (int i = 0; i < kSide; ++i) {
      const bool corner = (j == 0 || j == kSide - 1) && (i == 0 || i == kSide - 1);
      v[j][i] = corner ? T(0) : tile((py + j) * kPitch + px + i);
    }
  }

#pragma unroll
  for (int j = 0; j < kPatch; ++j) {
#pragma unroll
    for (int i = 0; i < kPatch; ++i) {
      const int x = ox + px + i;
      const int y = oy + py + j;
      if (whole_tile || (i <= to_right && j <= to_bottom)) {
        const T centre = v[j + 1][i + 1];
        const T updated =
            five_point(centre, v[j + 1][i], v[j + 1][i + 2], v[j][i + 1], v[j + 2][i + 1]);
        const bool border = x == 0 || y == 0 || i == to_right || j == to_bottom;  // is_border_2d
        out(row_offset<Index>(y, cols) + x) = border ? centre : updated;
      }
    }
  }
}

// Device form (team_policy.hpp): one team member per patch, line for line the native block.
// At p = 2 a member owns 4 outputs, so Kokkos' per-team prologue and the tile's row and column
// (a division by tiles_x) cost about as much per output as the update itself: teams walk several
// tiles each (tile_walk.hpp), alternating between two scratch tiles so that loading the next
// never waits for the last one's readers. At p = 4 a member owns 16 outputs, so the prologue
// weighs a quarter as much per output, and walking would spill in fp64 (ptxas: 44 to 68 bytes
// per thread at six teams per multiprocessor): one tile per team.
template <int kPatch, class Index, class T, class ExecSpace>
void regblock_on_device(const ExecSpace& space, const ConstDeviceView<T, ExecSpace>& in,
                        const DeviceView<T, ExecSpace>& out, int rows, int cols) {
  using Tile = PatchTile<kPatch>;
  constexpr int kTileCells = Tile::kCells, kTeam = Tile::kTeam;
  constexpr bool kWalks = kPatch <= 2;
  constexpr int kBuffers = kWalks ? 2 : 1;
  const int tiles_x = (cols + Tile::kOutWidth - 1) / Tile::kOutWidth;
  const int tiles_y = (rows + Tile::kOutHeight - 1) / Tile::kOutHeight;
  const long tiles = long{tiles_x} * tiles_y;
  const int league = kWalks ? walking_league(space, tiles, kTeam) : static_cast<int>(tiles);
  const InputView<T, ExecSpace> src = in;
  // Six teams per multiprocessor; five for fp64 at p = 4, as many as the native block's 48
  // registers leave resident: its 16 double outputs per member spill 36 to 68 bytes per thread
  // at six and 8 to 36 at five (ptxas), which runs 1.07-1.09x faster (docs/performance.md).
  constexpr int kMinTeams = !kWalks && sizeof(T) == 8 ? 5 : 6;
  const auto policy = team_policy<kTeam, kMinTeams>(space, league, TeamShape{kTeam, 1},
                                                    TeamScratch<T>{kBuffers * kTileCells});
  using Member = typename decltype(policy)::member_type;

  constexpr auto kName = "stencil::kokkos::regblock";
  if constexpr (kWalks) {
    Kokkos::parallel_for(
        kName, policy, KOKKOS_LAMBDA(const Member& team) {
          ScratchView<T, ExecSpace> scratch(team.team_scratch(0), 2 * kTileCells);
          // The two tiles as pointers carried by the loop and swapped after each tile, as
          // doublebuf's (an index into one view is recomputed at every use).
          T* filling = scratch.data();
          T* spare = filling + kTileCells;
          for (TileWalk walk(team.league_rank(), team.league_size(), tiles_x, tiles_y); walk.more();
               walk.next()) {
            regblock_tile<kPatch, Index>(team, ScratchView<T, ExecSpace>(filling, kTileCells), src,
                                         out, walk.column() * Tile::kOutWidth,
                                         walk.row() * Tile::kOutHeight, rows, cols);
            T* const used = filling;
            filling = spare;
            spare = used;
          }
        });
  } else {
    Kokkos::parallel_for(
        kName, policy, KOKKOS_LAMBDA(const Member& team) {
          ScratchView<T, ExecSpace> tile(team.team_scratch(0), kTileCells);
          regblock_tile<kPatch, Index>(
              team, tile, src, out, (team.league_rank() % tiles_x) * Tile::kOutWidth,
              (team.league_rank() / tiles_x) * Tile::kOutHeight, rows, cols);
        });
  }
}

template <int kPatch, class T, class ExecSpace>
void regblock_step(const ExecSpace& space, const ConstDeviceView<T, ExecSpace>& in,
                   const DeviceView<T, ExecSpace>& out, int rows, int cols, int /*chunks*/) {
  if constexpr (kRunsOnHost<ExecSpace>) {
    // Host form (host_forms.hpp): bands of whole rows; the taps neighbouring outputs share stay
    // in the vector loop's registers and L1, the reuse the GPU form builds by hand.
    host_form::step_row_bands(space, "stencil::kokkos::regblock", in, out, rows, cols,
                              (rows + host_form::kBandRows - 1) / host_form::kBandRows, cols);
  } else if (offsets_fit_int(rows, cols)) {
    regblock_on_device<kPatch, int>(space, in, out, rows, cols);
  } else {
    regblock_on_device<kPatch, std::int64_t>(space, in, out, rows, cols);
  }
}

#define INSTANTIATE_PATCH(space_and_type, Patch) \
  STENCIL_INSTANTIATE_SHAPED_STEP(regblock_step, Patch, space_and_type)
#define INSTANTIATE_TYPE(Space, T) STENCIL_PATCH_SIZES(INSTANTIATE_PATCH, (Space, T))
#define INSTANTIATE(Space) STENCIL_ELEMENT_TYPES(INSTANTIATE_TYPE, Space)
STENCIL_FOR_EACH_KOKKOS_SPACE(INSTANTIATE)

}  // namespace stencil::kokkos
