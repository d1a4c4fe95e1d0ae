// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The pipelined temporal shape that native CUDA (warp_temporal_kernel.cuh) and its Kokkos twin
// (group_temporal.hpp) share, so that both models run the same division of labour at each depth
// and precision. The figures behind each number are in docs/stream-and-temporal.md.
//  * Groups of 4 levels, one warp each on a GPU: k / 4 groups per block, and 8 / (k / 4) blocks
//    per multiprocessor, so that every depth keeps 8 warps resident.
//  * 13 columns per lane in float and 7 in double: 13 double columns would not fit a thread's
//    255 registers, 9 spill 112 bytes per thread, and 8 make a 64-byte lane stride with
//    shared-memory bank conflicts; 7 fit with no spills, conflict-free.
//  * Double runs it from k = 4 on, float from k = 16: at k = 4 and 8 the one-thread form
//    (every level of a thread's columns in that thread) is the faster in float and the slower
//    in double.
#pragma once

#include <type_traits>

namespace stencil::pipelined {

inline constexpr int kLevelsPerGroup = 4;
inline constexpr int kWarpsPerMultiprocessor = 8;

// The shallowest depth that runs the pipelined form.
template <class T>
inline constexpr int kFirstDepth = std::is_same_v<T, float> ? 16 : kLevelsPerGroup;

template <class T>
inline constexpr int kColumnsPerLane = std::is_same_v<T, float> ? 13 : 7;

template <int kFuse>
inline constexpr int kGroups = kFuse / kLevelsPerGroup;

template <int kFuse>
inline constexpr int kBlocksPerMultiprocessor = kWarpsPerMultiprocessor / kGroups<kFuse>;

}  // namespace stencil::pipelined
