// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "sector_model.hpp"

#include <algorithm>
#include <array>
#include <stdexcept>
#include <string>

namespace stencil::test {
namespace {

using Index = std::int64_t;
constexpr int kWarp = 32;

// ---- closed forms --------------------------------------------------------------------------
//
// `s` is the sectors of one warp-wide access to 32 consecutive cells that start on a sector
// boundary: 4 in fp32, 8 in fp64. Every block's first column is a multiple of 32, and n is a
// multiple of 256, so every row, warp and tile column starts on a sector boundary in both
// precisions; the forms below count the same accesses in both, only s changes.

void require_multiple_of_256(int n, int minimum) {
  if (n % 256 != 0 || n < minimum) {
    throw std::invalid_argument("the closed forms need n a multiple of 256 and >= " +
                                std::to_string(minimum) + ", got " + std::to_string(n));
  }
}

Sectors load_store(Index load, Index store) {
  return {static_cast<std::uint64_t>(load), static_cast<std::uint64_t>(store)};
}

// naive, 32x8 blocks: a warp is 32 cells of one row. Interior warp: centre s sectors, left and
// right neighbours s + 1 each (shifted by one cell, they straddle one extra sector), up and down
// s each: 5s + 2 loads, s stores (fp32: centre 4, left and right 5, up and down 4: 22 loads, 4
// stores; fp64: 8, 9, 8: 42 loads, 8 stores). The first and last warp of a row lose one sector
// on their outer neighbour (their border lane does not load it): 5s + 1 (21, 41). Border rows load
// only the centre: s.
Sectors naive(Index n, Index s) {
  const Index w = n / kWarp;
  return load_store(2 * w * s + (n - 2) * ((w - 2) * (5 * s + 2) + 2 * (5 * s + 1)), n * w * s);
}

// tiled, 32x8 outputs from a 34x10 tile loaded by 256 threads in two passes (11 warp loads).
// A tile row spans 34 cells from ox-1: the cell before ox, ox..ox+31, the cell after: s + 2
// sectors (fp32 6, fp64 10). Every one of the 10 rows is split between two warps at cell
// ox+31, ox+29, ..., ox+13, an odd cell that never starts a sector of 8 or 4 cells, which costs
// one more: 10(s + 3) per block (70, 110). Blocks at x = 0 or x = n-32 clamp their halo column
// onto the row's own sector: -1 per row, -10. Blocks at y = 0 or y = n-8 clamp two tile rows onto
// one global row, and the warp holding the end of one and the start of the other reads one
// shared sector once: -1. Stores: 8 warps x s sectors (32, 64).
Sectors tiled(Index n, Index s) {
  const Index bx = n / kTileWidth;
  const Index by = n / kTileHeight;
  return load_store(10 * (s + 3) * bx * by - 10 * 2 * by - 1 * 2 * bx, 8 * s * bx * by);
}

// strip: per block and row, 8 warps read rows y-1, y and y+1 (3 x 8s sectors, fp32 96, fp64 192;
// none above row 0 or below row n-1), two edge threads read one halo cell each (2 sectors), 8
// warps store 8s (32, 64).
Sectors strip(Index n, Index s) {
  const Index strips = n / kStripWidth;
  return load_store(strips * ((8 * s + 2) * n + 2 * 8 * s * (n - 1)), strips * 8 * s * n);
}

// rolling: per block and row only row y+1 (8s sectors, fp32 32, fp64 64; none below row n-1)
// and the halo (2); each chunk first primes rows y0-1 (none for the first chunk) and y0: 2 x 8s
// (64, 128). Stores as strip.
Sectors rolling(Index n, int chunks, Index s) {
  const Index strips = n / kStripWidth;
  const Index rows = rows_per_chunk(static_cast<int>(n), chunks);
  const Index used_chunks = (n + rows - 1) / rows;  // trailing chunks can be empty
  const Index row = 8 * s;                          // one block-wide row
  return load_store(strips * (row * used_chunks + row * (used_chunks - 1) + 2 * n + row * (n - 1)),
                    strips * row * n);
}

// naive1d: interior warp (s + 1) + s + (s + 1) = 3s + 2 load sectors (fp32 5 + 4 + 5 = 14, fp64
// 9 + 8 + 9 = 26), s store (4, 8); the first and last warp save one.
Sectors naive1d(Index n, Index s) {
  const Index w = n / kWarp;
  return load_store((3 * s + 2) * w - 2, s * w);
}

// halo1d: per 256-thread block, 8 warps load their centres (8s sectors, fp32 32, fp64 64), two
// edge threads one halo cell each (2), 8 warps store 8s.
Sectors halo1d(Index n, Index s) {
  const Index blocks = n / kHaloBlock1D;
  return load_store((8 * s + 2) * blocks, 8 * s * blocks);
}

// ---- brute force -----------------------------------------------------------------------------

// The lane addresses (in cells) of one warp-wide access, and the sectors they touch.
class WarpAccess {
 public:
  explicit WarpAccess(Precision precision) : cells_per_sector_(cells_per_sector(precision)) {}
  void add(Index cell_index) { index_[count_++] = cell_index; }
  // Distinct sectors touched; 0 when no lane is active.
  std::uint64_t sectors() {
    std::sort(index_.begin(), index_.begin() + count_);
    std::uint64_t distinct = 0;
    for (int i = 0; i < count_; ++i) {
      if (i == 0 || index_[i] / cells_per_sector_ != index_[i - 1] / cells_per_sector_)
        ++distinct;
    }
    count_ = 0;
    return distinct;
  }

