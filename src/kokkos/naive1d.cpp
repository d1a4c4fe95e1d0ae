// naive1d: one output per work item (on a CPU: one block of cells), three global reads each.
//   for each i: out[i] = border ? in[i] : three_point(in[i-1], in[i], in[i+1])
#include "kokkos/kernels.hpp"
#include "stencil/arithmetic.hpp"

namespace stencil::kokkos {

template <class ExecSpace>
void naive1d_step(const ExecSpace& space, const ConstDeviceView<ExecSpace>& in,
                  const DeviceView<ExecSpace>& out, int n, int /*chunks*/) {
  if constexpr (kRunsOnHost<ExecSpace>) {
    // On a CPU a work item is a block of cells, so the inner loop vectorises and the end-cell
    // test is made once per block. Same arithmetic, same result.
    constexpr int kBlock = 4096;
    const int blocks = (n + kBlock - 1) / kBlock;
    Kokkos::parallel_for(
        "stencil::kokkos::naive1d", Kokkos::RangePolicy<ExecSpace>(space, 0, blocks),
        KOKKOS_LAMBDA(const int b) {
          const float* src = in.data();
          float* dst = out.data();
          const int begin = b * kBlock;
          const int end = begin + kBlock < n ? begin + kBlock : n;
          const int first = begin > 1 ? begin : 1;     // cell 0 is an end cell
          const int last = end < n - 1 ? end : n - 1;  // so is cell n-1
          if (begin == 0)
            dst[0] = src[0];
          for (int i = first; i < last; ++i)
            dst[i] = three_point(src[i - 1], src[i], src[i + 1]);
          if (end == n && n > 1)
            dst[n - 1] = src[n - 1];
        });
    return;
  }
  Kokkos::parallel_for(
      "stencil::kokkos::naive1d", Kokkos::RangePolicy<ExecSpace>(space, 0, n),
      KOKKOS_LAMBDA(const int i) {
        out(i) = is_border_1d(i, n) ? in(i) : three_point(in(i - 1), in(i), in(i + 1));
      });
}

#define INSTANTIATE(Space) STENCIL_INSTANTIATE_STEP(naive1d_step, Space)
STENCIL_FOR_EACH_KOKKOS_SPACE(INSTANTIATE)

}  // namespace stencil::kokkos
