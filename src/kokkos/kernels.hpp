// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// One step of each variant as a Kokkos kernel, declared from STENCIL_VARIANTS: <name>_step,
// defined in the file of the same name and instantiated there for every enabled execution space,
// both element types T (float, double; STENCIL_ELEMENT_TYPES) and every value of the variant's
// shape option. `in` and `out` must not alias.
//
// A 2-D step steps a rows x cols row-major local array (cols wide) whose outermost ring is its
// border: the N x N grid, or under MPI a rank's tile plus halo. A 1-D step steps one row of
// `cols` cells (rows is 1), as the halo access sees a 1-D array. Chunked kernels split the rows.
#pragma once

#include <cstdint>

#include "kokkos/runtime/spaces.hpp"
#include "stencil/precision.hpp"
#include "stencil/variants.hpp"

namespace stencil::kokkos {

// cols is an int for a 2-D array (at most kMaxN2d) and 64-bit for a 1-D row, which memory alone
// limits: STENCIL_KOKKOS_COLS_<dimensions>.
#define STENCIL_KOKKOS_COLS_1 std::int64_t
#define STENCIL_KOKKOS_COLS_2 int
#define STENCIL_KOKKOS_STEP_PARAMETERS_COLS(T, Space, Cols)                               \
  const Space &space, const ConstDeviceView<T, Space>&in, const DeviceView<T, Space>&out, \
      int rows, Cols cols, int chunks
#define STENCIL_KOKKOS_STEP_PARAMETERS(T, Space) \
  STENCIL_KOKKOS_STEP_PARAMETERS_COLS(T, Space, STENCIL_KOKKOS_COLS_2)
#define STENCIL_KOKKOS_STEP_PARAMETERS_1D(T, Space) \
  STENCIL_KOKKOS_STEP_PARAMETERS_COLS(T, Space, STENCIL_KOKKOS_COLS_1)
#define STENCIL_DECLARE_STEP_none(name, Cols) \
  template <class T, class ExecSpace>         \
  void name##_step(STENCIL_KOKKOS_STEP_PARAMETERS_COLS(T, ExecSpace, Cols));
// A kernel with a compile-time shape (-pitch, -patch, -fuse) takes it as its first template
// argument.
#define STENCIL_DECLARE_STEP_SHAPED(name, Cols)   \
  template <int kShape, class T, class ExecSpace> \
  void name##_step(STENCIL_KOKKOS_STEP_PARAMETERS_COLS(T, ExecSpace, Cols));
#define STENCIL_DECLARE_STEP_pitch STENCIL_DECLARE_STEP_SHAPED
#define STENCIL_DECLARE_STEP_patch STENCIL_DECLARE_STEP_SHAPED
#define STENCIL_DECLARE_STEP_fuse STENCIL_DECLARE_STEP_SHAPED
#define STENCIL_DECLARE_STEP(name, dimensions, chunks, shape, ...) \
  STENCIL_DECLARE_STEP_##shape(name, STENCIL_KOKKOS_COLS_##dimensions)
STENCIL_VARIANTS(STENCIL_DECLARE_STEP)
#undef STENCIL_DECLARE_STEP

// Instantiates the step function `name` for one execution space and element type T. Each kernel
// file ends with
//   #define INSTANTIATE_TYPE(Space, T) STENCIL_INSTANTIATE_STEP(name, Space, T)
//   #define INSTANTIATE(Space) STENCIL_ELEMENT_TYPES(INSTANTIATE_TYPE, Space)
//   STENCIL_FOR_EACH_KOKKOS_SPACE(INSTANTIATE)
#define STENCIL_INSTANTIATE_STEP(name, Space, T) \
  template void name<T, Space>(STENCIL_KOKKOS_STEP_PARAMETERS(T, Space));
// The same for a 1-D kernel (64-bit cols).
#define STENCIL_INSTANTIATE_STEP_1D(name, Space, T) \
  template void name<T, Space>(STENCIL_KOKKOS_STEP_PARAMETERS_1D(T, Space));
// The same for a kernel with a shape: the shape list (STENCIL_TILED_PITCHES, ...) carries the
// space and the type as one parenthesised pair, (Space, T), which the list's macro hands on:
//   #define INSTANTIATE_SHAPE(space_and_type, Shape)
//     STENCIL_INSTANTIATE_SHAPED_STEP(name, Shape, space_and_type)
//   #define INSTANTIATE_TYPE(Space, T) STENCIL_TILED_PITCHES(INSTANTIATE_SHAPE, (Space, T))
//   #define INSTANTIATE(Space) STENCIL_ELEMENT_TYPES(INSTANTIATE_TYPE, Space)
#define STENCIL_INSTANTIATE_SHAPED_STEP(name, Shape, space_and_type)                         \
  template void name<Shape, STENCIL_KOKKOS_TYPE_OF space_and_type,                           \
                     STENCIL_KOKKOS_SPACE_OF space_and_type>(STENCIL_KOKKOS_STEP_PARAMETERS( \
      STENCIL_KOKKOS_TYPE_OF space_and_type, STENCIL_KOKKOS_SPACE_OF space_and_type));
#define STENCIL_KOKKOS_SPACE_OF(Space, T) Space
#define STENCIL_KOKKOS_TYPE_OF(Space, T) T

}  // namespace stencil::kokkos
