// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The CUDA driver and runtime this run used, for the result file's context.
#pragma once

#include <string>

namespace stencil::perf {

// "13.0"; "none" without a driver.
std::string cuda_driver_version();
// "13.0"; "unknown" where the runtime does not say.
std::string cuda_runtime_version();

}  // namespace stencil::perf
