// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// naive: one output per loop iteration, all five taps read from the input grid.
//   for each (x, y): out[y][x] = border ? in[y][x] : five_point(in[y][x], left, right, up, down)
// The loop shapes are the ways OpenMP offers to spread the nest over teams and their threads:
//   rows          teams over rows, each row's columns across the team's 256 threads (the
//                 default: no per-cell division of a collapsed index, about 1.5-2x collapse on
//                 the H200, docs/directive.md);
//   collapse      target teams distribute parallel for collapse(2), the runtime's own team
//                 size;
//   collapse-256  the same with thread_limit(256), the CUDA twin's block size.
// `target teams loop` is not among them: clang 16's host fallback of it writes no cell.
#include "omptarget/kernels.hpp"
#include "stencil/arithmetic.hpp"
#include "stencil/cell_offset.hpp"

namespace stencil::omptarget {

std::vector<std::string_view> naive_loop_shapes() {
  return {"rows", "collapse", "collapse-256"};
}

template <class T>
void naive_step(const T* __restrict in, T* __restrict out, ArrayExtent extent,
                const RunConfig& /*config*/, Launch launch) {
  const int rows = extent.rows;
  const int cols = extent.cols;
  const long cells = static_cast<long>(rows) * cols;
  const bool on_device = launch.on_device;
  if (launch.loop_shape == 2) {
#pragma omp target teams distribute parallel for collapse(2) thread_limit(256) if (target       \
                                                                                   : on_device) \
    map(alloc                                                                                   \
        : in [0:cells], out [0:cells])
    for (int y = 0; y < rows; ++y) {
      for (int x = 0; x < cols; ++x) {
        const long i = cell_offset(y, x, cols);
        out[i] = is_border_2d(x, y, cols, rows)
                     ? in[i]
                     : five_point(in[i], in[i - 1], in[i + 1], in[i - cols], in[i + cols]);
      }
    }
  } else if (launch.loop_shape == 0) {
#pragma omp target teams distribute thread_limit(256) \
    map(alloc                                         \
        : in [0:cells], out [0:cells]) if (target     \
                                           : on_device)
    for (int y = 0; y < rows; ++y) {
#pragma omp parallel for
      for (int x = 0; x < cols; ++x) {
        const long i = cell_offset(y, x, cols);
        out[i] = is_border_2d(x, y, cols, rows)
                     ? in[i]
                     : five_point(in[i], in[i - 1], in[i + 1], in[i - cols], in[i + cols]);
      }
    }
  } else {  // collapse
#pragma omp target teams distribute parallel for collapse(2) if (target       \
                                                                 : on_device) \
    map(alloc                                                                 \
        : in [0:cells], out [0:cells])
    for (int y = 0; y < rows; ++y) {
      for (int x = 0; x < cols; ++x) {
        const long i = cell_offset(y, x, cols);
        out[i] = is_border_2d(x, y, cols, rows)
                     ? in[i]
                     : five_point(in[i], in[i - 1], in[i + 1], in[i - cols], in[i + cols]);
      }
    }
  }
}

STENCIL_ELEMENT_TYPES(STENCIL_DIRECTIVE_INSTANTIATE_STEP, naive)

}  // namespace stencil::omptarget
