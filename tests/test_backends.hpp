// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The backends a test program exercises, from the one list in src/backends.hpp: the CPU suite
// takes those on the host, the GPU suite (CTest label `gpu`) those on the GPU.
#pragma once

#include <vector>

#include "backends.hpp"

namespace stencil::test {

std::vector<Backend> host_backends();
std::vector<Backend> gpu_backends();

}  // namespace stencil::test
