// RAII around CUPTI's SASS Metrics API: counts the global-memory sectors that the SASS load and
// store instructions of every kernel launched in its lifetime issue, summed over all launches, per
// kernel (function) name. Why this API and not the range profiler: docs/sectors.md.
//
// Required order (CUPTI docs, "CUPTI SASS Metric API"): a CUDA context must exist before the
// configuration (cuptiSassMetricsSetConfig fails with CUPTI_ERROR_INVALID_CONTEXT otherwise), and
// with lazy patching a kernel is instrumented at its first launch inside the enable/disable scope,
// whenever its module was loaded. So the counter is created after Kokkos::initialize (or the first
// CUDA call) and after any warm-up launches, on an idle device.
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include <cuda.h>

namespace stencil::profile {

struct FunctionSectors {
  std::uint64_t total = 0;  // smsp__sass_sectors_mem_global
  std::uint64_t load = 0;   // meaningful when SectorCounts::split_available
  std::uint64_t store = 0;
  std::uint64_t other = 0;  // atomics/reductions, or instructions the split could not classify
};

struct SectorCounts {
  std::map<std::string, FunctionSectors> by_function;  // device-side mangled name
  bool split_available = false;
  std::string split_method;  // how load and store sectors were told apart, for the report
  std::string chip;
  std::size_t dropped_records = 0;  // records CUPTI discarded at disable; 0 when all were flushed
};

class SassSectorCounter {
 public:
  // Configures the metrics on `device` and enables lazy patching on the current context.
  explicit SassSectorCounter(int device);
  ~SassSectorCounter();
  SassSectorCounter(const SassSectorCounter&) = delete;
  SassSectorCounter& operator=(const SassSectorCounter&) = delete;

  // Flushes the counts of every launch since construction and ends the scope. Call once, after
  // the counted launches have finished (synchronize first).
  SectorCounts finish();

 private:
  // Roles of the configured metrics; the values of one instruction are indexed by role.
  enum Role { kTotal = 0, kFirst = 1, kSecond = 2, kRoles = 3 };

  void configure();
  void enable();
  void disable(std::size_t* dropped);
  void unset();
  void teardown() noexcept;

  int device_;
  std::string chip_;
  CUcontext context_ = nullptr;
  // Metric id -> role. kFirst/kSecond are the direct load/store sector metrics when the chip has
  // them, else the executed global load/store instruction counts used to classify instructions.
  std::map<std::uint64_t, Role> roles_;
  bool direct_split_ = false;
  bool classify_split_ = false;
  bool configured_ = false;
  bool enabled_ = false;
};

}  // namespace stencil::profile
