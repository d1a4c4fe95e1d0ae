// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The native CUDA implementation of Stepper. Plain C++ header: the driver includes it
// without the CUDA toolkit's headers.
#pragma once

#include <memory>
#include <string>

#include "stencil/stepper.hpp"

namespace stencil::cuda {

// "" when a CUDA device is usable, else the reason (no device, driver too old, ...).
std::string unavailable_reason();

// e.g. "CUDA device 0: NVIDIA H200 (sm_90, 132 SMs)"; requires a usable device.
std::string device_description();

// Throws UnsupportedRequest when no device is usable or the grids do not fit in its memory.
std::unique_ptr<Stepper> make_stepper(const CheckedConfig& config);

}  // namespace stencil::cuda
