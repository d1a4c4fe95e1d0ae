// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// temporal, CPU twin: k = config.fuse iterations per pass over the grid by wavefront
// blocking, bit-identical to k single steps.
//
// The rows are split into bands (config.chunks, default one per thread; static schedule, so a
// thread's band is the rows grid_buffer.cpp's first touch gave it). A band of output rows
// [b0, b1) at level k needs level l rows [b0 - (k - l), b1 + (k - l)): the k - l extra rows on
// each side are recomputed by both neighbouring bands instead of being exchanged, so no thread
// ever waits for another. Inside a band the levels advance as a skewed wavefront: at wave t,
// level l computes row t - l from level l-1's rows t-l-1, t-l and t-l+1, the last of which level
// l-1 produced earlier in the same wave. Each intermediate level keeps only those three rows, in
// a per-thread ring (3 (k-1) rows of cols cells: at N = 4096, k = 8, 336 KiB of floats or 672 KiB
// of doubles, inside a 1 MiB L2), so the grid crosses memory once per k iterations: level 0 is read
// from `in`, level k written to `out`.
//
// Plain form (what each band computes):
//   for level in 1..k: for each (x, y): next[y][x] = border ? cur[y][x] : five_point(...)
#include <omp.h>

#include <vector>

#include "openmp/kernels.hpp"
#include "openmp/row_update.hpp"
#include "stencil/row_chunks.hpp"

namespace stencil::openmp {
namespace {

constexpr int kRingRows = 3;  // rows y-1, y, y+1 of one level

template <class T>
class Wavefront {
 public:
  Wavefront(const T* in, T* out, ArrayExtent extent, int fuse, RowChunk band, T* ring)
      : in_(in),
        out_(out),
        rows_(extent.rows),
        cols_(extent.cols),
        fuse_(fuse),
        band_(band),
        ring_(ring) {}

  void run() {
    // Wave t computes row t - l of every level l; the first wave starts level 1's first row, the
    // last finishes level k's last row.
    for (int t = first_row(1) + 1; t < end_row(fuse_) + fuse_; ++t) {
      for (int level = 1; level <= fuse_; ++level) {
        const int y = t - level;
        if (y >= first_row(level) && y < end_row(level))
          compute(level, y);
      }
    }
  }

 private:
  // Rows level `level` must produce: the band, widened by the levels still to come.
  int first_row(int level) const {
    const int y = band_.begin - (fuse_ - level);
    return y > 0 ? y : 0;
  }
  int end_row(int level) const {
    const int y = band_.end + (fuse_ - level);
    return y < rows_ ? y : rows_;
  }

  // Row y of level `level`: the input grid at level 0, the output at level k, else the ring.
  const T* source(int level, int y) const {
    return level == 0 ? grid_row(in_, y, cols_) : ring_row(level, y);
  }
  T* ring_row(int level, int y) const {
    return ring_ + (static_cast<long>(level - 1) * kRingRows + y % kRingRows) * cols_;
  }

  void compute(int level, int y) {
    // Border rows read only their own row, so the clamped neighbours are never used.
    const T* up = source(level - 1, y > 0 ? y - 1 : y);
    const T* centre = source(level - 1, y);
    const T* down = source(level - 1, y < rows_ - 1 ? y + 1 : y);
    T* dst = level == fuse_ ? out_ + static_cast<long>(y) * cols_ : ring_row(level, y);
    update_row_2d(up, centre, down, dst, y, rows_, cols_, 0, cols_);
  }

  const T* in_;
  T* out_;
  int rows_;
  int cols_;
  int fuse_;
  RowChunk band_;
  T* ring_;
};

}  // namespace

template <class T>
void temporal_step(const T* in, T* out, ArrayExtent extent, const RunConfig& config) {
  const int fuse = config.fuse;
  const int bands = config.chunks > 0 ? config.chunks : omp_get_max_threads();
  const std::size_t ring_cells = static_cast<std::size_t>(fuse - 1) * kRingRows * extent.cols;
#pragma omp parallel
  {
    // Each thread's ring (one per element type) lives as long as the thread, so steps after the
    // first allocate nothing and it stays in that core's cache.
    thread_local std::vector<T> ring;
    if (ring.size() < ring_cells)
      ring.resize(ring_cells);
#pragma omp for schedule(static)
    for (int b = 0; b < bands; ++b) {
      const RowChunk band = row_chunk(extent.rows, bands, b);
      if (!band.empty())
        Wavefront<T>(in, out, extent, fuse, band, ring.data()).run();
    }
  }
}

STENCIL_ELEMENT_TYPES(STENCIL_OPENMP_INSTANTIATE_STEP, temporal)

}  // namespace stencil::openmp
