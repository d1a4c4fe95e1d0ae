// One step of each variant as a Kokkos kernel. Each is defined in the file of the same name and
// instantiated for every enabled execution space. `in` and `out` must not alias.
#pragma once

#include "kokkos/spaces.hpp"
#include "stencil/variants.hpp"

namespace stencil::kokkos {

#define STENCIL_DECLARE_STEP(name)                                        \
  template <class ExecSpace>                                              \
  void name(const ExecSpace& space, const ConstDeviceView<ExecSpace>& in, \
            const DeviceView<ExecSpace>& out, int n, int chunks);

STENCIL_DECLARE_STEP(naive_step)
STENCIL_DECLARE_STEP(strip_step)
STENCIL_DECLARE_STEP(rolling_step)
STENCIL_DECLARE_STEP(doublebuf_step)
STENCIL_DECLARE_STEP(doublebuf_async_step)
STENCIL_DECLARE_STEP(naive1d_step)
STENCIL_DECLARE_STEP(halo1d_step)
STENCIL_DECLARE_STEP(stream_step)
// temporal_step takes the fused iteration count where the others take the chunk count.
STENCIL_DECLARE_STEP(temporal_step)

#undef STENCIL_DECLARE_STEP

// Kernels with a compile-time shape: instantiated for every value of kTiledPitches / kPatchSizes;
// the runner picks the instantiation from the run-time option.
template <int kPitch, class ExecSpace>
void tiled_step(const ExecSpace& space, const ConstDeviceView<ExecSpace>& in,
                const DeviceView<ExecSpace>& out, int n, int chunks);
template <int kPatch, class ExecSpace>
void regblock_step(const ExecSpace& space, const ConstDeviceView<ExecSpace>& in,
                   const DeviceView<ExecSpace>& out, int n, int chunks);

// Instantiates the step function `name` for one execution space (used with
// STENCIL_FOR_EACH_KOKKOS_SPACE at the end of each kernel file).
#define STENCIL_INSTANTIATE_STEP(name, Space)                                                      \
  template void name<Space>(const Space&, const ConstDeviceView<Space>&, const DeviceView<Space>&, \
                            int, int);

}  // namespace stencil::kokkos
