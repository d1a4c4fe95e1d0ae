// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// naive1d: three reads of the input per output; the threads split the cells statically in blocks
// (the schedule grid_buffer.cpp's first touch uses), one SIMD loop per block.
//   for each i: out[i] = border ? in[i] : three_point(in[i-1], in[i], in[i+1])
#include "openmp/kernels.hpp"
#include "openmp/row_update.hpp"

namespace stencil::openmp {
namespace {

constexpr int kBlock = 4096;  // cells per loop iteration: the end-cell tests once per block

}  // namespace

template <class T>
void naive1d_step(const T* in, T* out, ArrayExtent extent, const RunConfig& /*config*/) {
  // 64-bit: a 1-D grid is limited by memory only.
  const std::int64_t n = extent.cols;
  const std::int64_t blocks = (n + kBlock - 1) / kBlock;
#pragma omp parallel for schedule(static)
  for (std::int64_t b = 0; b < blocks; ++b) {
    const std::int64_t begin = b * kBlock;
    update_cells_1d(in, out, n, begin, n - begin > kBlock ? begin + kBlock : n);
  }
}

STENCIL_ELEMENT_TYPES(STENCIL_OPENMP_INSTANTIATE_STEP, naive1d)

}  // namespace stencil::openmp
