// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// halo1d (seed 002), CPU twin: a loop iteration owns kHaloBlock1D (256) outputs and stages them
// plus a one-cell halo on each side in a 258-cell local tile (the CUDA block's shared tile),
// then computes the three taps from the tile. Each input is read from memory once; the halo
// loads clamp their index, as on the GPU, and border cells copy their centre without using it.
#include "openmp/kernels.hpp"
#include "stencil/arithmetic.hpp"
#include "stencil/variants.hpp"

namespace stencil::openmp {

template <class T>
void halo1d_step(const T* in, T* out, ArrayExtent extent, const RunConfig& /*config*/) {
  // 64-bit cell indices: a 1-D grid is limited by memory only.
  const std::int64_t n = extent.cols;
  const std::int64_t blocks = (n + kHaloBlock1D - 1) / kHaloBlock1D;
#pragma omp parallel for schedule(static)
  for (std::int64_t b = 0; b < blocks; ++b) {
    const std::int64_t base = b * kHaloBlock1D;
    const int cells = n - base > kHaloBlock1D ? kHaloBlock1D : static_cast<int>(n - base);
    alignas(64) T tile[kHaloBlock1D + 2];
    tile[0] = in[base > 0 ? base - 1 : 0];
#pragma omp simd
    for (int lane = 0; lane < cells; ++lane)
      tile[lane + 1] = in[base + lane];
    tile[cells + 1] = in[base + cells < n ? base + cells : n - 1];
    // Interior lanes in one SIMD loop; the grid's two end cells (copied) are patched after it,
    // so the loop body has no per-lane branch.
    const int first = base == 0 ? 1 : 0;
    const int last = base + cells == n ? cells - 1 : cells;
#pragma omp simd
    for (int lane = first; lane < last; ++lane)
      out[base + lane] = three_point(tile[lane], tile[lane + 1], tile[lane + 2]);
    if (base == 0)
      out[0] = tile[1];
    if (base + cells == n)
      out[n - 1] = tile[cells];
  }
}

STENCIL_ELEMENT_TYPES(STENCIL_OPENMP_INSTANTIATE_STEP, halo1d)

}  // namespace stencil::openmp
