// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The command-line arguments that pick a backend of this build for a CLI test: the registry's
// host backends (test_backends.hpp), so the tests run whichever models the build has.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "stencil/variants.hpp"
#include "test_backends.hpp"

namespace stencil::test {

// -impl (and -space) of a host backend that can run here.
inline std::vector<std::string> backend_args(const Backend& backend) {
  std::vector<std::string> args{"-impl", backend.implementation};
  if (!backend.space.empty()) {
    args.push_back("-space");
    args.push_back(backend.space);
  }
  return args;
}

// The host backends that can run here, in the registry's order.
inline std::vector<Backend> runnable_host_backends() {
  std::vector<Backend> list;
  for (const Backend& backend : host_backends()) {
    if (unavailable_reason(backend).empty())
      list.push_back(backend);
  }
  return list;
}

// The arguments of the first runnable host backend whose model implements `variant`; none where
// no model of this build does.
inline std::optional<std::vector<std::string>> host_args_for(const VariantInfo& variant) {
  for (const Backend& backend : runnable_host_backends()) {
    if (variant.implemented_by(backend.implementation))
      return backend_args(backend);
  }
  return std::nullopt;
}

// Whether a model's runtime brings CUDA up at start (e.g. an execution space on the GPU), which an
// address-space limit stops before any allocation of the run.
inline bool a_runtime_starts_cuda() {
  for (const Backend& backend : backends()) {
    if (backend.on_gpu() && !backend.space.empty())
      return true;
  }
  return false;
}

}  // namespace stencil::test
