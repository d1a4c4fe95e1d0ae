// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// 16-byte accesses for cells of either element type: the vectorised kernels (stream, temporal)
// move a thread's run of consecutive cells as 16-byte vectors, float4 for float and double2 for
// double, so both precisions issue one memory instruction per 16 bytes.
//
// A thread's run is kRunCells<T> cells, the one choice the fp64 kernels make differently: one
// vector in each precision (4 floats, 2 doubles), so a run costs a thread the same registers and a
// warp instruction covers the same 512 contiguous bytes in both; a double block then owns half as
// many cells. Any multiple of kVectorCells<T> works (4 doubles: two double2 per run, as many cells
// per thread as in float and twice the registers).
#pragma once

#include <cuda_runtime.h>

namespace stencil::cuda {

template <class T>
struct VectorOf;
template <>
struct VectorOf<float> {
  using type = float4;
};
template <>
struct VectorOf<double> {
  using type = double2;
};
// The 16-byte vector of T.
template <class T>
using Vector = typename VectorOf<T>::type;

// Cells of one vector: 4 floats, 2 doubles.
template <class T>
inline constexpr int kVectorCells = static_cast<int>(sizeof(Vector<T>) / sizeof(T));

// Consecutive cells a thread of a vectorised kernel owns and moves together: a stream slot, a
// temporal thread's columns.
template <class T>
inline constexpr int kRunCells = 0;
template <>
inline constexpr int kRunCells<float> = 4;  // one float4
template <>
inline constexpr int kRunCells<double> = 2;  // one double2

__device__ __forceinline__ void unpack(float4 t, float* v) {
  v[0] = t.x, v[1] = t.y, v[2] = t.z, v[3] = t.w;
}
__device__ __forceinline__ void unpack(double2 t, double* v) {
  v[0] = t.x, v[1] = t.y;
}
__device__ __forceinline__ float4 pack(const float* v) {
  return make_float4(v[0], v[1], v[2], v[3]);
}
__device__ __forceinline__ double2 pack(const double* v) {
  return make_double2(v[0], v[1]);
}

// The loads and stores below take kCells consecutive cells at p, which is 16-byte aligned, one
// vector per instruction. kEvictFirst: the streaming cache hint (ld.global.cs, st.global.cs), for
// data touched once; otherwise loads take the read-only path (ld.global.nc).
template <bool kEvictFirst, class T, int kCells>
__device__ __forceinline__ void vector_load_global(const T* p, T (&v)[kCells]) {
  static_assert(kCells % kVectorCells<T> == 0, "whole vectors");
  const auto* q = reinterpret_cast<const Vector<T>*>(p);
#pragma unroll
  for (int i = 0; i < kCells / kVectorCells<T>; ++i)
    unpack(kEvictFirst ? __ldcs(q + i) : __ldg(q + i), v + i * kVectorCells<T>);
}

template <bool kEvictFirst, class T, int kCells>
__device__ __forceinline__ void vector_store_global(T* p, const T (&v)[kCells]) {
  static_assert(kCells % kVectorCells<T> == 0, "whole vectors");
  auto* q = reinterpret_cast<Vector<T>*>(p);
#pragma unroll
  for (int i = 0; i < kCells / kVectorCells<T>; ++i) {
    if constexpr (kEvictFirst)
      __stcs(q + i, pack(v + i * kVectorCells<T>));
    else
      q[i] = pack(v + i * kVectorCells<T>);
  }
}

// A plain load, for shared memory.
template <class T, int kCells>
__device__ __forceinline__ void vector_load_shared(const T* p, T (&v)[kCells]) {
  static_assert(kCells % kVectorCells<T> == 0, "whole vectors");
  const auto* q = reinterpret_cast<const Vector<T>*>(p);
#pragma unroll
  for (int i = 0; i < kCells / kVectorCells<T>; ++i)
    unpack(q[i], v + i * kVectorCells<T>);
}

}  // namespace stencil::cuda
