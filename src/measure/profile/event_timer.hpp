// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Device time between two points of a CUDA stream, from a pair of CUDA events.
#pragma once

#include <cuda_runtime.h>

namespace stencil::profile {

class EventTimer {
 public:
  EventTimer();
  ~EventTimer();
  EventTimer(const EventTimer&) = delete;
  EventTimer& operator=(const EventTimer&) = delete;

  void start(cudaStream_t queue);
  void stop(cudaStream_t queue);
  // Waits for the stop event; milliseconds between start and stop.
  double elapsed_ms();

 private:
  cudaEvent_t start_ = nullptr;
  cudaEvent_t stop_ = nullptr;
};

}  // namespace stencil::profile
