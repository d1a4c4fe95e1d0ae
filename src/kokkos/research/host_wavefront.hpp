// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// temporal's host form: k = kFuse iterations per pass over the grid by time-skewed row bands,
// the CPU meaning of its contract (src/openmp/research/temporal.cpp is the native twin).
//
// A team owns a band of output rows [b0, b1) and a block of output columns [x0, x1) (the whole
// row unless its ring would not fit; see ring_block_columns). Level l of the k levels must
// produce rows [b0 - (k - l), b1 + (k - l)) and columns [x0 - (k - l), x1 + (k - l)), clipped to
// the array: the widening is what the levels still to come read, and neighbouring teams recompute
// it instead of exchanging it, so no team waits for another. Inside a team the levels advance as
// a skewed wavefront: at wave t, level l computes row t - l from level l-1's rows t-l-1 .. t-l+1,
// the last of which level l-1 produced earlier in the same wave. Each intermediate level keeps
// only those three rows, in a ring in the team's level-1 scratch (3 (k-1) rows: 339 KiB of floats
// at N = 4096, k = 8, inside a core's L2), so the grid crosses memory once per k iterations.
//
// Plain form (what each team computes):
//   for level in 1..k: for each (x, y): next[y][x] = border ? cur[y][x] : five_point(...)
#pragma once

#include <cstddef>

#include "kokkos/runtime/host_forms.hpp"

namespace stencil::kokkos::host_form {

constexpr int kRingRows = 3;    // rows y-1, y, y+1 of one level
constexpr int kLineBytes = 64;  // a cache line, and one AVX-512 vector
template <class T>
constexpr int kLineCells = kLineBytes / static_cast<int>(sizeof(T));

// `cells` cells of type T rounded to whole cache lines.
template <class T>
KOKKOS_INLINE_FUNCTION constexpr int round_down_to_line(int cells) {
  return cells / kLineCells<T> * kLineCells<T>;
}
template <class T>
KOKKOS_INLINE_FUNCTION constexpr int round_up_to_line(int cells) {
  return round_down_to_line<T>(cells + kLineCells<T> - 1);
}

// A ring row holds array columns [x0 - kRingMargin, x1 + kFuse) of a block [x0, x1): at least the
// kFuse columns either side the widest level needs, the left margin whole cache lines and the row
// a whole number of lines. With the ring's start on a line boundary, array column x0 then starts
// a line in every ring row, as in the grid's rows (cols a multiple of a line's cells): rows whose x
// sits at a different offset in a line than the input's and output's ran the fused levels slower
// (docs/design.md gives the figures).
template <int kFuse, class T>
constexpr int kRingMargin = round_up_to_line<T>(kFuse);
template <int kFuse, class T>
KOKKOS_INLINE_FUNCTION constexpr int ring_pitch(int block_columns) {
  return round_up_to_line<T>(kRingMargin<kFuse, T> + block_columns + kFuse);
}

// Columns of output a team's block spans: the whole row while its ring fits in kRingBudget
// bytes (a share of a core's L2 the rows of level 0 and the output also stream through), else
// the widest block of whole cache lines that fits, at least 64 columns.
template <int kFuse, class T>
int ring_block_columns(int cols) {
  constexpr std::size_t kRingBudget = 512 * 1024;
  constexpr std::size_t kRingRowsTotal = static_cast<std::size_t>(kRingRows) * (kFuse - 1);
  if (kRingRowsTotal == 0 ||
      kRingRowsTotal * static_cast<std::size_t>(ring_pitch<kFuse, T>(cols)) * sizeof(T) <=
          kRingBudget)
    return cols;
  constexpr int kPitchFits = round_down_to_line<T>(
      static_cast<int>(kRingBudget / sizeof(T) / (kRingRowsTotal > 0 ? kRingRowsTotal : 1)));
  constexpr int kFits = round_down_to_line<T>(kPitchFits - kRingMargin<kFuse, T> - kFuse);
  return kFits < 64 ? 64 : kFits;
}

template <int kFuse, class T>
class Wavefront {
 public:
  // ring: 3 (kFuse - 1) rows of ring_pitch(x1 - x0) cells, starting on a cache line.
  KOKKOS_INLINE_FUNCTION Wavefront(const T* in, T* out, int rows, int cols, RowChunk band, int x0,
                                   int x1, T* ring)
      : in_(in), out_(out), rows_(rows), cols_(cols), band_(band), x0_(x0), x1_(x1), ring_(ring) {}

