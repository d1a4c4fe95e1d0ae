// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The one place a stencil variant is declared. STENCIL_VARIANTS below is the list; it generates the
// Variant enum, kVariants and every model's dispatch (src/<model>/stepper.*). Which models
// implement a variant is their row's business (stencil/models.hpp, read by CMake for the kernel
// files each model compiles). Options, -list, -help, the tests, the benchmark and the scripts
// (through -list-shapes) iterate over kVariants. A new plain variant is one row here, its name in
// the rows of the models that implement it, and one kernel file per such model (docs/design.md).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "stencil/models.hpp"
#include "stencil/row_chunks.hpp"

namespace stencil {

// X(name, dimensions, chunk policy, run-time shape, contract)
//   chunk policy:    none | fixed (-chunks C, default kDefaultChunks) | tuned (-chunks C, or the
//                    launcher picks enough chunks to fill the device)
//   run-time shape:  none | pitch | patch | fuse: the option whose value picks a compile-time
//                    instantiation of the kernel (template <int kShape, ...>; see kShapeOptions)
// One row per line: CMake reads the names from the lines that start with "X(".
// clang-format off
#define STENCIL_VARIANTS(X) \
X(naive, 2, none, none, "nothing staged: five global reads per output, none reused; outputs per thread free") \
X(tiled, 2, none, pitch, "32x8 outputs per team from their 34x10 tile with halo staged in scratch, transposed on GPUs (-pitch)") \
X(strip, 2, fixed, none, "256-column strip x row chunk walked a row per step, rows y-1, y, y+1 re-read every step") \
X(rolling, 2, fixed, none, "as strip, rows y-1 and y rolled in registers, one 258-cell scratch row") \
X(regblock, 2, none, patch, "p x p outputs per thread from registers, 32p x 8p per team from a scratch tile (-patch)") \
X(doublebuf, 2, fixed, none, "32-column strip x row chunk in 32x8 stages, two scratch tiles, register-staged prefetch") \
X(doublebuf_async, 2, fixed, none, "as doublebuf, next stage copied into scratch bypassing registers (cp.async; CUDA only: Kokkos has no such copy)") \
X(naive1d, 1, none, none, "1-D three-point, nothing staged: three global reads per output") \
X(halo1d, 1, none, none, "1-D three-point, 256 outputs per team from a 258-cell scratch tile with halo") \
X(stream, 2, tuned, none, "rolling over 1024-2048-column blocks, 16-byte loads, prefetched rows: bandwidth limit") \
X(temporal, 2, tuned, fuse, "-fuse k iterations per pass over the grid, intermediate levels on chip, bit-identical to k steps")
// clang-format on

#define STENCIL_VARIANT_ENUMERATOR(name, ...) name,
enum class Variant { STENCIL_VARIANTS(STENCIL_VARIANT_ENUMERATOR) };
#undef STENCIL_VARIANT_ENUMERATOR

enum class ChunkPolicy {
  none,   // the kernel has no row chunks
  fixed,  // -chunks C; default kDefaultChunks
  tuned,  // -chunks C; by default the launcher picks enough chunks to fill the device
};

// The run-time option whose value selects a compile-time instantiation of a variant's kernel.
enum class ShapeOption { none, pitch, patch, fuse };

// The values each shape option's kernels are instantiated for, written once: X(arg, value) for
// each value. The arrays below and every kernel file's explicit instantiations expand them
// (`arg` carries what an instantiation needs besides the value, such as a Kokkos space).
#define STENCIL_TILED_PITCHES(X, arg) X(arg, 32) X(arg, 33) X(arg, 34)
#define STENCIL_PATCH_SIZES(X, arg) X(arg, 2) X(arg, 4)
#define STENCIL_FUSE_DEPTHS(X, arg) X(arg, 1) X(arg, 2) X(arg, 4) X(arg, 8)
// The deeper temporal passes only a pipelined kernel runs (native CUDA's and Kokkos': their levels
// are split between warps, so a thread's registers hold 4 levels at any depth).
#define STENCIL_PIPELINED_FUSE_DEPTHS(X, arg) X(arg, 16)
#define STENCIL_LIST_VALUE(arg, value) value,
#define STENCIL_LIST_COUNT(arg, value) +1

// tiled: the 34x10 tile is stored transposed, one shared row per tile column, so a warp (32
// consecutive x at one y) reads down a column of the shared array. The row pitch in floats is a
// compile-time choice made at run time (-pitch): 32 puts a warp's 32 reads in one bank (32-way
// conflict), 34 in 16 banks (2-way), 33 in 32 banks (none). Every pitch gives the same result.
inline constexpr std::array<int, 0 STENCIL_TILED_PITCHES(STENCIL_LIST_COUNT, )> kTiledPitches{
    STENCIL_TILED_PITCHES(STENCIL_LIST_VALUE, )};
inline constexpr int kDefaultTiledPitch = 33;
// regblock: a 32x8 team/block whose lanes each compute a p x p patch, so the team covers 32p x 8p
// outputs. p is a compile-time choice made at run time (-patch).
inline constexpr std::array<int, 0 STENCIL_PATCH_SIZES(STENCIL_LIST_COUNT, )> kPatchSizes{
    STENCIL_PATCH_SIZES(STENCIL_LIST_VALUE, )};
inline constexpr int kDefaultPatch = 4;
// temporal: iterations fused into one pass over the grid (-fuse); a run of any -iters ends with
// shallower passes (stencil/pass_depth.hpp).
// kFuseDepths: the depths every model instantiates; kAllFuseDepths: those and the pipelined ones,
// every value -fuse accepts (a model refuses a depth above its deepest_fuse(), below).
inline constexpr std::array<int, 0 STENCIL_FUSE_DEPTHS(STENCIL_LIST_COUNT, )> kFuseDepths{
    STENCIL_FUSE_DEPTHS(STENCIL_LIST_VALUE, )};
inline constexpr std::array<int, 0 STENCIL_FUSE_DEPTHS(STENCIL_LIST_COUNT, )
                                     STENCIL_PIPELINED_FUSE_DEPTHS(STENCIL_LIST_COUNT, )>
    kAllFuseDepths{STENCIL_FUSE_DEPTHS(STENCIL_LIST_VALUE, )
                       STENCIL_PIPELINED_FUSE_DEPTHS(STENCIL_LIST_VALUE, )};
// The default depth is the fastest measured on each platform at -iters 100 and 200
// (docs/stream-and-temporal.md, "The default depth"): 4 where the grids are in host memory, 8
// where they are on a GPU, 16 for the models with a pipelined kernel, native CUDA and Kokkos (the
// driver picks by the backend, src/backends.hpp default_fuse).
inline constexpr int kDefaultFuse = 4;
inline constexpr int kDefaultFuseOnGpu = 8;
inline constexpr int kDefaultPipelinedFuse = 16;

struct ShapeOptionInfo {
  ShapeOption id;
  std::string_view flag;  // the command-line option without its dash
  const int* choices;     // every value has a kernel instantiation
  std::size_t choice_count;
  int default_value;
};
inline constexpr ShapeOptionInfo kShapeOptions[] = {
    {ShapeOption::pitch, "pitch", kTiledPitches.data(), kTiledPitches.size(), kDefaultTiledPitch},
    {ShapeOption::patch, "patch", kPatchSizes.data(), kPatchSizes.size(), kDefaultPatch},
    {ShapeOption::fuse, "fuse", kAllFuseDepths.data(), kAllFuseDepths.size(), kDefaultFuse},
};

struct VariantInfo {
  Variant id;
  std::string_view name;
  int dimensions;  // 2: N x N grid, 1: N cells
  ChunkPolicy chunks;
  ShapeOption shape;
  std::string_view contract;

