// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// RAII around one enable/disable range of CUPTI's SASS Metrics API: configures a list of metrics
// on a device, patches every kernel launched in its lifetime, and at finish() returns each patched
// instruction's values, summed over all launches and SMs. -profile sectors opens exactly one per
// process (through the sector counter, with the shared-memory metrics in the same list): on GH100,
// CUDA 13.0 refuses a second cuptiSassMetricsSetConfig in a process with
// CUPTI_ERROR_OUT_OF_MEMORY, even after the first scope was disabled and unset.
//
// Required order (CUPTI docs, "CUPTI SASS Metric API"): a CUDA context must exist before the
// configuration (cuptiSassMetricsSetConfig fails with CUPTI_ERROR_INVALID_CONTEXT otherwise), and
// with lazy patching a kernel is instrumented at its first launch inside the enable/disable scope,
// whenever its module was loaded. So a scope is opened after Kokkos::initialize (or the first CUDA
// call) and after any warm-up launches, on an idle device.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include <cuda.h>

namespace stencil::profile {

// One patched SASS instruction: function (device-side mangled name), cubin CRC, pc offset.
using SassInstruction = std::tuple<std::string, std::uint32_t, std::uint32_t>;

struct SassMetricValues {
  // Per instruction, one value per configured metric, in the order the scope was given them.
  std::map<SassInstruction, std::vector<std::uint64_t>> by_instruction;
  std::size_t dropped_records = 0;  // records CUPTI discarded at disable; 0 when all were flushed
};

class SassMetricScope {
 public:
  // Configures `metric_ids` (from find_sass_metric on this device's chip; at least one) on
  // `device` and enables lazy patching on the current context.
  SassMetricScope(int device, std::vector<std::uint64_t> metric_ids);
  ~SassMetricScope();
  SassMetricScope(const SassMetricScope&) = delete;
  SassMetricScope& operator=(const SassMetricScope&) = delete;

  // Flushes the values of every launch since construction and ends the scope. Call once, after
  // the counted launches have finished (synchronize first).
  SassMetricValues finish();

 private:
  void configure();
  void enable();
  void disable(std::size_t* dropped);
  void unset();
  void teardown() noexcept;

  int device_;
  std::vector<std::uint64_t> metric_ids_;
  CUcontext context_ = nullptr;
  bool configured_ = false;
  bool enabled_ = false;
};

}  // namespace stencil::profile
