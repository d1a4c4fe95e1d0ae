// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Every CUPTI call is checked. A result that means "this process may not or cannot instrument
// kernels here" (permissions, unsupported device, another profiler attached) becomes
// ProfileUnavailable (exit 2, message names the cause); anything else is a CuptiFailure (a
// RuntimeFailure).
#pragma once

#include <cupti.h>

#include <string>

#include "measure/profile/profile.hpp"

namespace stencil::profile {

inline std::string cupti_result_text(CUptiResult result) {
  const char* name = nullptr;
  const char* message = nullptr;
  std::string text = cuptiGetResultString(result, &name) == CUPTI_SUCCESS && name
                         ? name
                         : "CUPTI result " + std::to_string(static_cast<int>(result));
  if (cuptiGetErrorMessage(result, &message) == CUPTI_SUCCESS && message && *message)
    text += std::string(": ") + message;
  return text;
}

// Why a result means profiling is unavailable here, or "" when it is an ordinary failure.
inline std::string unavailable_hint(CUptiResult result) {
  switch (result) {
    case CUPTI_ERROR_INSUFFICIENT_PRIVILEGES:
    case CUPTI_ERROR_VIRTUALIZED_DEVICE_INSUFFICIENT_PRIVILEGES:
      return "the driver restricts GPU profiling to administrators (run as root, or load the "
             "nvidia module with NVreg_RestrictProfilingToAdminUsers=0)";
    case CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED:
    case CUPTI_ERROR_NOT_COMPATIBLE:
    case CUPTI_ERROR_OLD_PROFILER_API_INITIALIZED:
      return "another CUPTI client (e.g. ncu, nsys or a CUDA_INJECTION64_PATH library) is "
             "attached to this process; run -profile sectors without it";
    case CUPTI_ERROR_NOT_SUPPORTED:
    case CUPTI_ERROR_INVALID_DEVICE:
    case CUPTI_ERROR_INVALID_CHIP_NAME:
    case CUPTI_ERROR_VIRTUALIZED_DEVICE_NOT_SUPPORTED:
    case CUPTI_ERROR_CONFIDENTIAL_COMPUTING_NOT_SUPPORTED:
    case CUPTI_ERROR_CMP_DEVICE_NOT_SUPPORTED:
    case CUPTI_ERROR_MIG_DEVICE_NOT_SUPPORTED:
    case CUPTI_ERROR_SLI_DEVICE_NOT_SUPPORTED:
    case CUPTI_ERROR_WSL_DEVICE_NOT_SUPPORTED:
      return "this device or configuration does not support CUPTI SASS metrics";
    default:
      return "";
  }
}

inline void cupti_check(CUptiResult result, const char* what) {
  if (result == CUPTI_SUCCESS)
    return;
  const std::string text = cupti_result_text(result) + " in " + what;
  if (const std::string hint = unavailable_hint(result); !hint.empty())
    throw ProfileUnavailable(text + " (" + hint + ")");
  throw CuptiFailure("CUPTI error: " + text);
}

// A CUPTI parameter struct: zeroed (pPriv and every optional field null), structSize set.
template <class Params>
Params cupti_params(std::size_t struct_size) {
  Params params{};
  params.structSize = struct_size;
  return params;
}

}  // namespace stencil::profile

#define STENCIL_CUPTI_CHECK(call) ::stencil::profile::cupti_check((call), #call)
#define STENCIL_CUPTI_PARAMS(Type) ::stencil::profile::cupti_params<Type>(Type##_STRUCT_SIZE)
