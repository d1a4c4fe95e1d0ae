// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Readable kernel names for the report. CUPTI reports device-side mangled names; Kokkos kernels
// are instances of one launch template whose only telling part is the function that holds the
// lambda, and nvcc mangles extended lambdas with a vendor extension ("Unvhdl") that the C++
// demangler rejects. So Kokkos kernels are named from the mangled tokens, everything else from the
// demangled name.
#pragma once

#include <string>

namespace stencil::profile {

// abi::__cxa_demangle, or the input unchanged when it cannot be demangled.
std::string demangle(const std::string& mangled);

// e.g. "_ZN7stencil4cuda12strip_kernelEPKfPfi" -> "stencil::cuda::strip_kernel", and a Kokkos
// launch of a lambda in stencil::kokkos::strip_step -> "stencil::kokkos::strip_step (Kokkos
// ParallelFor)". Falls back to the demangled (or mangled) name.
std::string short_kernel_name(const std::string& mangled);

}  // namespace stencil::profile
