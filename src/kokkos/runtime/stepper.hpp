// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The Kokkos implementation of Stepper, for any execution space this build enables.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "stencil/stepper.hpp"

namespace stencil::kokkos {

// Lower-case names of the enabled execution spaces ("serial", "openmp", "cuda"), default first.
std::vector<std::string> space_names();

// `space` empty means Kokkos' default execution space. Kokkos must be initialized.
// Throws UnsupportedRequest for an unknown space or a grid that does not fit in memory.
std::unique_ptr<Stepper> make_stepper(const CheckedConfig& config, std::string_view space);

}  // namespace stencil::kokkos
