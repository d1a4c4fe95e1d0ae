// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The one place the grids' element type is named: every grid, kernel, halo buffer and file
// reads and writes Element. The arithmetic and the reference loop are defined for float and
// double (stencil/arithmetic.hpp, stencil/reference.hpp); the kernels, files and counters take
// Element.
#pragma once

namespace stencil {

using Element = float;

}  // namespace stencil
