// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Test parameters of type Variant and Precision print as their names in gtest output.
#pragma once

#include <ostream>

#include "stencil/precision.hpp"
#include "stencil/variants.hpp"

namespace stencil {
inline void PrintTo(Variant variant, std::ostream* out) {
  *out << info(variant).name;
}
inline void PrintTo(Precision precision, std::ostream* out) {
  *out << precision_name(precision);
}
}  // namespace stencil
