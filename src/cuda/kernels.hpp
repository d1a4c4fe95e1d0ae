// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Native CUDA launchers, one per variant, declared from STENCIL_VARIANTS: launch_<name><T>, defined
// in the .cu file of the same name and instantiated there for every element type T
// (STENCIL_ELEMENT_TYPES). They take device pointers; `in` and `out` must not alias.
// Each checks its launch. `queue` is the CUDA stream the kernel is queued on.
//
// Every launcher steps a rows x cols row-major array (cols wide) whose outermost ring is border:
// the N x N grid (rows = cols = N) or, under MPI, a rank's tile plus halo. A 1-D launcher steps
// one row of cols cells and is passed rows = 1. Row chunks split the rows. cols is an int for a
// 2-D array (at most kMaxN2d) and 64-bit for a 1-D row, which memory alone limits:
// STENCIL_CUDA_COLS_<dimensions>.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

#include "stencil/precision.hpp"
#include "stencil/variants.hpp"

namespace stencil::cuda {

#define STENCIL_CUDA_COLS_1 std::int64_t
#define STENCIL_CUDA_COLS_2 int

// The stepper calls every launcher as a 1-D one (64-bit cols), a 2-D one through a narrowing
// wrapper (cuda/runtime/stepper.cu).
template <class T>
using LaunchFunction = void (*)(const T* in, T* out, int rows, std::int64_t cols, int chunks,
                                cudaStream_t queue);

#define STENCIL_DECLARE_LAUNCH_none(name, Cols) \
  template <class T>                            \
  void launch_##name(const T* in, T* out, int rows, Cols cols, int chunks, cudaStream_t queue);
// A launcher with a compile-time shape (-pitch, -patch, -fuse) takes it as its second template
// argument and is instantiated for every value of the shape option.
#define STENCIL_DECLARE_LAUNCH_SHAPED(name, Cols) \
  template <class T, int kShape>                  \
  void launch_##name(const T* in, T* out, int rows, Cols cols, int chunks, cudaStream_t queue);
#define STENCIL_DECLARE_LAUNCH_pitch STENCIL_DECLARE_LAUNCH_SHAPED
#define STENCIL_DECLARE_LAUNCH_patch STENCIL_DECLARE_LAUNCH_SHAPED
#define STENCIL_DECLARE_LAUNCH_fuse STENCIL_DECLARE_LAUNCH_SHAPED
#define STENCIL_DECLARE_LAUNCH(name, dimensions, chunks, shape, ...) \
  STENCIL_DECLARE_LAUNCH_##shape(name, STENCIL_CUDA_COLS_##dimensions)
STENCIL_VARIANTS(STENCIL_DECLARE_LAUNCH)
#undef STENCIL_DECLARE_LAUNCH

}  // namespace stencil::cuda
