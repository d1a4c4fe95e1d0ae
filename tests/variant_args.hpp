// Extra command-line arguments a variant needs for a given iteration count: temporal fuses
// iterations per pass, and -iters must be a multiple of -fuse.
#pragma once

#include <string>
#include <vector>

#include "stencil/variants.hpp"

namespace stencil::test {

// {"-fuse", "K"} with the deepest K in {8, 4, 2, 1} that divides `iterations`, for temporal;
// nothing for every other variant.
inline std::vector<std::string> fuse_args(const VariantInfo& variant, int iterations) {
  if (variant.id != Variant::temporal) return {};
  for (int fuse : {8, 4, 2}) {
    if (iterations % fuse == 0) return {"-fuse", std::to_string(fuse)};
  }
  return {"-fuse", "1"};
}

}  // namespace stencil::test
