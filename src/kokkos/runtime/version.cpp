// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "kokkos/runtime/version.hpp"

#include <Kokkos_Core.hpp>

#include <cstdio>

namespace stencil::kokkos {

std::string version() {
  // KOKKOS_VERSION is major * 10000 + minor * 100 + patch in every Kokkos from 3.0 on; the
  // separate MAJOR/MINOR/PATCH macros only arrived with 4.x.
  constexpr int kEncoded = KOKKOS_VERSION;
  char text[32];
  std::snprintf(text, sizeof text, "%d.%d.%02d", kEncoded / 10000, kEncoded / 100 % 100,
                kEncoded % 100);
  return text;
}

}  // namespace stencil::kokkos
