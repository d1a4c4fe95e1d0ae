// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// naive: one output per loop iteration, all five taps read from the input grid.
//   for each (x, y): out[y][x] = border ? in[y][x] : five_point(in[y][x], left, right, up, down)
// OpenACC leaves the mapping of the loop nest onto gangs and vector lanes to the compiler; the
// loop shapes are the ways of asking for it:
//   rows      one gang per row band, the row's columns across a 256-lane vector (the default:
//             the fastest measured at N = 4096 and close at 16384, docs/directive.md);
//   collapse  one collapsed y-x space, partitioned by the compiler;
//   collapse-256  the collapsed space over gangs of 256 vector lanes: GCC's own choice for
//             `collapse` is 32 lanes per gang (8448 x 32 at N = 4096), which fills an SM's
//             block slots at half its threads.
// `tile(32, 8)`, the CUDA twin's 32x8 block as a loop transformation, is not offered: GCC 12's
// nvptx code for it gave wrong values on the H200 (124 of 585 cells at 65 x 9; bit-identical on
// the host; docs/directive.md, "Compiler findings").
#include "openacc/kernels.hpp"
#include "stencil/arithmetic.hpp"
#include "stencil/cell_offset.hpp"

namespace stencil::openacc {

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
  if (launch.loop_shape == 0) {
#pragma acc parallel loop gang vector_length(256) \
    present(in [0:cells], out [0:cells]) if (on_device) async(kStepQueue)
    for (int y = 0; y < rows; ++y) {
#pragma acc loop vector
      for (int x = 0; x < cols; ++x) {
        const long i = cell_offset(y, x, cols);
        out[i] = is_border_2d(x, y, cols, rows)
                     ? in[i]
                     : five_point(in[i], in[i - 1], in[i + 1], in[i - cols], in[i + cols]);
      }
    }
  } else if (launch.loop_shape == 2) {
#pragma acc parallel loop gang vector collapse(2) vector_length(256) \
    present(in [0:cells], out [0:cells]) if (on_device) async(kStepQueue)
    for (int y = 0; y < rows; ++y) {
      for (int x = 0; x < cols; ++x) {
        const long i = cell_offset(y, x, cols);
        out[i] = is_border_2d(x, y, cols, rows)
                     ? in[i]
                     : five_point(in[i], in[i - 1], in[i + 1], in[i - cols], in[i + cols]);
      }
    }
  } else {  // collapse
#pragma acc parallel loop collapse(2) present(in [0:cells], out [0:cells]) if (on_device) \
    async(kStepQueue)
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

}  // namespace stencil::openacc
