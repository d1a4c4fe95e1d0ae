#include "stencil/variants.hpp"

#include <stdexcept>

namespace stencil {

const VariantInfo* find_variant(std::string_view name) {
  for (const auto& v : kVariants) {
    if (v.name == name)
      return &v;
  }
  return nullptr;
}

const VariantInfo& info(Variant variant) {
  for (const auto& v : kVariants) {
    if (v.id == variant)
      return v;
  }
  throw std::logic_error("variant missing from kVariants");
}

}  // namespace stencil
