// naive: every output from five reads of the input grid, one row per loop iteration; the
// threads split the rows statically (the schedule grid_buffer.cpp's first touch uses).
//   for each (x, y): out[y][x] = border ? in[y][x] : five_point(in[y][x], left, right, up, down)
#include "openmp/kernels.hpp"
#include "openmp/row_update.hpp"

namespace stencil::openmp {

void naive_step(const float* in, float* out, int n, const RunConfig& /*config*/) {
#pragma omp parallel for schedule(static)
  for (int y = 0; y < n; ++y) {
    update_row_2d(row_above(in, y, n), grid_row(in, y, n), row_below(in, y, n),
                  out + static_cast<long>(y) * n, y, n, 0, n);
  }
}

}  // namespace stencil::openmp
