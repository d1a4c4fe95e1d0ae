// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The loop shape a directive model's kernel runs in, chosen at run time for measurements: a
// directive kernel's launch shape (collapse, tile, vector length, team size, block size) is
// fixed by its pragmas, so each kernel file compiles a few candidate shapes and the environment
// variable STENCIL_LOOP_SHAPE names one of them. Unset, every kernel runs its first (default)
// shape; the result block names the shape it ran.
#pragma once

#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "stencil/stepper.hpp"

namespace stencil {

// The index in `shapes` of the shape STENCIL_LOOP_SHAPE names, 0 where it is unset or empty.
// Throws UnsupportedRequest, listing the shapes, for a name `shapes` lacks.
inline int loop_shape_from_environment(std::string_view model, std::string_view variant,
                                       const std::vector<std::string_view>& shapes) {
  const char* requested = std::getenv("STENCIL_LOOP_SHAPE");
  if (requested == nullptr || *requested == '\0')
    return 0;
  std::string names;
  for (std::size_t i = 0; i < shapes.size(); ++i) {
    if (shapes[i] == requested)
      return static_cast<int>(i);
    names += (i == 0 ? "" : ", ") + std::string(shapes[i]);
  }
  throw UnsupportedRequest("STENCIL_LOOP_SHAPE=" + std::string(requested) + ": -impl " +
                           std::string(model) + " -variant " + std::string(variant) +
                           " has the loop shapes " + names);
}

}  // namespace stencil
