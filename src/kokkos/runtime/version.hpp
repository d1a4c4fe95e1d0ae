// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The version of the Kokkos this build is compiled against, for -list and every result.
#pragma once

#include <string>

namespace stencil::kokkos {

// As Kokkos numbers its releases, with a two-digit patch: "3.4.01", "4.6.01".
std::string version();

}  // namespace stencil::kokkos
