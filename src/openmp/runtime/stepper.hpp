// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The native CPU implementation of Stepper (-impl openmp): plain C++ with OpenMP threads
// and SIMD loops, the CPU twin of src/cuda/. No Kokkos.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "stencil/stepper.hpp"

namespace stencil::openmp {

// e.g. "native OpenMP (2 threads, proc_bind spread)": the threads the kernels run on.
std::string thread_description();

// The variants STENCIL_VARIANTS gives to "openmp" (those that mean something on a CPU), in the
// config's precision. Throws UnsupportedRequest for a Kokkos -space or grids that do not fit.
std::unique_ptr<Stepper> make_stepper(const CheckedConfig& config, std::string_view space);

}  // namespace stencil::openmp
