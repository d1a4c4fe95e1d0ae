// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "stencil/variants.hpp"

namespace stencil {

const VariantInfo* find_variant(std::string_view name) {
  for (const auto& v : kVariants) {
    if (v.name == name)
      return &v;
  }
  return nullptr;
}

const ShapeOptionInfo* shape_option(ShapeOption option) {
  for (const auto& s : kShapeOptions) {
    if (s.id == option)
      return &s;
  }
  return nullptr;
}

}  // namespace stencil
