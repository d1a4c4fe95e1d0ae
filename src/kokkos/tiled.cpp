// tiled: a team owns 32x8 outputs and stages the 34x10 input tile (one-cell halo) in team
// scratch, so each input is read from global memory about 1.3 times instead of 5 (lesson 004).
// TeamThreadRange walks the tile's rows, ThreadVectorRange its columns: on the GPU the team is the
// native 32x8 block (a warp is one row of 32 outputs); on a CPU one thread walks the rows with a
// vectorised loop over the columns.
//
// On the GPU the tile is stored transposed: scratch row sx holds tile column sx (10 values), and
// rows are kPitch floats apart. A warp (32 consecutive x at one y) therefore reads down a column
// of the scratch array, and the pitch alone decides its bank conflicts: 32 -> 32-way, 34 -> 2-way,
// 33 -> none (docs/lesson004.md). A CPU has no banks, and its vector loops want consecutive columns
// to be consecutive floats, so a host space stores the same tile row-major; -pitch then changes
// nothing there.
#include "kokkos/host_forms.hpp"
#include "kokkos/kernels.hpp"
#include "kokkos/team_policy.hpp"
#include "stencil/arithmetic.hpp"

namespace stencil::kokkos {

template <int kPitch, class ExecSpace>
void tiled_step(const ExecSpace& space, const ConstDeviceView<ExecSpace>& in,
                const DeviceView<ExecSpace>& out, int rows, int cols, int /*chunks*/) {
  if constexpr (kRunsOnHost<ExecSpace>) {
    // Host form (host_forms.hpp): cache blocking, as src/openmp/tiled.cpp. A band of
    // host_form::kTileRows rows is walked in blocks host_form::kTileColumns wide, row by row, so
    // the three input rows a block row needs stay in L1 and each input is fetched about once; the
    // cache does the staging the GPU form does in scratch.
    host_form::step_row_bands(space, "stencil::kokkos::tiled", in, out, rows, cols,
                              (rows + host_form::kTileRows - 1) / host_form::kTileRows,
                              host_form::kTileColumns);
  } else {
    constexpr TeamShape kShape{kTileHeight, kTileWidth};  // one team thread per output row
    constexpr int kColumns = kTileWidth + 2;
    constexpr int kRows = kTileHeight + 2;
    static_assert(kPitch >= kRows, "a scratch row must hold a whole tile column");
    constexpr bool kTransposed = !kRunsOnHost<ExecSpace>;
    constexpr int kScratch = kTransposed ? kColumns * kPitch : kColumns * kRows;
    // Scratch index of tile cell (sx, sy); x neighbours are kStepX apart, y neighbours kStepY.
    constexpr int kStepX = kTransposed ? kPitch : 1;
    constexpr int kStepY = kTransposed ? 1 : kColumns;
    const int tiles_x = (cols + kTileWidth - 1) / kTileWidth;
    const int tiles_y = (rows + kTileHeight - 1) / kTileHeight;
    const InputView<ExecSpace> src = in;
    const auto policy = team_policy<kShape.size(), 8>(space, tiles_x * tiles_y, kShape, kScratch);
    using Member = typename decltype(policy)::member_type;

    Kokkos::parallel_for(
        "stencil::kokkos::tiled", policy, KOKKOS_LAMBDA(const Member& team) {
          ScratchView<ExecSpace> tile(team.team_scratch(0), kScratch);
          const int ox = (team.league_rank() % tiles_x) * kTileWidth;
          const int oy = (team.league_rank() / tiles_x) * kTileHeight;

          // Consecutive lanes take consecutive cells of a tile row, consecutive in global memory.
          // Clamped, so halo cells past the edge still hold a value (border outputs copy their
          // centre and never use it).
          // A tile away from the left and right edges needs no column clamp (a team-uniform test):
          // the loads are then consecutive, which a CPU's vector loop needs.
          const bool clamp_columns = ox == 0 || ox + kColumns - 1 > cols;
          Kokkos::parallel_for(Kokkos::TeamThreadRange(team, kRows), [&](int sy) {
            const int row = clamp_index(oy + sy - 1, 0, rows - 1) * cols;
            if (clamp_columns) {
              Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, kColumns), [&](int sx) {
                tile(sx * kStepX + sy * kStepY) = src(row + clamp_index(ox + sx - 1, 0, cols - 1));
              });
            } else {
              Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, kColumns), [&](int sx) {
                tile(sx * kStepX + sy * kStepY) = src(row + ox + sx - 1);
              });
            }
          });
          team.team_barrier();  // the whole tile is loaded before anyone reads a neighbour

          const int outputs_y = rows - oy < kTileHeight ? rows - oy : kTileHeight;
          const int outputs_x = cols - ox < kTileWidth ? cols - ox : kTileWidth;
          Kokkos::parallel_for(Kokkos::TeamThreadRange(team, outputs_y), [&](int ty) {
            const int y = oy + ty;
            Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, outputs_x), [&](int tx) {
              const int x = ox + tx;
              // The halo shifts the interior by one in both axes.
              const int s = (tx + 1) * kStepX + (ty + 1) * kStepY;
              const float centre = tile(s);
              const float updated = five_point(centre, tile(s - kStepX), tile(s + kStepX),
                                               tile(s - kStepY), tile(s + kStepY));
              out(y * cols + x) = is_border_2d(x, y, cols, rows) ? centre : updated;
            });
          });
        });
  }
}

static_assert(kTiledPitches.size() == 3 && kTiledPitches[0] == 32 && kTiledPitches[1] == 33 &&
                  kTiledPitches[2] == 34,
              "instantiate every pitch of kTiledPitches below");
#define INSTANTIATE_PITCH(Space, Pitch) \
  template void tiled_step<Pitch, Space>(STENCIL_KOKKOS_STEP_PARAMETERS(Space));
#define INSTANTIATE(Space) \
  INSTANTIATE_PITCH(Space, 32) INSTANTIATE_PITCH(Space, 33) INSTANTIATE_PITCH(Space, 34)
STENCIL_FOR_EACH_KOKKOS_SPACE(INSTANTIATE)

}  // namespace stencil::kokkos
