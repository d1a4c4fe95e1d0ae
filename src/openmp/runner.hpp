// The native CPU implementation of StencilRunner (-impl openmp): plain C++ with OpenMP threads
// and SIMD loops, the CPU twin of src/cuda/. No Kokkos.
#pragma once

#include <memory>
#include <string>

#include "stencil/runner.hpp"

namespace stencil::openmp {

// Whether this implementation has a kernel for `variant` (naive, tiled, temporal, naive1d,
// halo1d: the variants that mean something on a CPU).
bool has_kernel(Variant variant);

// e.g. "native OpenMP (2 threads, proc_bind spread)": the threads the kernels run on.
std::string thread_description();

// Throws UnsupportedRequest for a variant without an OpenMP kernel or grids that do not fit.
std::unique_ptr<StencilRunner> make_runner(const RunConfig& config);

}  // namespace stencil::openmp
