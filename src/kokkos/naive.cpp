// naive: one output per work item, all five taps read from global memory.
//   for each (x, y): out[y][x] = border ? in[y][x] : five_point(in[y][x], left, right, up, down)
#include "kokkos/kernels.hpp"
#include "stencil/arithmetic.hpp"

namespace stencil::kokkos {

template <class ExecSpace>
void naive_step(const ExecSpace& space, const ConstDeviceView<ExecSpace>& in,
                const DeviceView<ExecSpace>& out, int n, int /*chunks*/) {
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
