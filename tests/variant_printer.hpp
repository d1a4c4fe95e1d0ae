// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Test parameters of type Variant print as their names in gtest output.
#pragma once

#include <ostream>

#include "stencil/variants.hpp"

namespace stencil {
inline void PrintTo(Variant variant, std::ostream* out) {
  *out << info(variant).name;
}
}  // namespace stencil
