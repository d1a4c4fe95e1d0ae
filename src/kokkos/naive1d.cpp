// naive1d: one output per work item, three global reads.
//   for each i: out[i] = border ? in[i] : three_point(in[i-1], in[i], in[i+1])
#include "kokkos/kernels.hpp"
#include "stencil/arithmetic.hpp"

namespace stencil::kokkos {

template <class ExecSpace>
void naive1d_step(const ExecSpace& space, const ConstDeviceView<ExecSpace>& in,
                  const DeviceView<ExecSpace>& out, int n, int /*chunks*/) {
  Kokkos::parallel_for(
      "stencil::kokkos::naive1d", Kokkos::RangePolicy<ExecSpace>(space, 0, n),
      KOKKOS_LAMBDA(const int i) {
        out(i) = is_border_1d(i, n) ? in(i) : three_point(in(i - 1), in(i), in(i + 1));
      });
}

#define INSTANTIATE(Space) STENCIL_INSTANTIATE_STEP(naive1d_step, Space)
STENCIL_FOR_EACH_KOKKOS_SPACE(INSTANTIATE)

}  // namespace stencil::kokkos