  template <class Member>
  KOKKOS_INLINE_FUNCTION void run(const Member& team) const {
    // Wave t computes row t - l of every level l; the first wave starts level 1's first row, the
    // last finishes level k's last row.
    for (int t = first_row(1) + 1; t < end_row(kFuse) + kFuse; ++t) {
      for (int level = 1; level <= kFuse; ++level) {
        const int y = t - level;
        if (y >= first_row(level) && y < end_row(level))
          compute(team, level, y);
      }
    }
  }

 private:
  // Rows and columns level `level` must produce: the team's, widened by the levels to come.
  KOKKOS_INLINE_FUNCTION int first_row(int level) const {
    const int y = band_.begin - (kFuse - level);
    return y > 0 ? y : 0;
  }
  KOKKOS_INLINE_FUNCTION int end_row(int level) const {
    const int y = band_.end + (kFuse - level);
    return y < rows_ ? y : rows_;
  }
  KOKKOS_INLINE_FUNCTION int first_column(int level) const {
    const int x = x0_ - (kFuse - level);
    return x > 0 ? x : 0;
  }
  KOKKOS_INLINE_FUNCTION int end_column(int level) const {
    const int x = x1_ + (kFuse - level);
    return x < cols_ ? x : cols_;
  }

  // Row y of level `level`, indexed by array column: the input at level 0, the ring in between
  // (whose column 0 is array column x0 - kRingMargin), the output at level k.
  KOKKOS_INLINE_FUNCTION const T* source(int level, int y) const {
    return level == 0 ? row_of(in_, y, cols_) : ring_row(level, y);
  }
  KOKKOS_INLINE_FUNCTION T* ring_row(int level, int y) const {
    const int slot = (level - 1) * kRingRows + y % kRingRows;
    return ring_ + static_cast<std::ptrdiff_t>(slot) * ring_pitch<kFuse, T>(x1_ - x0_) -
           (x0_ - kRingMargin<kFuse, T>);
  }

  template <class Member>
  KOKKOS_INLINE_FUNCTION void compute(const Member& team, int level, int y) const {
    // Border rows read only their own row, so the clamped neighbours are never used.
    const T* up = source(level - 1, y > 0 ? y - 1 : y);
    const T* centre = source(level - 1, y);
    const T* down = source(level - 1, y < rows_ - 1 ? y + 1 : y);
    T* dst = level == kFuse ? row_of(out_, y, cols_) : ring_row(level, y);
    update_row(team, up, centre, down, dst, y, rows_, cols_, first_column(level),
               end_column(level));
  }

  const T* in_;
  T* out_;
  int rows_;
  int cols_;
  RowChunk band_;
  int x0_;
  int x1_;
  T* ring_;
};

// k fused steps of a rows x cols array: `bands` row bands (0: one per thread of the space) times
// the column blocks ring_block_columns picks, one team each.
template <int kFuse, class T, class ExecSpace>
void step_fused_bands(const ExecSpace& space, const char* label,
                      const ConstDeviceView<T, ExecSpace>& in, const DeviceView<T, ExecSpace>& out,
                      int rows, int cols, int bands) {
  if (bands <= 0)
    bands = space.concurrency();
  const int block = ring_block_columns<kFuse, T>(cols);
  const int blocks = (cols + block - 1) / block;
  const std::size_t ring_cells =
      static_cast<std::size_t>(kRingRows) * (kFuse - 1) * ring_pitch<kFuse, T>(block);
  const T* const src = in.data();
  T* const dst = out.data();
  // One line more than the ring, so that its start can be moved to a line boundary.
  const auto policy = band_policy(space, bands * blocks,
                                  TeamScratch<T>{ring_cells > 0 ? ring_cells + kLineCells<T> : 0});
  using Member = typename decltype(policy)::member_type;
  Kokkos::parallel_for(
      label, policy, KOKKOS_LAMBDA(const Member& team) {
        const RowChunk band = row_chunk(rows, bands, team.league_rank() / blocks);
        if (band.empty())
          return;
        const int x0 = (team.league_rank() % blocks) * block;
        const int x1 = cols - x0 > block ? x0 + block : cols;
        T* ring = ring_cells > 0 ? static_cast<T*>(team.team_scratch(1).get_shmem_aligned(
                                       ring_cells * sizeof(T), kLineBytes))
                                 : nullptr;
        Wavefront<kFuse, T>(src, dst, rows, cols, band, x0, x1, ring).run(team);
      });
}

}  // namespace stencil::kokkos::host_form
