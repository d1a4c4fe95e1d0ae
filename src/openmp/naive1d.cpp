// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// naive1d: three reads of the input per output, nothing staged; the threads split the cells
// statically in blocks, one SIMD loop per block (row_update.hpp, step_cells_1d).
//   for each i: out[i] = border ? in[i] : three_point(in[i-1], in[i], in[i+1])
#include "openmp/kernels.hpp"
#include "openmp/row_update.hpp"

namespace stencil::openmp {

template <class T>
void naive1d_step(const T* in, T* out, ArrayExtent extent, const RunConfig& /*config*/) {
  step_cells_1d(in, out, extent.cols);  // 64-bit: a 1-D grid is limited by memory only
}

STENCIL_ELEMENT_TYPES(STENCIL_OPENMP_INSTANTIATE_STEP, naive1d)

}  // namespace stencil::openmp
