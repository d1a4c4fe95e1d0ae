// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Host forms of the Kokkos kernels: what each variant's contract means on a CPU, where a team is
// one thread (team_policy.hpp) and the hardware stages data in its caches by itself.
//
// A kernel selects its host form with `if constexpr (kRunsOnHost<ExecSpace>)` inside its own
// <name>_step; the `else` branch is the device form (team_policy.hpp). Emulating 256 GPU lanes
// on one thread (per-lane stack arrays, a scratch row published and read back, a barrier per row)
// costs a CPU more than the staging saves, so the host forms drop the staging and keep the
// contract's ownership: a team owns a band of whole rows (TeamThreadRange) and walks each row's
// contiguous columns (ThreadVectorRange), a loop the compiler vectorises. Teams are bands of rows
// handed out statically, so a thread steps the same rows every iteration.
//
// Every cell is stencil::five_point / three_point on the taps the reference uses, and border
// cells copy their centre, so every host form is bit-identical to the reference loop.
#pragma once

#include <cstddef>
#include <cstdint>

#include "kokkos/runtime/spaces.hpp"
#include "stencil/arithmetic.hpp"
#include "stencil/row_chunks.hpp"

namespace stencil::kokkos::host_form {

// Rows per band of the variants without a chunk count (naive, regblock): enough bands to share
// among the threads, few enough that a team's start costs nothing against its rows.
constexpr int kBandRows = 16;
// tiled's cache blocks, as src/openmp/tiled.cpp: 4 KiB of a row (long enough for the hardware
// prefetcher) by 64 rows, so 1024 floats or 512 doubles: the three input rows and the output row
// of a block take 16 KiB of L1 in either precision.
template <class T>
constexpr int kTileColumns = 4096 / static_cast<int>(sizeof(T));
constexpr int kTileRows = 64;

// Teams of one thread, one per band, with `scratch` of level-1 team scratch each; the static
// schedule gives each thread a contiguous range of bands.
template <class ExecSpace>
using BandPolicy = Kokkos::TeamPolicy<ExecSpace, Kokkos::Schedule<Kokkos::Static>>;

template <class ExecSpace, class T = float>
BandPolicy<ExecSpace> band_policy(const ExecSpace& space, int bands, TeamScratch<T> scratch = {}) {
  BandPolicy<ExecSpace> policy(space, bands, 1, 1);
  if (scratch.cells > 0)
    policy.set_scratch_size(1, Kokkos::PerTeam(scratch_bytes<ExecSpace>(scratch)));
  return policy;
}

// Column 0 of row y of a row-major array `cols` wide (std::size_t: a grid may pass 2^31 cells).
template <class T>
KOKKOS_INLINE_FUNCTION T* row_of(T* grid, int y, int cols) {
  return grid + static_cast<std::size_t>(y) * static_cast<std::size_t>(cols);
}

// Columns [begin, end) of row y of the 2-D stencil on a rows x cols array, by one host team: up,
// centre and down index rows y-1, y and y+1 by column (a border row passes centre for the rows
// it does not have and reads only centre). The array's first and last columns are border cells
// and copied outside the vector loop, so the loop reads only columns [begin - 1, end + 1) and
// needs neither a branch nor a select.
template <class Member, class T>
KOKKOS_INLINE_FUNCTION void update_row(const Member& team, const T* KOKKOS_RESTRICT up,
                                       const T* KOKKOS_RESTRICT centre,
                                       const T* KOKKOS_RESTRICT down, T* KOKKOS_RESTRICT out, int y,
                                       int rows, int cols, int begin, int end) {
  if (y == 0 || y == rows - 1) {  // border row: copied through
    Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, begin, end),
                         [&](int x) { out[x] = centre[x]; });
    return;
  }
  const int first = begin > 1 ? begin : 1;
  const int last = end < cols - 1 ? end : cols - 1;
  Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, first, last), [&](int x) {
    out[x] = five_point(centre[x], centre[x - 1], centre[x + 1], up[x], down[x]);
  });
  if (begin == 0)
    out[0] = centre[0];
  if (end == cols && cols > 1)
    out[cols - 1] = centre[cols - 1];
}

// One single step of a rows x cols array as bands of whole rows: row_chunk(rows, bands, b) for
// team b (more bands than rows leaves some empty), each band walked top to bottom in column
// blocks `column_block` wide (cols: whole rows), so the three input rows a block row reads stay
// in L1 however wide the array is. This is the host form of every single-step 2-D variant.
template <class T, class ExecSpace>
void step_row_bands(const ExecSpace& space, const char* label,
                    const ConstDeviceView<T, ExecSpace>& in, const DeviceView<T, ExecSpace>& out,
                    int rows, int cols, int bands, int column_block) {
  const T* const src = in.data();
  T* const dst = out.data();
  const auto policy = band_policy(space, bands);
  using Member = typename decltype(policy)::member_type;
  Kokkos::parallel_for(
      label, policy, KOKKOS_LAMBDA(const Member& team) {
        const RowChunk band = row_chunk(rows, bands, team.league_rank());
        for (int x0 = 0; x0 < cols; x0 += column_block) {
          const int x1 = cols - x0 > column_block ? x0 + column_block : cols;
          Kokkos::parallel_for(Kokkos::TeamThreadRange(team, band.begin, band.end), [&](int y) {
            update_row(team, row_of(src, y > 0 ? y - 1 : y, cols), row_of(src, y, cols),
                       row_of(src, y < rows - 1 ? y + 1 : y, cols), row_of(dst, y, cols), y, rows,
                       cols, x0, x1);
          });
        }
      });
}

// Cells [begin, end) of the 1-D stencil on n cells, by one host team; the two end cells copy
// themselves, outside the vector loop. 64-bit: a 1-D grid is limited by memory only.
template <class Member, class T>
KOKKOS_INLINE_FUNCTION void update_cells(const Member& team, const T* KOKKOS_RESTRICT in,
                                         T* KOKKOS_RESTRICT out, std::int64_t n, std::int64_t begin,
                                         std::int64_t end) {
  const std::int64_t first = begin > 1 ? begin : 1;
  const std::int64_t last = end < n - 1 ? end : n - 1;
  Kokkos::parallel_for(Kokkos::ThreadVectorRange(team, first, last),
                       [&](std::int64_t i) { out[i] = three_point(in[i - 1], in[i], in[i + 1]); });
  if (begin == 0)
    out[0] = in[0];
  if (end == n && n > 1)
    out[n - 1] = in[n - 1];
}

// One step of a 1-D array of n cells as `bands` contiguous ranges of ceil(n / bands) cells (the
// row-chunk split, row_chunks.hpp, in 64 bits), one vector loop each. The host form of naive1d
// and halo1d: a long contiguous range is what a CPU's prefetchers and vector loads want, and its
// cache already holds the neighbours a GPU stages in a tile.
template <class T, class ExecSpace>
void step_cell_bands(const ExecSpace& space, const char* label,
                     const ConstDeviceView<T, ExecSpace>& in, const DeviceView<T, ExecSpace>& out,
                     std::int64_t n, int bands) {
  const T* const src = in.data();
  T* const dst = out.data();
  const std::int64_t per_band = n / bands + (n % bands != 0);
  const auto policy = band_policy(space, bands);
  using Member = typename decltype(policy)::member_type;
  Kokkos::parallel_for(
      label, policy, KOKKOS_LAMBDA(const Member& team) {
        const std::int64_t begin = team.league_rank() * per_band;
        if (begin < n)
          update_cells(team, src, dst, n, begin, n - begin > per_band ? begin + per_band : n);
      });
}

}  // namespace stencil::kokkos::host_form
