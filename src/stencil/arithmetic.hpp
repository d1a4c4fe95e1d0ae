// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The stencil arithmetic, defined once. The reference loop, every Kokkos kernel and every native
// CUDA kernel call these functions, so every variant agrees with the reference bit for bit.
//
// Bit-identical results need two things besides a single definition:
//  * a fixed summation order (written out below, never left to the compiler), and
//  * no fused multiply-add contraction. On the device, __fmul_rn/__fadd_rn are never contracted;
//    on the host the build passes -ffp-contract=off (see the top-level CMakeLists.txt).
#pragma once

#if defined(__CUDACC__) || defined(__HIPCC__)
#define STENCIL_HOST_DEVICE __host__ __device__
#else
#define STENCIL_HOST_DEVICE
#endif

namespace stencil {

// 2-D five-point Jacobi-like update: out = 0.5*c + 0.125*(left + right + up + down).
inline constexpr float kCentreWeight2D = 0.5f;
inline constexpr float kNeighbourWeight2D = 0.125f;
// 1-D three-point update: out = 0.25*left + 0.5*c + 0.25*right.
inline constexpr float kSideWeight1D = 0.25f;
inline constexpr float kCentreWeight1D = 0.5f;

STENCIL_HOST_DEVICE inline float multiply_rounded(float a, float b) {
#if defined(__CUDA_ARCH__)
  return __fmul_rn(a, b);
#else
  return a * b;
#endif
}

STENCIL_HOST_DEVICE inline float add_rounded(float a, float b) {
#if defined(__CUDA_ARCH__)
  return __fadd_rn(a, b);
#else
  return a + b;
#endif
}

// Interior update of the 2-D stencil. Summation order: ((left + right) + up) + down.
STENCIL_HOST_DEVICE inline float five_point(float centre, float left, float right, float up,
                                            float down) {
  const float neighbours = add_rounded(add_rounded(add_rounded(left, right), up), down);
  return add_rounded(multiply_rounded(kCentreWeight2D, centre),
                     multiply_rounded(kNeighbourWeight2D, neighbours));
}

// Interior update of the 1-D stencil. Summation order: (0.25*left + 0.5*c) + 0.25*right.
STENCIL_HOST_DEVICE inline float three_point(float left, float centre, float right) {
  return add_rounded(
      add_rounded(multiply_rounded(kSideWeight1D, left), multiply_rounded(kCentreWeight1D, centre)),
      multiply_rounded(kSideWeight1D, right));
}

// Border cells of either stencil are copied through unchanged.
STENCIL_HOST_DEVICE inline bool is_border_2d(int x, int y, int n) {
  return x == 0 || y == 0 || x == n - 1 || y == n - 1;
}
// The same rule on a rows x cols rectangle (a rank's tile plus halo under MPI).
STENCIL_HOST_DEVICE inline bool is_border_2d(int x, int y, int cols, int rows) {
  return x == 0 || y == 0 || x == cols - 1 || y == rows - 1;
}
STENCIL_HOST_DEVICE inline bool is_border_1d(int i, int n) {
  return i == 0 || i == n - 1;
}

// Index clamp used by halo loads: keeps every load in bounds (a portable min/max; Kokkos 3.4
// has no Kokkos::min/max for device code).
STENCIL_HOST_DEVICE inline int clamp_index(int i, int lo, int hi) {
  return i < lo ? lo : (i > hi ? hi : i);
}

}  // namespace stencil
