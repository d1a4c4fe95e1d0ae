// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Extra command-line arguments a variant needs for a given iteration count: temporal fuses
// iterations per pass, and -iters must be a multiple of -fuse.
#pragma once

#include <string>
#include <vector>

#include "stencil/variants.hpp"

namespace stencil::test {

// {"-fuse", "K"} with the deepest K of kFuseDepths that divides `iterations`, for a variant with a
// fuse depth; nothing for every other variant.
inline std::vector<std::string> fuse_args(const VariantInfo& variant, int iterations) {
  if (!variant.uses_shape(ShapeOption::fuse))
    return {};
  int deepest = 1;
  for (const int fuse : kFuseDepths) {
    if (iterations % fuse == 0 && fuse > deepest)
      deepest = fuse;
  }
  return {"-fuse", std::to_string(deepest)};
}

}  // namespace stencil::test
