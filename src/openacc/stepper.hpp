// The OpenACC model (-impl openacc): kernels written as OpenACC loop nests, compiled by GCC for
// NVIDIA GPUs (nvptx offload), falling back to the host where no GPU is found.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "stencil/stepper.hpp"

namespace stencil::openacc {

// e.g. "OpenACC on NVIDIA H200 (nvidia device 0)" or "OpenACC host fallback (no GPU)".
std::string device_description();

// The loop shapes `variant`'s kernel is compiled in (stencil/loop_shape.hpp), default first;
// empty where this model has no kernel for it.
std::vector<std::string_view> loop_shapes(const VariantInfo& variant);

// A stepper for the variants the openacc model row names. Throws UnsupportedRequest for a
// Kokkos -space, an unknown STENCIL_LOOP_SHAPE or grids that do not fit.
std::unique_ptr<Stepper> make_stepper(const CheckedConfig& config, std::string_view space);

}  // namespace stencil::openacc
