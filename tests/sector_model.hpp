// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The global-memory sectors the native CUDA kernels issue, derived from their code (the
// derivation is written out in docs/sectors.md), in both precisions. A sector is 32 bytes: 8
// fp32 cells or 4 fp64 cells. A warp-wide load or store requests every distinct sector its active
// lanes touch, once per instruction; smsp__sass_sectors_mem_global sums that over all warps and
// launches. The kernels keep one launch geometry in both precisions, so only the cells per sector
// change.
//
// Code-generation assumptions, checked against the measurement by the GPU gates: each source-level
// global access is one SASS instruction issued by the lanes that execute it; a load both branches
// of a border test need (the centre) is issued once for all lanes; one store per output; the grids
// start on a sector boundary.
#pragma once

#include <cstdint>

#include "stencil/precision.hpp"
#include "stencil/variants.hpp"

namespace stencil::test {

// The lessons' profile: 100 launches in one scope; 2-D N = 4096, 1-D 2^24 cells.
inline constexpr int kLaunches = 100;
inline constexpr int kProfileSize2D = 4096;
inline constexpr int kProfileSize1D = 1 << 24;
inline int profile_size(Variant v) {
  return info(v).dimensions == 2 ? kProfileSize2D : kProfileSize1D;
}

// Cells of `precision` in one 32-byte sector: 8 in fp32, 4 in fp64.
inline constexpr int kSectorBytes = 32;
constexpr int cells_per_sector(Precision precision) {
  return kSectorBytes / static_cast<int>(element_bytes(precision));
}

struct Sectors {
  std::uint64_t load = 0;
  std::uint64_t store = 0;
  std::uint64_t total() const { return load + store; }
};

// Closed forms, per launch: sectors per row (or tile) per block, times blocks, minus the border
// corrections. Valid for n a multiple of 256 (2-D: n >= 512); throws std::invalid_argument
// otherwise.
Sectors derived_sectors_per_launch(Variant variant, int n, int chunks,
                                   Precision precision = Precision::fp32);

// The same count by brute force, for any n: every warp of every block, every access, the distinct
// sectors of its active lanes' addresses. Checks the closed forms in the CPU suite.
Sectors simulated_sectors_per_launch(Variant variant, int n, int chunks,
                                     Precision precision = Precision::fp32);

}  // namespace stencil::test
