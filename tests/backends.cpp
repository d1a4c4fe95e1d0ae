#include "backends.hpp"

#include "kokkos/runner.hpp"
#include "runners.hpp"
#if defined(STENCIL_HAVE_CUDA)
#include "cuda/runner.hpp"
#endif

namespace stencil::test {

std::vector<Backend> host_backends() {
  std::vector<Backend> backends;
  for (const auto& space : kokkos::space_names()) {
    if (space != "cuda")
      backends.push_back({"kokkos", space});
  }
  return backends;
}

std::vector<Backend> gpu_backends() {
  std::vector<Backend> backends;
  for (const auto& space : kokkos::space_names()) {
    if (space == "cuda")
      backends.push_back({"kokkos", space});
  }
  // Always listed, so a build without nvcc shows the native kernels as skipped, not absent.
  backends.push_back({"cuda", ""});
  return backends;
}

std::string unavailable_reason(const Backend& backend) {
  if (backend.implementation == "cuda") {
#if defined(STENCIL_HAVE_CUDA)
    const std::string reason = cuda::unavailable_reason();
    return reason.empty() ? "" : "no GPU here: " + reason;
#else
    return "this build has no native CUDA (nvcc was not found)";
#endif
  }
  return "";
}

}  // namespace stencil::test
