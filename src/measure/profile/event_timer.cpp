// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "measure/profile/event_timer.hpp"

#include "cuda/runtime/check.hpp"

namespace stencil::profile {

EventTimer::EventTimer() {
  STENCIL_CUDA_CHECK(cudaEventCreate(&start_));
  try {
    STENCIL_CUDA_CHECK(cudaEventCreate(&stop_));
  } catch (...) {
    cudaEventDestroy(start_);  // the destructor does not run for a half-built object
    throw;
  }
}

EventTimer::~EventTimer() {
  // Teardown results are ignored: a destructor must not throw.
  cudaEventDestroy(start_);
  cudaEventDestroy(stop_);
}

void EventTimer::start(cudaStream_t queue) {
  STENCIL_CUDA_CHECK(cudaEventRecord(start_, queue));
}

void EventTimer::stop(cudaStream_t queue) {
  STENCIL_CUDA_CHECK(cudaEventRecord(stop_, queue));
}

double EventTimer::elapsed_ms() {
  STENCIL_CUDA_CHECK(cudaEventSynchronize(stop_));
  float ms = 0.0f;
  STENCIL_CUDA_CHECK(cudaEventElapsedTime(&ms, start_, stop_));
  return ms;
}

}  // namespace stencil::profile
