// The one table of stencil variants. It drives -variant, -list, the tests and the benchmarks:
// adding a variant means one kernel file per implementation plus one row here.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

namespace stencil {

enum class Variant { naive, tiled, strip, rolling, naive1d, halo1d, stream, temporal };

struct VariantInfo {
  Variant id;
  std::string_view name;
  int dimensions;    // 2: N x N grid, 1: N cells
  bool uses_chunks;  // the row-chunk count (-chunks) shapes the launch
  std::string_view contract;
};

inline constexpr std::array<VariantInfo, 8> kVariants{{
    {Variant::naive, "naive", 2, false, "one output per thread, five global reads"},
    {Variant::tiled, "tiled", 2, false,
     "32x8 outputs per team from a 34x10 scratch tile with halo"},
    {Variant::strip, "strip", 2, true,
     "256-column strip x row chunk, rows y-1, y, y+1 re-read every step"},
    {Variant::rolling, "rolling", 2, true,
     "as strip, rows y-1 and y rolled in registers, one 258-float scratch row"},
    {Variant::naive1d, "naive1d", 1, false, "1-D three-point, three global reads per output"},
    {Variant::halo1d, "halo1d", 1, false, "1-D three-point from a 258-float scratch tile"},
    {Variant::stream, "stream", 2, true,
     "rolling with 2048-column blocks, 16-byte loads, prefetched rows: the bandwidth limit"},
    {Variant::temporal, "temporal", 2, true,
     "-fuse k iterations per pass over the grid (temporal blocking), bit-identical to k steps"},
}};

// Bytes a cell update ideally moves: one 4-byte read plus one 4-byte write.
inline constexpr double kBytesPerCellUpdate = 8.0;
// Row chunks when none are asked for (RunConfig::chunks == 0): the seeds' 16 for strip and
// rolling; stream picks its own (see its launcher).
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

const VariantInfo* find_variant(std::string_view name);
const VariantInfo& info(Variant variant);

// Cells of one grid: N*N for 2-D variants, N for 1-D variants.
inline std::size_t cell_count(const VariantInfo& v, int n) {
  return v.dimensions == 2 ? static_cast<std::size_t>(n) * static_cast<std::size_t>(n)
                           : static_cast<std::size_t>(n);
}

// Rows each chunk owns; the chunks together cover every one of the n rows for any n >= 1.
inline int rows_per_chunk(int n, int chunks) {
  return (n + chunks - 1) / chunks;
}

}  // namespace stencil
