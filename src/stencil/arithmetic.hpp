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

#include <cstdint>

namespace stencil {

// 2-D five-point Jacobi-like update: out = 0.5*c + 0.125*(left + right + up + down).
// 1-D three-point update: out = 0.25*left + 0.5*c + 0.25*right.
// The weights are powers of two, exact in every floating-point type; the float constants below
// name them, and each precision converts them exactly.
inline constexpr float kCentreWeight2D = 0.5f;
inline constexpr float kNeighbourWeight2D = 0.125f;
inline constexpr float kSideWeight1D = 0.25f;
inline constexpr float kCentreWeight1D = 0.5f;

// One correctly rounded product and sum per precision, never contracted into a fused
// multiply-add.
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

STENCIL_HOST_DEVICE inline double multiply_rounded(double a, double b) {
#if defined(__CUDA_ARCH__)
  return __dmul_rn(a, b);
#else
  return a * b;
#endif
}

STENCIL_HOST_DEVICE inline double add_rounded(double a, double b) {
#if defined(__CUDA_ARCH__)
  return __dadd_rn(a, b);
#else
  return a + b;
#endif
}

// Interior update of the 2-D stencil in precision T (float or double). Summation order:
// ((left + right) + up) + down.
template <class T>
STENCIL_HOST_DEVICE inline T five_point(T centre, T left, T right, T up, T down) {
  const T neighbours = add_rounded(add_rounded(add_rounded(left, right), up), down);
  return add_rounded(multiply_rounded(static_cast<T>(kCentreWeight2D), centre),
                     multiply_rounded(static_cast<T>(kNeighbourWeight2D), neighbours));
}

// Interior update of the 1-D stencil in precision T. Summation order:
// (0.25*left + 0.5*c) + 0.25*right.
template <class T>
STENCIL_HOST_DEVICE inline T three_point(T left, T centre, T right) {
  return add_rounded(add_rounded(multiply_rounded(static_cast<T>(kSideWeight1D), left),
                                 multiply_rounded(static_cast<T>(kCentreWeight1D), centre)),
                     multiply_rounded(static_cast<T>(kSideWeight1D), right));
}

// Border cells of either stencil are copied through unchanged.
STENCIL_HOST_DEVICE inline bool is_border_2d(int x, int y, int n) {
  return x == 0 || y == 0 || x == n - 1 || y == n - 1;
}
// The same rule on a rows x cols rectangle (a rank's tile plus halo under MPI).
STENCIL_HOST_DEVICE inline bool is_border_2d(int x, int y, int cols, int rows) {
  return x == 0 || y == 0 || x == cols - 1 || y == rows - 1;
}
// 64-bit: a 1-D grid is limited by memory only.
STENCIL_HOST_DEVICE inline bool is_border_1d(std::int64_t i, std::int64_t n) {
  return i == 0 || i == n - 1;
}

// Index clamp used by halo loads: keeps every load in bounds (a portable min/max; Kokkos 3.4
// has no Kokkos::min/max for device code).
STENCIL_HOST_DEVICE inline int clamp_index(int i, int lo, int hi) {
  return i < lo ? lo : (i > hi ? hi : i);
}

}  // namespace stencil
