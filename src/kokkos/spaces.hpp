// The Kokkos execution spaces this build can run, and the per-space launch shape.
#pragma once

#include <Kokkos_Core.hpp>

namespace stencil::kokkos {

template <class ExecSpace>
using DeviceView = Kokkos::View<float*, typename ExecSpace::memory_space>;
template <class ExecSpace>
using ConstDeviceView = Kokkos::View<const float*, typename ExecSpace::memory_space>;
template <class ExecSpace>
using ScratchView = Kokkos::View<float*, typename ExecSpace::scratch_memory_space,
                                 Kokkos::MemoryTraits<Kokkos::Unmanaged>>;

// A host space runs a team as one thread that walks all of the team's logical lanes; a device
// space gives every logical lane its own thread. Kernels are written against the logical lanes, so
// the contract (who owns which cells, what the barrier protects) is the same on both.
template <class ExecSpace>
inline constexpr bool kRunsOnHost =
    Kokkos::SpaceAccessibility<ExecSpace, Kokkos::HostSpace>::accessible;

// Logical lanes each team thread owns. Compile-time, so per-lane "registers" stay registers on
// the device (one lane) and become a small stack array on the host.
template <class ExecSpace>
inline constexpr int lanes_per_thread(int logical_lanes) {
  return kRunsOnHost<ExecSpace> ? logical_lanes : 1;
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
