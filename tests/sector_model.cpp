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
constexpr Index kFloatsPerSector = 8;

// ---- closed forms --------------------------------------------------------------------------

void require_multiple_of_256(int n, int minimum) {
  if (n % 256 != 0 || n < minimum) {
    throw std::invalid_argument("the closed forms need n a multiple of 256 and >= " +
                                std::to_string(minimum) + ", got " + std::to_string(n));
  }
}

// naive, 32x8 blocks: a warp is 32 cells of one row. Interior warp: centre 4 sectors, left and
// right neighbours 5 each (shifted by one float, they straddle one extra sector), up and down 4
// each: 22 loads, 4 stores. The first and last warp of a row lose one sector on their outer
// neighbour (their border lane does not load it): 21. Border rows load only the centre: 4.
Sectors naive(Index n) {
  const Index w = n / kWarp;
  return {static_cast<std::uint64_t>(2 * w * 4 + (n - 2) * ((w - 2) * 22 + 2 * 21)),
          static_cast<std::uint64_t>(n * w * 4)};
}

// tiled, 32x8 outputs from a 34x10 tile loaded by 256 threads in two passes (11 warp loads).
// A tile row spans 34 floats from ox-1: 6 sectors. Every one of the 10 rows is split between two
// warps at a point that is not sector-aligned, which costs one more sector: 70 per block. Blocks
// at x = 0 or x = n-32 clamp their halo column onto the row: 5 sectors per row, -10. Blocks at
// y = 0 or y = n-8 clamp two tile rows onto one global row, and the warp holding both reads one
// shared sector once: -1. Stores: 8 warps x 4 sectors.
Sectors tiled(Index n) {
  const Index bx = n / kTileWidth;
  const Index by = n / kTileHeight;
  return {static_cast<std::uint64_t>(70 * bx * by - 10 * 2 * by - 1 * 2 * bx),
          static_cast<std::uint64_t>(32 * bx * by)};
}

// strip: per block and row, 8 warps read rows y-1, y and y+1 (3 x 32 sectors; none above row 0
// or below row n-1), two edge threads read one halo float each (2 sectors), 8 warps store 32.
Sectors strip(Index n) {
  const Index strips = n / kStripWidth;
  return {static_cast<std::uint64_t>(strips * (34 * n + 64 * (n - 1))),
          static_cast<std::uint64_t>(strips * 32 * n)};
}

// rolling: per block and row only row y+1 (32 sectors, none below row n-1) and the halo (2);
// each chunk first primes rows y0-1 (none for the first chunk) and y0: 64 sectors.
Sectors rolling(Index n, int chunks) {
  const Index strips = n / kStripWidth;
  const Index rows = rows_per_chunk(static_cast<int>(n), chunks);
  const Index used_chunks = (n + rows - 1) / rows;  // trailing chunks can be empty
  return {static_cast<std::uint64_t>(
              strips * (32 * used_chunks + 32 * (used_chunks - 1) + 2 * n + 32 * (n - 1))),
          static_cast<std::uint64_t>(strips * 32 * n)};
}

// naive1d: interior warp 5 + 4 + 5 = 14 load sectors, 4 store; the first and last warp save one.
Sectors naive1d(Index n) {
  const Index w = n / kWarp;
  return {static_cast<std::uint64_t>(14 * w - 2), static_cast<std::uint64_t>(4 * w)};
}

// halo1d: per 256-thread block, 8 warps load their centres (32 sectors), two edge threads one
// halo float each (2), 8 warps store 32.
Sectors halo1d(Index n) {
  const Index blocks = n / kHaloBlock1D;
  return {static_cast<std::uint64_t>(34 * blocks), static_cast<std::uint64_t>(32 * blocks)};
}

// ---- brute force -----------------------------------------------------------------------------

// The lane addresses (in floats) of one warp-wide access.
class WarpAccess {
 public:
  void add(Index float_index) { index_[count_++] = float_index; }
  // Distinct sectors touched; 0 when no lane is active.
  std::uint64_t sectors() {
    std::sort(index_.begin(), index_.begin() + count_);
    std::uint64_t distinct = 0;
    for (int i = 0; i < count_; ++i) {
      if (i == 0 || index_[i] / kFloatsPerSector != index_[i - 1] / kFloatsPerSector)
        ++distinct;
    }
    count_ = 0;
    return distinct;
  }

 private:
  std::array<Index, kWarp> index_{};
  int count_ = 0;
};

Index clamp(Index i, Index lo, Index hi) {
  return std::min(std::max(i, lo), hi);
}

bool border_2d(Index x, Index y, Index n) {
  return x == 0 || y == 0 || x == n - 1 || y == n - 1;
}

Sectors simulate_naive(Index n) {
  Sectors s;
  WarpAccess a;
  for (Index y = 0; y < n; ++y) {
    for (Index x0 = 0; x0 < n; x0 += kWarp) {
      const Index lanes = std::min<Index>(kWarp, n - x0);
      for (Index l = 0; l < lanes; ++l)
        a.add(y * n + x0 + l);
      s.load += a.sectors();  // centre, every lane
      for (const Index offset : {Index{-1}, Index{1}, -n, n}) {
        for (Index l = 0; l < lanes; ++l) {
          if (!border_2d(x0 + l, y, n))
            a.add(y * n + x0 + l + offset);
        }
        s.load += a.sectors();
      }
      for (Index l = 0; l < lanes; ++l)
        a.add(y * n + x0 + l);
      s.store += a.sectors();
    }
  }
  return s;
}

