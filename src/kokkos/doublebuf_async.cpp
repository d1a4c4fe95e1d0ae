// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// doublebuf_async: the native CUDA form copies the next stage with cp.async, straight from global
// memory into the other shared tile. Kokkos 3.4 has no portable asynchronous global-to-scratch
// copy, so the Kokkos form is the register-staged doublebuf kernel itself (same contract, same
// two barriers per stage). It exists so that every row of the variant table has both
// implementations.
#include "kokkos/kernels.hpp"

namespace stencil::kokkos {

template <class T, class ExecSpace>
void doublebuf_async_step(const ExecSpace& space, const ConstDeviceView<T, ExecSpace>& in,
                          const DeviceView<T, ExecSpace>& out, int rows, int cols, int chunks) {
  doublebuf_step<T>(space, in, out, rows, cols, chunks);
}

#define INSTANTIATE_TYPE(Space, T) STENCIL_INSTANTIATE_STEP(doublebuf_async_step, Space, T)
#define INSTANTIATE(Space) STENCIL_ELEMENT_TYPES(INSTANTIATE_TYPE, Space)
STENCIL_FOR_EACH_KOKKOS_SPACE(INSTANTIATE)

}  // namespace stencil::kokkos
