// Chooses an implementation for a run. The only place that knows which implementations exist.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "stencil/runner.hpp"

namespace stencil {

// Implementations compiled into this build: "kokkos", and "cuda" where nvcc was found.
std::vector<std::string> implementations();

// config.chunks == 0 selects the variant's default chunk count. `space` selects a Kokkos execution space ("" = Kokkos' default); the cuda implementation takes
// none. Throws UnsupportedRequest for anything this build or machine cannot serve.
std::unique_ptr<StencilRunner> make_runner(std::string_view implementation, const RunConfig& config,
                                           std::string_view space);

}  // namespace stencil
