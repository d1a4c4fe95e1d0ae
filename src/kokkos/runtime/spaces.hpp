// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The Kokkos execution spaces this build can run, and the per-space launch shape.
#pragma once

#include <Kokkos_Core.hpp>

#include <cctype>
#include <cstddef>
#include <string>

namespace stencil::kokkos {

// Views of cells of type T (float or double) in the space's memory.
template <class T, class ExecSpace>
using DeviceView = Kokkos::View<T*, typename ExecSpace::memory_space>;
template <class T, class ExecSpace>
using ConstDeviceView = Kokkos::View<const T*, typename ExecSpace::memory_space>;
// A read-only input as the kernels read it: const and RandomAccess, which Kokkos' CUDA backend
// reads through the read-only data cache (__ldg), as the native kernels' const __restrict__
// pointers are; on a host it is a plain view.
template <class T, class ExecSpace>
using InputView = Kokkos::View<const T*, typename ExecSpace::memory_space,
                               Kokkos::MemoryTraits<Kokkos::RandomAccess>>;
template <class T, class ExecSpace>
using ScratchView = Kokkos::View<T*, typename ExecSpace::scratch_memory_space,
                                 Kokkos::MemoryTraits<Kokkos::Unmanaged>>;

// A team's scratch of `cells` cells of type T, as a team policy asks for it.
template <class T>
struct TeamScratch {
  std::size_t cells = 0;
};
// The bytes Kokkos needs for `scratch` on `ExecSpace`, with its allowance for alignment.
template <class ExecSpace, class T>
std::size_t scratch_bytes(TeamScratch<T> scratch) {
  return ScratchView<T, ExecSpace>::shmem_size(static_cast<int>(scratch.cells));
}

// A host space runs a team as one thread that walks all of the team's loop iterations (and
// vectorises the innermost, ThreadVectorRange); a device space gives every (team thread, vector
// lane) its own hardware thread. A kernel picks its host or device form on this
// (team_policy.hpp); both keep the variant's contract (who owns which cells, what is staged).
template <class ExecSpace>
inline constexpr bool kRunsOnHost =
    Kokkos::SpaceAccessibility<ExecSpace, Kokkos::HostSpace>::accessible;

// The space's name as -space takes it: "serial", "openmp", "cuda".
template <class ExecSpace>
std::string lower_space_name() {
  std::string name = ExecSpace::name();
  for (char& c : name)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return name;
}

}  // namespace stencil::kokkos

// Instantiates MACRO(space) for every execution space this Kokkos build enables.
#if defined(KOKKOS_ENABLE_SERIAL)
#define STENCIL_IF_SERIAL(MACRO) MACRO(Kokkos::Serial)
#else
#define STENCIL_IF_SERIAL(MACRO)
#endif
#if defined(KOKKOS_ENABLE_OPENMP)
#define STENCIL_IF_OPENMP(MACRO) MACRO(Kokkos::OpenMP)
#else
#define STENCIL_IF_OPENMP(MACRO)
#endif
#if defined(KOKKOS_ENABLE_CUDA)
#define STENCIL_IF_CUDA(MACRO) MACRO(Kokkos::Cuda)
#else
#define STENCIL_IF_CUDA(MACRO)
#endif
#define STENCIL_FOR_EACH_KOKKOS_SPACE(MACRO) \
  STENCIL_IF_SERIAL(MACRO) STENCIL_IF_OPENMP(MACRO) STENCIL_IF_CUDA(MACRO)
