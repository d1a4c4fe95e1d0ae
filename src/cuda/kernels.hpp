// Native CUDA launchers, one per variant, declared from STENCIL_VARIANTS: launch_<name>, defined
// in the .cu file of the same name. They take device pointers; `in` and `out` must not alias.
// Each checks its launch. `queue` is the CUDA stream the kernel is queued on.
#pragma once

#include <cuda_runtime.h>

#include "stencil/variants.hpp"

namespace stencil::cuda {

using LaunchFunction = void (*)(const float* in, float* out, int n, int chunks, cudaStream_t queue);

#define STENCIL_DECLARE_LAUNCH_none(name) \
  void launch_##name(const float* in, float* out, int n, int chunks, cudaStream_t queue);
// A launcher with a compile-time shape (-pitch, -patch, -fuse) takes it as its template argument
// and is instantiated for every value of the shape option.
#define STENCIL_DECLARE_LAUNCH_SHAPED(name) \
  template <int kShape>                     \
  void launch_##name(const float* in, float* out, int n, int chunks, cudaStream_t queue);
#define STENCIL_DECLARE_LAUNCH_pitch STENCIL_DECLARE_LAUNCH_SHAPED
#define STENCIL_DECLARE_LAUNCH_patch STENCIL_DECLARE_LAUNCH_SHAPED
#define STENCIL_DECLARE_LAUNCH_fuse STENCIL_DECLARE_LAUNCH_SHAPED
#define STENCIL_DECLARE_LAUNCH(name, dimensions, chunks, shape, ...) \
  STENCIL_DECLARE_LAUNCH_##shape(name)
STENCIL_VARIANTS(STENCIL_DECLARE_LAUNCH)
#undef STENCIL_DECLARE_LAUNCH

}  // namespace stencil::cuda
