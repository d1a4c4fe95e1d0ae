// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// naive1d: three reads of the input per output, nothing staged. Each index of the parallel
// algorithm is a block of kCellBlock cells, one vector loop (row_update.hpp), as the native
// twin's blocks: one cell per index kept the grid's end-cell test inside the loop.
//   for each i: out[i] = border ? in[i] : three_point(in[i-1], in[i], in[i+1])
#include <algorithm>
#include <execution>

#include "stdpar/kernels.hpp"
#include "stdpar/row_update.hpp"
#include "stdpar/runtime/index_range.hpp"

namespace stencil::stdpar {
namespace {

constexpr std::int64_t kCellBlock = 4096;  // 16 or 32 KiB of input: a few L1 lines of overlap

}  // namespace

template <class T>
void naive1d_step(const T* in, T* out, ArrayExtent extent, const RunConfig& /*config*/) {
  const std::int64_t n = extent.cols;  // 64-bit: a 1-D grid is limited by memory only
  const IndexRange blocks{(n + kCellBlock - 1) / kCellBlock};
  std::for_each(std::execution::par_unseq, blocks.begin(), blocks.end(), [=](std::int64_t b) {
    const std::int64_t begin = b * kCellBlock;
    update_cells_1d(in, out, n, begin, std::min(begin + kCellBlock, n));
  });
}

STENCIL_ELEMENT_TYPES(STENCIL_STDPAR_INSTANTIATE_STEP, naive1d)

}  // namespace stencil::stdpar