 private:
  Index cells_per_sector_;
  std::array<Index, kWarp> index_{};
  int count_ = 0;
};

Index clamp(Index i, Index lo, Index hi) {
  return std::min(std::max(i, lo), hi);
}

bool border_2d(Index x, Index y, Index n) {
  return x == 0 || y == 0 || x == n - 1 || y == n - 1;
}

Sectors simulate_naive(Index n, Precision precision) {
  Sectors sum;
  WarpAccess a(precision);
  for (Index y = 0; y < n; ++y) {
    for (Index x0 = 0; x0 < n; x0 += kWarp) {
      const Index lanes = std::min<Index>(kWarp, n - x0);
      for (Index l = 0; l < lanes; ++l)
        a.add(y * n + x0 + l);
      sum.load += a.sectors();  // centre, every lane
      for (const Index offset : {Index{-1}, Index{1}, -n, n}) {
        for (Index l = 0; l < lanes; ++l) {
          if (!border_2d(x0 + l, y, n))
            a.add(y * n + x0 + l + offset);
        }
        sum.load += a.sectors();
      }
      for (Index l = 0; l < lanes; ++l)
        a.add(y * n + x0 + l);
      sum.store += a.sectors();
    }
  }
  return sum;
}

Sectors simulate_tiled(Index n, Precision precision) {
  constexpr Index kPitch = kTileWidth + 2;
  constexpr Index kCells = kPitch * (kTileHeight + 2);
  constexpr Index kThreads = kTileWidth * kTileHeight;
  Sectors sum;
  WarpAccess a(precision);
  for (Index oy = 0; oy < n; oy += kTileHeight) {
    for (Index ox = 0; ox < n; ox += kTileWidth) {
      for (Index pass = 0; pass < kCells; pass += kThreads) {
        for (Index warp = 0; warp < kThreads; warp += kWarp) {
          for (Index t = pass + warp; t < std::min(pass + warp + kWarp, kCells); ++t)
            a.add(clamp(oy + t / kPitch - 1, 0, n - 1) * n + clamp(ox + t % kPitch - 1, 0, n - 1));
          sum.load += a.sectors();
        }
      }
      for (Index ty = 0; ty < kTileHeight; ++ty) {  // one warp per tile row
        for (Index tx = 0; tx < kTileWidth; ++tx) {
          if (ox + tx < n && oy + ty < n)
            a.add((oy + ty) * n + ox + tx);
        }
        sum.store += a.sectors();
      }
    }
  }
  return sum;
}

// strip and rolling share the walk; `rolling` reads row y+1 only, after priming each chunk.
Sectors simulate_strip_walk(Index n, int chunks, bool rolling, Precision precision) {
  Sectors sum;
  WarpAccess a(precision);
  const Index rows = rows_per_chunk(static_cast<int>(n), chunks);
  auto whole_row = [&](Index x_base, Index row) {  // 8 warps, clamped columns
    std::uint64_t sectors = 0;
    for (Index w = 0; w < kStripWidth; w += kWarp) {
      for (Index l = 0; l < kWarp; ++l)
        a.add(row * n + std::min(x_base + w + l, n - 1));
      sectors += a.sectors();
    }
    return sectors;
  };
  for (Index x_base = 0; x_base < n; x_base += kStripWidth) {
    for (int chunk = 0; chunk < chunks; ++chunk) {
      const Index y0 = chunk * rows;
      if (y0 >= n)
        continue;
      const Index y_end = std::min(y0 + rows, n);
      if (rolling) {
        sum.load += (y0 > 0 ? whole_row(x_base, y0 - 1) : 0) + whole_row(x_base, y0);
      }
      for (Index y = y0; y < y_end; ++y) {
        if (!rolling) {
          sum.load += (y > 0 ? whole_row(x_base, y - 1) : 0) + whole_row(x_base, y);
        }
        sum.load += y + 1 < n ? whole_row(x_base, y + 1) : 0;
        sum.load += 2;  // the two halo threads, one cell each
        for (Index w = 0; w < kStripWidth; w += kWarp) {
          for (Index l = 0; l < kWarp; ++l) {
            if (x_base + w + l < n)
              a.add(y * n + x_base + w + l);
          }
          sum.store += a.sectors();
        }
      }
    }
  }
  return sum;
}

Sectors simulate_naive1d(Index n, Precision precision) {
  Sectors sum;
  WarpAccess a(precision);
  for (Index i0 = 0; i0 < n; i0 += kWarp) {
    const Index lanes = std::min<Index>(kWarp, n - i0);
    for (Index l = 0; l < lanes; ++l)
      a.add(i0 + l);
    sum.load += a.sectors();
    for (const Index offset : {Index{-1}, Index{1}}) {
      for (Index l = 0; l < lanes; ++l) {
        if (i0 + l != 0 && i0 + l != n - 1)
          a.add(i0 + l + offset);
      }
      sum.load += a.sectors();
    }
    for (Index l = 0; l < lanes; ++l)
      a.add(i0 + l);
    sum.store += a.sectors();
  }
  return sum;
}

Sectors simulate_halo1d(Index n, Precision precision) {
  Sectors sum;
  WarpAccess a(precision);
  for (Index base = 0; base < n; base += kHaloBlock1D) {
    for (Index w = 0; w < kHaloBlock1D; w += kWarp) {
      for (Index l = 0; l < kWarp; ++l)  // every thread loads its (clamped) centre
        a.add(clamp(base + w + l, 0, n - 1));
      sum.load += a.sectors();
      for (Index l = 0; l < kWarp; ++l) {
        if (base + w + l < n)
          a.add(base + w + l);
      }
      sum.store += a.sectors();
    }
    sum.load += 2;  // thread 0 and thread 255: one halo cell each
  }
  return sum;
}

}  // namespace

Sectors derived_sectors_per_launch(Variant variant, int n, int chunks, Precision precision) {
  const Index s = kWarp / cells_per_sector(precision);
  switch (variant) {
    case Variant::naive:
      require_multiple_of_256(n, 512);
      return naive(n, s);
    case Variant::tiled:
      require_multiple_of_256(n, 512);
      return tiled(n, s);
    case Variant::strip:
      require_multiple_of_256(n, 512);
      return strip(n, s);
    case Variant::rolling:
      require_multiple_of_256(n, 512);
      return rolling(n, chunks, s);
    case Variant::naive1d:
      require_multiple_of_256(n, 256);
      return naive1d(n, s);
    case Variant::halo1d:
      require_multiple_of_256(n, 256);
      return halo1d(n, s);
    default:  // the other variants have no derivation in this model
      break;
  }
  throw std::logic_error("variant without a sector derivation");
}

Sectors simulated_sectors_per_launch(Variant variant, int n, int chunks, Precision precision) {
  switch (variant) {
    case Variant::naive:
      return simulate_naive(n, precision);
    case Variant::tiled:
      return simulate_tiled(n, precision);
    case Variant::strip:
      return simulate_strip_walk(n, chunks, false, precision);
    case Variant::rolling:
      return simulate_strip_walk(n, chunks, true, precision);
    case Variant::naive1d:
      return simulate_naive1d(n, precision);
    case Variant::halo1d:
      return simulate_halo1d(n, precision);
    default:
      break;
  }
  throw std::logic_error("variant without a sector simulation");
}

}  // namespace stencil::test