Sectors simulate_tiled(Index n) {
  constexpr Index kPitch = kTileWidth + 2;
  constexpr Index kCells = kPitch * (kTileHeight + 2);
  constexpr Index kThreads = kTileWidth * kTileHeight;
  Sectors s;
  WarpAccess a;
  for (Index oy = 0; oy < n; oy += kTileHeight) {
    for (Index ox = 0; ox < n; ox += kTileWidth) {
      for (Index pass = 0; pass < kCells; pass += kThreads) {
        for (Index warp = 0; warp < kThreads; warp += kWarp) {
          for (Index t = pass + warp; t < std::min(pass + warp + kWarp, kCells); ++t)
            a.add(clamp(oy + t / kPitch - 1, 0, n - 1) * n + clamp(ox + t % kPitch - 1, 0, n - 1));
          s.load += a.sectors();
        }
      }
      for (Index ty = 0; ty < kTileHeight; ++ty) {  // one warp per tile row
        for (Index tx = 0; tx < kTileWidth; ++tx) {
          if (ox + tx < n && oy + ty < n)
            a.add((oy + ty) * n + ox + tx);
        }
        s.store += a.sectors();
      }
    }
  }
  return s;
}

// strip and rolling share the walk; `rolling` reads row y+1 only, after priming each chunk.
Sectors simulate_strip_walk(Index n, int chunks, bool rolling) {
  Sectors s;
  WarpAccess a;
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
        s.load += (y0 > 0 ? whole_row(x_base, y0 - 1) : 0) + whole_row(x_base, y0);
      }
      for (Index y = y0; y < y_end; ++y) {
        if (!rolling) {
          s.load += (y > 0 ? whole_row(x_base, y - 1) : 0) + whole_row(x_base, y);
        }
        s.load += y + 1 < n ? whole_row(x_base, y + 1) : 0;
        s.load += 2;  // the two halo threads, one float each
        for (Index w = 0; w < kStripWidth; w += kWarp) {
          for (Index l = 0; l < kWarp; ++l) {
            if (x_base + w + l < n)
              a.add(y * n + x_base + w + l);
          }
          s.store += a.sectors();
        }
      }
    }
  }
  return s;
}

Sectors simulate_naive1d(Index n) {
  Sectors s;
  WarpAccess a;
  for (Index i0 = 0; i0 < n; i0 += kWarp) {
    const Index lanes = std::min<Index>(kWarp, n - i0);
    for (Index l = 0; l < lanes; ++l)
      a.add(i0 + l);
    s.load += a.sectors();
    for (const Index offset : {Index{-1}, Index{1}}) {
      for (Index l = 0; l < lanes; ++l) {
        if (i0 + l != 0 && i0 + l != n - 1)
          a.add(i0 + l + offset);
      }
      s.load += a.sectors();
    }
    for (Index l = 0; l < lanes; ++l)
      a.add(i0 + l);
    s.store += a.sectors();
  }
  return s;
}

Sectors simulate_halo1d(Index n) {
  Sectors s;
  WarpAccess a;
  for (Index base = 0; base < n; base += kHaloBlock1D) {
    for (Index w = 0; w < kHaloBlock1D; w += kWarp) {
      for (Index l = 0; l < kWarp; ++l)  // every thread loads its (clamped) centre
        a.add(clamp(base + w + l, 0, n - 1));
      s.load += a.sectors();
      for (Index l = 0; l < kWarp; ++l) {
        if (base + w + l < n)
          a.add(base + w + l);
      }
      s.store += a.sectors();
    }
    s.load += 2;  // thread 0 and thread 255: one halo float each
  }
  return s;
}

}  // namespace

Sectors derived_sectors_per_launch(Variant variant, int n, int chunks) {
  switch (variant) {
    case Variant::naive:
      require_multiple_of_256(n, 512);
      return naive(n);
    case Variant::tiled:
      require_multiple_of_256(n, 512);
      return tiled(n);
    case Variant::strip:
      require_multiple_of_256(n, 512);
      return strip(n);
    case Variant::rolling:
      require_multiple_of_256(n, 512);
      return rolling(n, chunks);
    case Variant::naive1d:
      require_multiple_of_256(n, 256);
      return naive1d(n);
    case Variant::halo1d:
      require_multiple_of_256(n, 256);
      return halo1d(n);
  }
  throw std::logic_error("variant without a sector derivation");
}

Sectors simulated_sectors_per_launch(Variant variant, int n, int chunks) {
  switch (variant) {
    case Variant::naive:
      return simulate_naive(n);
    case Variant::tiled:
      return simulate_tiled(n);
    case Variant::strip:
      return simulate_strip_walk(n, chunks, false);
    case Variant::rolling:
      return simulate_strip_walk(n, chunks, true);
    case Variant::naive1d:
      return simulate_naive1d(n);
    case Variant::halo1d:
      return simulate_halo1d(n);
  }
  throw std::logic_error("variant without a sector simulation");
}

}  // namespace stencil::test
