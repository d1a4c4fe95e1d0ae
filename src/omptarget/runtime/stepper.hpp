// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The OpenMP target offload model (-impl omptarget): kernels written as OpenMP target loop nests,
// compiled by clang 16 (or GCC 12) for NVIDIA GPUs, falling back to the host where no GPU is
// found or OMP_TARGET_OFFLOAD=DISABLED.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "stencil/stepper.hpp"

namespace stencil::omptarget {

// e.g. "OpenMP target device 0 of 1" or "OpenMP target host fallback (no offload device)".
std::string device_description();

// The loop shapes `variant`'s kernel is compiled in (stencil/loop_shape.hpp), default first;
// empty where this model has no kernel for it.
std::vector<std::string_view> loop_shapes(const VariantInfo& variant);

// Where the kernels run (-space): "gpu" (listed first, the default, where a GPU is found) and
// "host" (the same constructs on the host, every directive's `if` clause false). The grids of
// "gpu" live in CUDA device memory, mirrored in host arrays.
std::vector<std::string> space_names();
MemoryKind space_memory(std::string_view space);

// A stepper for the variants the omptarget model row names, in `space` ("": the first of
// space_names()). Throws UnsupportedRequest for an unknown space, -space gpu without a GPU, an
// unknown STENCIL_LOOP_SHAPE or grids that do not fit.
std::unique_ptr<Stepper> make_stepper(const CheckedConfig& config, std::string_view space);

}  // namespace stencil::omptarget
