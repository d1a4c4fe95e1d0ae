// The one table of stencil variants. It drives -variant, -list, the tests and the benchmarks:
// adding a variant means one kernel file per implementation plus one row here.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

#include "stencil/row_chunks.hpp"

namespace stencil {

enum class Variant {
  naive,
  tiled,
  strip,
  rolling,
  regblock,
  doublebuf,
  doublebuf_async,
  naive1d,
  halo1d,
  stream,
  temporal
};

struct VariantInfo {
  Variant id;
  std::string_view name;
  int dimensions;    // 2: N x N grid, 1: N cells
  bool uses_chunks;  // strip/rolling/doublebuf*/stream/temporal: the row-chunk count (-chunks)
  bool uses_patch;   // regblock: the patch size p (-patch) picks the kernel instantiation
  bool uses_pitch;   // tiled: the shared tile's row pitch (-pitch) picks the kernel instantiation
  std::string_view contract;
};

// Columns: id, name, dimensions, uses_chunks, uses_patch, uses_pitch, contract.
inline constexpr std::array<VariantInfo, 11> kVariants{{
    {Variant::naive, "naive", 2, false, false, false, "one output per thread, five global reads"},
    {Variant::tiled, "tiled", 2, false, false, true,
     "32x8 outputs per team from a 34x10 scratch tile with halo, stored transposed (-pitch)"},
    {Variant::strip, "strip", 2, true, false, false,
     "256-column strip x row chunk, rows y-1, y, y+1 re-read every step"},
    {Variant::rolling, "rolling", 2, true, false, false,
     "as strip, rows y-1 and y rolled in registers, one 258-float scratch row"},
    {Variant::regblock, "regblock", 2, false, true, false,
     "p x p outputs per lane from registers, 32p x 8p per team from a scratch tile (-patch)"},
    {Variant::doublebuf, "doublebuf", 2, true, false, false,
     "32-column strip x row chunk in 32x8 stages, two scratch tiles, register-staged prefetch"},
    {Variant::doublebuf_async, "doublebuf_async", 2, true, false, false,
     "as doublebuf, next stage copied with cp.async (CUDA); Kokkos: same as doublebuf"},
    {Variant::naive1d, "naive1d", 1, false, false, false,
     "1-D three-point, three global reads per output"},
    {Variant::halo1d, "halo1d", 1, false, false, false,
     "1-D three-point from a 258-float scratch tile"},
    {Variant::stream, "stream", 2, true, false, false,
     "rolling over 1024-2048-column blocks, 16-byte loads, prefetched rows: bandwidth limit"},
    {Variant::temporal, "temporal", 2, true, false, false,
     "-fuse k iterations per pass over the grid (temporal blocking), bit-identical to k steps"},
}};

// Bytes a cell update ideally moves: one 4-byte read plus one 4-byte write.
inline constexpr double kBytesPerCellUpdate = 8.0;
// Row chunks when none are asked for (RunConfig::chunks == 0): the seeds' 16 for strip, rolling
// and doublebuf*; stream and temporal pick their own (see their launchers).
inline constexpr int kDefaultChunks = 16;
// Iterations the temporal variant fuses into one pass when none are asked for.
inline constexpr int kDefaultFuse = 4;
// Largest 2-D N whose N*N cells a 32-bit int index can address.
inline constexpr int kMaxGridSize2D = 46340;

// Launch geometry shared by the Kokkos and CUDA kernels, so both follow the same contract.
inline constexpr int kStripWidth = 256;   // strip/rolling: columns owned by one team/block
inline constexpr int kTileWidth = 32;     // tiled: outputs per team/block in x
inline constexpr int kTileHeight = 8;     // tiled: outputs per team/block in y
inline constexpr int kHaloBlock1D = 256;  // halo1d: outputs per team/block

// tiled: the 34x10 tile is stored transposed, one shared row per tile column, so a warp (32
// consecutive x at one y) reads down a column of the shared array. The row pitch in floats is a
// compile-time choice made at run time (-pitch): 32 puts a warp's 32 reads in one bank (32-way
// conflict), 34 in 16 banks (2-way), 33 in 32 banks (none). Every pitch gives the same result.
inline constexpr std::array<int, 3> kTiledPitches{32, 33, 34};
inline constexpr int kDefaultTiledPitch = 33;

// regblock: a 32x8 team/block whose lanes each compute a p x p patch, so the team covers 32p x 8p
// outputs. p is a compile-time choice made at run time (-patch).
inline constexpr int kRegBlockLanesX = 32;
inline constexpr int kRegBlockLanesY = 8;
inline constexpr std::array<int, 2> kPatchSizes{2, 4};
inline constexpr int kDefaultPatch = 4;

// doublebuf, doublebuf_async: a team/block owns a 32-column strip of one row chunk and walks it
// in stages of 32x8 outputs, each from a 34x10 tile.
inline constexpr int kStageWidth = 32;
inline constexpr int kStageHeight = 8;

const VariantInfo* find_variant(std::string_view name);
const VariantInfo& info(Variant variant);

// Cells of one grid: N*N for 2-D variants, N for 1-D variants.
inline std::size_t cell_count(const VariantInfo& v, int n) {
  return v.dimensions == 2 ? static_cast<std::size_t>(n) * static_cast<std::size_t>(n)
                           : static_cast<std::size_t>(n);
}

}  // namespace stencil
