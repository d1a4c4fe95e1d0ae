// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// One step of each variant as a Kokkos kernel, declared from STENCIL_VARIANTS: <name>_step,
// defined in the file of the same name and instantiated there for every enabled execution space
// (and every value of the variant's shape option). `in` and `out` must not alias.
//
// A 2-D step steps a rows x cols row-major local array (cols wide) whose outermost ring is its
// border: the N x N grid, or under MPI a rank's tile plus halo. A 1-D step steps one row of
// `cols` cells (rows is 1), as the halo access sees a 1-D array. Chunked kernels split the rows.
#pragma once

#include "kokkos/runtime/spaces.hpp"
#include "stencil/variants.hpp"

namespace stencil::kokkos {

#define STENCIL_KOKKOS_STEP_PARAMETERS(Space)                                                 \
  const Space &space, const ConstDeviceView<Space>&in, const DeviceView<Space>&out, int rows, \
      int cols, int chunks
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
#define STENCIL_INSTANTIATE_STEP(name, Space) \
  template void name<Space>(STENCIL_KOKKOS_STEP_PARAMETERS(Space));

}  // namespace stencil::kokkos
