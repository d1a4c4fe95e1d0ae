// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Sector profiling of one variant: the global-memory sectors each kernel's SASS load
// and store instructions issue, counted through CUPTI's SASS Metrics API, beside shared-memory
// loads, stores and bank conflicts, registers, shared memory, theoretical occupancy and
// the time per launch of an uninstrumented run.
//
// Plain C++: the driver includes this without CUDA or CUPTI headers. On a build without CUDA (or
// without CUPTI) every call reports why profiling is unavailable. See docs/sectors.md.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "measure/profile/kernel_report.hpp"
#include "stencil/stepper.hpp"

namespace stencil::profile {

// Profiling cannot run in this build or on this machine (no CUDA, no device, no permission to
// instrument, another profiler attached). The message starts with "CUPTI unavailable: " and names
// the cause. An UnsupportedRequest, so the driver exits with status 2.
class ProfileUnavailable : public UnsupportedRequest {
 public:
  explicit ProfileUnavailable(const std::string& cause)
      : UnsupportedRequest("CUPTI unavailable: " + cause) {}
};

// A CUPTI call failed for a reason other than those above (e.g. CUPTI_ERROR_OUT_OF_MEMORY from
// cuptiSassMetricsSetConfig). A RuntimeFailure, so the driver exits with status 1; its own type
// lets the profile retry a pass without the shared-memory metrics (shared_fallback.hpp) while a
// failing launch still fails the run.
class CuptiFailure : public RuntimeFailure {
 public:
  using RuntimeFailure::RuntimeFailure;
};

// "" when this build has CUPTI and a CUDA device is usable; otherwise the cause, e.g.
// "no CUDA device (cudaErrorInsufficientDriver: CUDA driver version is insufficient ...)".
// Permissions are only known once CUPTI is configured: profile_run reports those.
std::string unavailable_reason();

// Makes the stepper to profile. Called once, after CUDA is up (and Kokkos, for Kokkos steppers).
using StepperFactory = std::function<std::unique_ptr<Stepper>()>;

struct ProfileRequest {
  RunConfig config;
  int launches = 100;      // steps in each run (timed, counted)
  std::uint64_t seed = 0;  // initial field; sector counts do not depend on it
};

// Runs `launches` steps twice after one warm-up step: first uninstrumented, timed with CUDA events
// on the stepper's stream; then inside one CUPTI SASS-metrics scope that sums, per instruction of
// every launch, the sectors and the shared-memory requests and wavefronts (a chip without those
// shared metrics leaves their columns empty and says so in a note). When CUPTI refuses the
// combined scope, the counted run is repeated with the sector metrics alone and a note says that
// shared memory was not counted. Throws ProfileUnavailable, UnsupportedRequest (the stepper does
// not launch CUDA kernels) or RuntimeFailure.
ProfileReport profile_run(const StepperFactory& open, const ProfileRequest& request);

struct SassMetricList {
  std::string chip;                // e.g. "GH100"
  std::vector<std::string> names;  // sorted
};

// -profile sass-metrics: every SASS metric CUPTI offers on the current CUDA device's chip, so a
// GPU run can confirm the names the counters ask for. Throws ProfileUnavailable or RuntimeFailure.
SassMetricList sass_metric_list();

}  // namespace stencil::profile
