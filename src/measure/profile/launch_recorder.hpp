// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Records every kernel launch while it exists, through CUPTI's callback API (not the activity
// API, which CUPTI refuses to combine with SASS patching): kernel name, launch count, the last
// launch shape and the runtime handle that cudaFuncGetAttributes and the occupancy API accept.
// Native CUDA and Kokkos kernels alike launch through the runtime (<<<>>>, which CUDA 13 routes
// through __cudaLaunchKernel); driver-API launches are recorded too, for kernels seen nowhere else.
#pragma once

#include <cupti.h>

#include <array>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace stencil::profile {

struct LaunchShape {
  std::array<unsigned, 3> grid{};
  std::array<unsigned, 3> block{};
  std::uint64_t dynamic_smem_bytes = 0;
  bool operator==(const LaunchShape& o) const {
    return grid == o.grid && block == o.block && dynamic_smem_bytes == o.dynamic_smem_bytes;
  }
};

struct RecordedKernel {
  std::string mangled_name;  // CUPTI's symbolName: the device-side name, as SASS records have it
  std::uint64_t launches = 0;
  // A __global__ function's address or a cudaKernel_t; nullptr when the launch API gave none.
  const void* runtime_handle = nullptr;
  std::optional<LaunchShape> shape;  // of the last launch
  bool shape_varied = false;
};

class LaunchRecorder {
 public:
  LaunchRecorder();   // subscribes and enables the launch callbacks
  ~LaunchRecorder();  // unsubscribes
  LaunchRecorder(const LaunchRecorder&) = delete;
  LaunchRecorder& operator=(const LaunchRecorder&) = delete;

  // One entry per kernel name, from the runtime records (a runtime launch reaches the driver too,
  // so nothing is counted twice); the driver records only where the runtime recorded nothing.
  std::vector<RecordedKernel> kernels() const;

 private:
  static void CUPTIAPI on_callback(void* self, CUpti_CallbackDomain domain, CUpti_CallbackId id,
                                   const void* data);
  void record(CUpti_CallbackDomain domain, CUpti_CallbackId id, const CUpti_CallbackData& data);

  CUpti_SubscriberHandle subscriber_ = nullptr;
  mutable std::mutex mutex_;
  std::map<std::string, RecordedKernel> runtime_launches_;
  std::map<std::string, RecordedKernel> driver_launches_;
};

}  // namespace stencil::profile
