// Native CUDA launchers, one per variant, each defined in the .cu file of the same name. They
// take device pointers; `in` and `out` must not alias. Each checks its launch.
#pragma once

#include <cuda_runtime.h>

namespace stencil::cuda {

using LaunchFunction = void (*)(const float* in, float* out, int n, int chunks,
                                cudaStream_t stream);

void launch_naive(const float* in, float* out, int n, int chunks, cudaStream_t stream);
void launch_strip(const float* in, float* out, int n, int chunks, cudaStream_t stream);
void launch_rolling(const float* in, float* out, int n, int chunks, cudaStream_t stream);
void launch_doublebuf(const float* in, float* out, int n, int chunks, cudaStream_t stream);
void launch_doublebuf_async(const float* in, float* out, int n, int chunks, cudaStream_t stream);
void launch_naive1d(const float* in, float* out, int n, int chunks, cudaStream_t stream);
void launch_halo1d(const float* in, float* out, int n, int chunks, cudaStream_t stream);
void launch_stream(const float* in, float* out, int n, int chunks, cudaStream_t stream);
// temporal fuses `fuse` iterations (1, 2, 4 or 8) into one launch.
void launch_temporal(const float* in, float* out, int n, int fuse, int chunks,
                     cudaStream_t stream);

// Launchers with a compile-time shape, instantiated for every value of kTiledPitches /
// kPatchSizes; the runner picks the instantiation from the run-time option.
template <int kPitch>
void launch_tiled(const float* in, float* out, int n, int chunks, cudaStream_t stream);
template <int kPatch>
void launch_regblock(const float* in, float* out, int n, int chunks, cudaStream_t stream);

}  // namespace stencil::cuda
