// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// How a run of any length is cut into temporal passes: passes of the configured depth while they
// fit before the next stop (a save point or the last iteration), then the deepest instantiated
// depths that fit what is left. kAllFuseDepths holds 1 and doubles, so a remainder r takes one pass
// per set bit of r.
#pragma once

#include <cstdint>

#include "stencil/variants.hpp"

namespace stencil {

// The depth of the next pass when `left` iterations remain before the next stop: the deepest of
// kAllFuseDepths that is at most `deepest` and at most `left`; 1 when none is (left < 1 included).
constexpr int next_pass_depth(int deepest, std::int64_t left) {
  int depth = 1;
  for (const int candidate : kAllFuseDepths) {
    if (candidate <= deepest && candidate <= left && candidate > depth)
      depth = candidate;
  }
  return depth;
}

static_assert(kAllFuseDepths[0] == 1, "a remainder of one iteration needs a pass of depth 1");
static_assert(next_pass_depth(8, 7) == 4 && next_pass_depth(8, 3) == 2 &&
              next_pass_depth(4, 100) == 4 && next_pass_depth(16, 100) == 16 &&
              next_pass_depth(16, 12) == 8);

}  // namespace stencil
