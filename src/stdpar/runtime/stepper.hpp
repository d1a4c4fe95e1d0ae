// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The stdpar model (-impl stdpar): C++17 parallel algorithms, no OpenMP, no Kokkos.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "stencil/stepper.hpp"

namespace stencil::stdpar {

// e.g. "C++17 parallel algorithms, std::execution::par_unseq on TBB (2 threads)".
std::string thread_description();

// A stepper in the config's precision. Throws UnsupportedRequest for a -space or grids that do not
// fit in host memory.
std::unique_ptr<Stepper> make_stepper(const CheckedConfig& config, std::string_view space);

}  // namespace stencil::stdpar
