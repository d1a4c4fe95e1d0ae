// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Extra command-line arguments a variant takes for a given iteration count: temporal fuses
// iterations per pass, here as deep as the count allows, so that runs whose count the deepest
// depth does not divide end in shallower passes.
#pragma once

#include <string>
#include <vector>

#include "stencil/pass_depth.hpp"
#include "stencil/variants.hpp"

namespace stencil::test {

// {"-fuse", "K"} with the deepest K of kFuseDepths that is at most `iterations` (at least 1),
// for a variant with a fuse depth; nothing for every other variant.
inline std::vector<std::string> fuse_args(const VariantInfo& variant, int iterations) {
  if (!variant.uses_shape(ShapeOption::fuse))
    return {};
  return {"-fuse", std::to_string(next_pass_depth(kFuseDepths.back(), iterations))};
}

}  // namespace stencil::test
