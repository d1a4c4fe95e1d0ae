// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// profile_run for a build without CUDA or without CUPTI: every request names what is missing.
#include "measure/profile/profile.hpp"

namespace stencil::profile {

std::string unavailable_reason() {
  return STENCIL_PROFILE_MISSING;  // set by src/measure/CMakeLists.txt
}

ProfileReport profile_run(const StepperFactory&, const ProfileRequest&) {
  throw ProfileUnavailable(unavailable_reason());
}

SassMetricList sass_metric_list() {
  throw ProfileUnavailable(unavailable_reason());
}

}  // namespace stencil::profile
