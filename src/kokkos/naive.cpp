// naive: one output per work item (on a CPU: one row), all five taps read from global memory.
//   for each (x, y): out[y][x] = border ? in[y][x] : five_point(in[y][x], left, right, up, down)
#include "kokkos/kernels.hpp"
#include "stencil/arithmetic.hpp"

namespace stencil::kokkos {

template <class ExecSpace>
void naive_step(const ExecSpace& space, const ConstDeviceView<ExecSpace>& in,
                const DeviceView<ExecSpace>& out, int n, int /*chunks*/) {
  if constexpr (kRunsOnHost<ExecSpace>) {
    // On a CPU a work item is a row: the inner loop over x vectorises, and no cell pays for the
    // division that recovers (x, y) from a flat index. Same arithmetic, same result.
    Kokkos::parallel_for(
        "stencil::kokkos::naive", Kokkos::RangePolicy<ExecSpace>(space, 0, n),
        KOKKOS_LAMBDA(const int y) {
          const float* row = in.data() + static_cast<long>(y) * n;
          float* dst = out.data() + static_cast<long>(y) * n;
          if (y == 0 || y == n - 1) {
            for (int x = 0; x < n; ++x)
              dst[x] = row[x];
            return;
          }
          dst[0] = row[0];
          for (int x = 1; x < n - 1; ++x) {
            dst[x] = five_point(row[x], row[x - 1], row[x + 1], row[x - n], row[x + n]);
          }
          if (n > 1)
            dst[n - 1] = row[n - 1];
        });
    return;
  }
  const int cells = n * n;
  Kokkos::parallel_for(
      "stencil::kokkos::naive", Kokkos::RangePolicy<ExecSpace>(space, 0, cells),
      KOKKOS_LAMBDA(const int i) {
        const int x = i % n;
        const int y = i / n;
        if (is_border_2d(x, y, n)) {
          out(i) = in(i);
        } else {
          out(i) = five_point(in(i), in(i - 1), in(i + 1), in(i - n), in(i + n));
        }
      });
}

#define INSTANTIATE(Space) STENCIL_INSTANTIATE_STEP(naive_step, Space)
STENCIL_FOR_EACH_KOKKOS_SPACE(INSTANTIATE)

}  // namespace stencil::kokkos
