// The copy reference of a Kokkos execution space.
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "copy_reference.hpp"

namespace stencil::perf {

// Host spaces: a parallel_for copy in that very space (a Serial copy for Serial, an OpenMP copy
// with all threads for OpenMP), so the reference uses the same threads as the kernels. Device
// spaces: Kokkos::deep_copy between two Views, which is a device-to-device cudaMemcpyAsync.
// Kokkos must be initialized. Throws UnsupportedRequest for an unknown space or a size that does
// not fit.
std::unique_ptr<CopyReference> make_kokkos_copy(const std::string& space, std::size_t cells);

}  // namespace stencil::perf
