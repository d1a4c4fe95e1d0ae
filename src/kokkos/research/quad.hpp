// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A member's run of consecutive cells as one aligned value: a portable vector load and store.
// kQuadCells<T> is the one choice per element type: 16 bytes, the widest load one CUDA
// instruction makes, so 4 floats (the native kernels' float4) or 2 doubles (double2), and a
// member's registers hold as many bytes in either precision. nvcc moves a quad with one 128-bit
// instruction, a CPU compiler with one SSE/AVX move. A kernel written on kQuadCells<T> takes any
// count whose quad is a power-of-two size (e.g. 4 doubles: 32 bytes, two 128-bit instructions).
#pragma once

#include <Kokkos_Core.hpp>

namespace stencil::kokkos {

template <class T>
inline constexpr int kQuadCells = static_cast<int>(16 / sizeof(T));

template <class T>
struct alignas(kQuadCells<T> * sizeof(T)) Quad {
  T v[kQuadCells<T>];
};

// The quad at p, which must be aligned to the quad's size (a Kokkos allocation is; so is every
// kQuadCells-th cell of a row when the row length is a multiple of kQuadCells).
template <class T>
KOKKOS_INLINE_FUNCTION Quad<T> load_quad(const T* p) {
  return *reinterpret_cast<const Quad<T>*>(p);
}
template <class T>
KOKKOS_INLINE_FUNCTION void store_quad(T* p, const Quad<T>& q) {
  *reinterpret_cast<Quad<T>*>(p) = q;
}

}  // namespace stencil::kokkos
