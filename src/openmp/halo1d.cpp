// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// halo1d (seed 002), CPU twin. The contract's staging, each input fetched once for its block's
// three taps, is what a CPU's cache does by itself: the loop over a block reads each cell's
// neighbours from the cache lines its previous iterations brought into L1. So this is the
// contract's CPU meaning, the host form the Kokkos kernel runs too (docs/design.md, "Host
// forms"): contiguous blocks of cells, one SIMD loop each, the same loop as naive1d. Copying each
// 256-cell block into a local 258-cell tile first, the GPU block's shared tile written out, only
// added a copy per cell: 0.40 of naive1d's rate on the CPU (perf/results/study-2026-12-02d).
#include "openmp/kernels.hpp"
#include "openmp/row_update.hpp"

namespace stencil::openmp {

template <class T>
void halo1d_step(const T* in, T* out, ArrayExtent extent, const RunConfig& /*config*/) {
  step_cells_1d(in, out, extent.cols);  // 64-bit: a 1-D grid is limited by memory only
}

STENCIL_ELEMENT_TYPES(STENCIL_OPENMP_INSTANTIATE_STEP, halo1d)

}  // namespace stencil::openmp
