// The OpenMP target offload model (-impl omptarget): kernels written as OpenMP target loop nests,
// compiled by clang (or GCC) for NVIDIA GPUs, falling back to the host where no GPU is found or
// OMP_TARGET_OFFLOAD=DISABLED.
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

// A stepper for the variants the omptarget model row names. Throws UnsupportedRequest for a
// Kokkos -space, an unknown STENCIL_LOOP_SHAPE or grids that do not fit.
std::unique_ptr<Stepper> make_stepper(const CheckedConfig& config, std::string_view space);

}  // namespace stencil::omptarget
