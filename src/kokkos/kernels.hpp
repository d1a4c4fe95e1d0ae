// One step of each variant as a Kokkos kernel, declared from STENCIL_VARIANTS: <name>_step,
// defined in the file of the same name and instantiated there for every enabled execution space
// (and every value of the variant's shape option). `in` and `out` must not alias.
#pragma once

#include "kokkos/spaces.hpp"
#include "stencil/variants.hpp"

namespace stencil::kokkos {

#define STENCIL_KOKKOS_STEP_PARAMETERS(Space)                                              \
  const Space &space, const ConstDeviceView<Space>&in, const DeviceView<Space>&out, int n, \
      int chunks
#define STENCIL_DECLARE_STEP_none(name) \
  template <class ExecSpace>            \
  void name##_step(STENCIL_KOKKOS_STEP_PARAMETERS(ExecSpace));
// A kernel with a compile-time shape (-pitch, -patch, -fuse) takes it as its first template
// argument.
#define STENCIL_DECLARE_STEP_SHAPED(name) \
  template <int kShape, class ExecSpace>  \
  void name##_step(STENCIL_KOKKOS_STEP_PARAMETERS(ExecSpace));
#define STENCIL_DECLARE_STEP_pitch STENCIL_DECLARE_STEP_SHAPED
#define STENCIL_DECLARE_STEP_patch STENCIL_DECLARE_STEP_SHAPED
#define STENCIL_DECLARE_STEP_fuse STENCIL_DECLARE_STEP_SHAPED
#define STENCIL_DECLARE_STEP(name, dimensions, chunks, shape, ...) \
  STENCIL_DECLARE_STEP_##shape(name)
STENCIL_VARIANTS(STENCIL_DECLARE_STEP)
#undef STENCIL_DECLARE_STEP

// Instantiates the step function `name` for one execution space (used with
// STENCIL_FOR_EACH_KOKKOS_SPACE at the end of each kernel file).
#define STENCIL_INSTANTIATE_STEP(name, Space)                                                      \
  template void name<Space>(const Space&, const ConstDeviceView<Space>&, const DeviceView<Space>&, \
                            int, int);

}  // namespace stencil::kokkos
