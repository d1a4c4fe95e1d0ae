// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// tiled: 32x8 outputs are computed from their 34x10 input tile (one-cell halo) staged in team
// scratch, so each input is read from global memory about 1.3 times instead of 5 (lesson 004).
//
// On the GPU the tile is stored transposed: scratch row sx holds tile column sx (10 values), and
// rows are kPitch cells apart. A warp (32 consecutive x at one y) therefore reads down a column
// of the scratch array, and the pitch alone decides its bank conflicts: 32 -> 32-way, 34 -> 2-way,
// 33 -> none (docs/lesson004.md). Doubles are served per half-warp of 8-byte words, and the
// pitches rank the same way (32 -> 16-way, 34 -> 2-way, 33 -> none). A host space has no banks and
// blocks for its caches instead (host_forms.hpp); -pitch changes nothing there.
#include "kokkos/kernels.hpp"
#include "kokkos/runtime/host_forms.hpp"
#include "kokkos/runtime/team_policy.hpp"
#include "kokkos/runtime/tile_walk.hpp"
#include "stencil/arithmetic.hpp"
#include "stencil/cell_offset.hpp"

namespace stencil::kokkos {

// Device form: the native 32x8 block's work, written with flat TeamVectorRange loops (one
// iteration per thread, no per-loop warp sync) over a team that walks tiles (tile_walk.hpp).
// Two scratch tiles alternate, so one barrier per tile suffices: tile k + 2 overwrites
// tile k's buffer only after every thread has passed tile k + 1's barrier, after its reads of
// tile k.
// Index is the offset type (cell_offset.hpp).
template <int kPitch, class Index, class T, class ExecSpace>
void tiled_on_device(const ExecSpace& space, const ConstDeviceView<T, ExecSpace>& in,
                     const DeviceView<T, ExecSpace>& out, int rows, int cols) {
  constexpr int kColumns = kTileWidth + 2;  // tile columns = scratch rows
  constexpr int kRows = kTileHeight + 2;    // tile rows = used cells of a scratch row
  constexpr int kLoadCells = kColumns * kRows;
  constexpr int kTeam = kTileWidth * kTileHeight;
  constexpr int kBuffer = kColumns * kPitch;
  static_assert(kPitch >= kRows, "a scratch row must hold a whole tile column");
  const int tiles_x = (cols + kTileWidth - 1) / kTileWidth;
  const int tiles_y = (rows + kTileHeight - 1) / kTileHeight;
  const InputView<T, ExecSpace> src = in;
  const auto policy =
      team_policy<kTeam, 8>(space, walking_league(space, long{tiles_x} * tiles_y, kTeam),
                            TeamShape{kTileHeight, kTileWidth}, TeamScratch<T>{2 * kBuffer});
  using Member = typename decltype(policy)::member_type;

  Kokkos::parallel_for(
      "stencil::kokkos::tiled", policy, KOKKOS_LAMBDA(const Member& team) {
        ScratchView<T, ExecSpace> tiles(team.team_scratch(0), 2 * kBuffer);
        int buffer = 0;
        for (TileWalk walk(team.league_rank(), team.league_size(), tiles_x, tiles_y); walk.more();
             walk.next(), buffer = kBuffer - buffer) {
          const int ox = walk.column() * kTileWidth;
          const int oy = walk.row() * kTileHeight;
          // Flat load in image order: consecutive threads take consecutive cells of a tile row,
          // consecutive in global memory. Clamped, so the halo past the edge still holds a value
          // (border outputs copy their centre and never use it).
          Kokkos::parallel_for(Kokkos::TeamVectorRange(team, kLoadCells), [&](int t) {
            const int sx = t % kColumns;
            const int sy = t / kColumns;
            tiles(buffer + sx * kPitch + sy) =
                src(cell_offset<Index>(clamp_index(oy + sy - 1, 0, rows - 1),
                                       clamp_index(ox + sx - 1, 0, cols - 1), cols));
          });
          team.team_barrier();  // the whole tile is loaded before anyone reads a neighbour

          Kokkos::parallel_for(Kokkos::TeamVectorRange(team, kTeam), [&](int cell) {
            const int x = ox + cell % kTileWidth;
            const int y = oy + cell / kTileWidth;
            if (x < cols && y < rows) {
              // The halo shifts the interior by one in both axes.
              const int s = buffer + (cell % kTileWidth + 1) * kPitch + cell / kTileWidth + 1;
              const T centre = tiles(s);
              const T updated = five_point(centre, tiles(s - kPitch), tiles(s + kPitch),
                                           tiles(s - 1), tiles(s + 1));
              out(cell_offset<Index>(y, x, cols)) =
                  is_border_2d(x, y, cols, rows) ? centre : updated;
            }
          });
        }
      });
}

template <int kPitch, class T, class ExecSpace>
void tiled_step(const ExecSpace& space, const ConstDeviceView<T, ExecSpace>& in,
                const DeviceView<T, ExecSpace>& out, int rows, int cols, int /*chunks*/) {
  if constexpr (kRunsOnHost<ExecSpace>) {
    // Host form (host_forms.hpp): cache blocking, as src/openmp/tiled.cpp. A band of
    // host_form::kTileRows rows is walked in blocks host_form::kTileColumns wide, row by row, so
    // the three input rows a block row needs stay in L1 and each input is fetched about once; the
    // cache does the staging the GPU form does in scratch.
    host_form::step_row_bands(space, "stencil::kokkos::tiled", in, out, rows, cols,
                              (rows + host_form::kTileRows - 1) / host_form::kTileRows,
                              host_form::kTileColumns<T>);
  } else if (offsets_fit_int(rows, cols)) {
    tiled_on_device<kPitch, int>(space, in, out, rows, cols);
  } else {
    tiled_on_device<kPitch, std::int64_t>(space, in, out, rows, cols);
  }
}

#define INSTANTIATE_PITCH(space_and_type, Pitch) \
  STENCIL_INSTANTIATE_SHAPED_STEP(tiled_step, Pitch, space_and_type)
#define INSTANTIATE_TYPE(Space, T) STENCIL_TILED_PITCHES(INSTANTIATE_PITCH, (Space, T))
#define INSTANTIATE(Space) STENCIL_ELEMENT_TYPES(INSTANTIATE_TYPE, Space)
STENCIL_FOR_EACH_KOKKOS_SPACE(INSTANTIATE)

}  // namespace stencil::kokkos
