#include "targets.hpp"

#include "kokkos/runner.hpp"
#include "runners.hpp"
#if defined(STENCIL_HAVE_CUDA)
#include "cuda/runner.hpp"
#endif

namespace stencil::perf {

TargetList benchmark_targets() {
  TargetList targets;
  for (const auto& implementation : implementations()) {
    if (implementation == "kokkos") {
      for (const auto& space : kokkos::space_names())
        targets.runnable.push_back({implementation, space});
      continue;
    }
#if defined(STENCIL_HAVE_CUDA)
    if (implementation == "cuda") {
      if (const std::string reason = cuda::unavailable_reason(); !reason.empty()) {
        targets.skipped.push_back("cuda: " + reason);
      } else {
        targets.runnable.push_back({implementation, ""});
      }
      continue;
    }
#endif
    targets.skipped.push_back(implementation + ": no benchmark target for this implementation");
  }
  return targets;
}

}  // namespace stencil::perf
