// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The one place the grids' element type is named: every grid, kernel, halo buffer and file
// reads and writes Element. Each kernel still spells its arithmetic for float
// (stencil/arithmetic.hpp), so a wider type is a change of this alias plus those functions.
#pragma once

namespace stencil {

using Element = float;

}  // namespace stencil
