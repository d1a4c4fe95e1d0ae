// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Four consecutive floats as one 16-byte aligned value: a portable vector load and store. nvcc
// moves it with one 128-bit instruction (as the native kernels' float4), a CPU compiler with one
// SSE/AVX move.
#pragma once

#include <Kokkos_Core.hpp>

namespace stencil::kokkos {

struct alignas(16) Quad {
  float v[4];
};

// The quad at p, which must be 16-byte aligned (a Kokkos allocation is; so is every fourth float
// of a row when the row length is a multiple of 4).
KOKKOS_INLINE_FUNCTION Quad load_quad(const float* p) {
  return *reinterpret_cast<const Quad*>(p);
}
KOKKOS_INLINE_FUNCTION void store_quad(float* p, const Quad& q) {
  *reinterpret_cast<Quad*>(p) = q;
}

}  // namespace stencil::kokkos