  constexpr bool uses_chunks() const { return chunks != ChunkPolicy::none; }
  constexpr bool uses_shape(ShapeOption option) const {
    return shape == option && option != ShapeOption::none;
  }
  // Whether the registry row of `model` (stencil/models.hpp) names this variant.
  constexpr bool implemented_by(std::string_view model) const {
    return model_implements(model, name);
  }
};

#define STENCIL_VARIANT_ROW(name, dimensions, chunks, shape, contract) \
  VariantInfo{Variant::name, #name, dimensions, ChunkPolicy::chunks, ShapeOption::shape, contract},
inline constexpr VariantInfo kVariants[] = {STENCIL_VARIANTS(STENCIL_VARIANT_ROW)};
#undef STENCIL_VARIANT_ROW

// The row of a variant, usable in constant expressions (the dispatch's `if constexpr`).
constexpr const VariantInfo& info(Variant variant) {
  return kVariants[static_cast<std::size_t>(variant)];
}
const VariantInfo* find_variant(std::string_view name);
// The shape option's values and default; nullptr for ShapeOption::none.
const ShapeOptionInfo* shape_option(ShapeOption option);

// Row chunks of a ChunkPolicy::fixed variant when none are asked for: the lessons' 16.
inline constexpr int kDefaultChunks = 16;

// Launch geometry shared by the Kokkos and CUDA kernels, so both follow the same contract.
inline constexpr int kStripWidth = 256;   // strip/rolling: columns owned by one team/block
inline constexpr int kTileWidth = 32;     // tiled: outputs per team/block in x
inline constexpr int kTileHeight = 8;     // tiled: outputs per team/block in y
inline constexpr int kHaloBlock1D = 256;  // halo1d: outputs per team/block
// The most cells a GPU launch of a 1-D variant covers: 2^31 - 1 blocks (CUDA's grid.x, an int
// league size in Kokkos) of kHaloBlock1D cells, 2 TiB of floats. Past it a GPU stepper refuses.
inline constexpr std::int64_t kMaxDeviceCells1D = std::int64_t{2147483647} * kHaloBlock1D;
// regblock: lanes of a team/block; each computes a p x p patch.
inline constexpr int kRegBlockLanesX = 32;
inline constexpr int kRegBlockLanesY = 8;
// doublebuf, doublebuf_async: a team/block owns a 32-column strip of one row chunk and walks it
// in stages of 32x8 outputs, each from a 34x10 tile.
inline constexpr int kStageWidth = 32;
inline constexpr int kStageHeight = 8;

// Cells of one grid: N*N for 2-D variants, N for 1-D variants.
inline std::size_t cell_count(const VariantInfo& v, std::int64_t n) {
  return v.dimensions == 2 ? static_cast<std::size_t>(n) * static_cast<std::size_t>(n)
                           : static_cast<std::size_t>(n);
}

// Whether `model` runs the pipelined depths (STENCIL_PIPELINED_FUSE_DEPTHS) too, as the depths
// column of its STENCIL_MODELS row says.
constexpr bool runs_pipelined_depths(std::string_view model) {
  const ModelInfo* row = find_model(model);
  return row != nullptr && row->depths == ModelDepths::pipelined;
}
// The deepest temporal pass `model` runs.
constexpr int deepest_fuse(std::string_view model) {
  return runs_pipelined_depths(model) ? kAllFuseDepths.back() : kFuseDepths.back();
}

// Whether `model` runs `variant` with its shape option at `value`: every pitch and patch, and the
// depths up to deepest_fuse(model).
constexpr bool model_runs_shape(std::string_view model, const VariantInfo& variant, int value) {
  return !variant.uses_shape(ShapeOption::fuse) || value <= deepest_fuse(model);
}

}  // namespace stencil
