// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The per-kernel sector report: what one profile run measured and how it is printed (text table,
// CSV, JSON). Plain C++, so the CPU suite tests the arithmetic and the formats.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "stencil/precision.hpp"

namespace stencil::profile {

// Sectors of the ideal stencil: each cell update reads one value and writes one, and a sector is
// 32 bytes: 8 bytes / 32 bytes = 0.25 sectors per cell update in fp32, 16 / 32 = 0.5 in fp64 (a
// sector holds 8 floats or 4 doubles).
inline constexpr double kSectorBytes = 32.0;
constexpr double ideal_sectors_per_cell_update(Precision precision) {
  return bytes_per_cell_update(precision) / kSectorBytes;
}
// A shared request is one warp-level instruction; a full warp loads or stores for 32 threads.
inline constexpr double kThreadsPerWarp = 32.0;

struct KernelProfile {
  std::string mangled_name;  // as CUPTI reports it
  std::string name;          // demangled and shortened for the table

  // Sectors summed over every launch in the counting scope. The load/store split is absent when
  // the chip offers no way to separate them (see SectorSplit in sass_sector_counter.hpp).
  std::uint64_t total_sectors = 0;
  std::optional<std::uint64_t> load_sectors;
  std::optional<std::uint64_t> store_sectors;

  // Launches the CUPTI callback saw inside the counting scope, and their shape (the last one).
  std::uint64_t launches_recorded = 0;
  std::optional<std::array<unsigned, 3>> grid;
  std::optional<std::array<unsigned, 3>> block;
  std::optional<std::uint64_t> dynamic_smem_bytes;

  // From cudaFuncGetAttributes and the occupancy API; absent when the launch handle was unknown.
  std::optional<int> registers_per_thread;
  std::optional<std::uint64_t> static_smem_bytes;
  std::optional<double> theoretical_occupancy;  // active warps / maximum warps per SM, 0..1

  // Elapsed CUDA-event time of the uninstrumented run divided by its launches. Only set when the
  // step launches this one kernel, so the step time is the kernel's time.
  std::optional<double> time_per_launch_ms;

  // Shared memory, summed over the launches of the same counted scope (shared_metrics.hpp names
  // the metrics). Each is absent when the chip lacks its metric or shared memory was not counted;
  // the report's notes say which.
  std::optional<std::uint64_t> shared_ld_requests;       // warp-level shared load instructions
  std::optional<std::uint64_t> shared_st_requests;       // warp-level shared store instructions
  std::optional<std::uint64_t> shared_wavefronts;        // every shared operation's wavefronts
  std::optional<std::uint64_t> shared_ideal_wavefronts;  // the same without bank conflicts
};

struct ProfileReport {
  std::string variant;
  std::string implementation;
  std::string execution_space;
  Precision precision = kDefaultPrecision;
  int dimensions = 2;
  std::int64_t n = 0;
  int chunks = 0;  // 0 when the variant takes no chunks
  int launches = 0;
  std::string chip;           // e.g. "GH100"
  std::string sector_split;   // how load and store sectors were told apart
  double step_time_ms = 0.0;  // uninstrumented run: elapsed / launches
  std::string commit;
  std::vector<KernelProfile> kernels;
  std::vector<std::string> notes;  // anything the reader must know to trust the numbers

  int iterations_per_launch = 1;  // temporal fuses several iterations into one launch
  double cell_updates() const;    // cells x launches x iterations per launch
  double ideal_sectors_per_cell_update() const {
    return profile::ideal_sectors_per_cell_update(precision);
  }
};

// Sectors per cell update, and that figure over the ideal (0.25 in fp32, 0.5 in fp64).
double sectors_per_cell_update(const ProfileReport& report, const KernelProfile& kernel);
double ratio_to_ideal(const ProfileReport& report, const KernelProfile& kernel);

// Shared-memory figures derived from the counts; absent when an input is, or a ratio's divisor is
// zero. Bank conflicts are the excess wavefronts, all shared wavefronts - ideal, clamped at 0: of
// loads and stores together, because GH100's SASS metrics split neither by operation.
std::optional<std::uint64_t> shared_excess_wavefronts(const KernelProfile& kernel);
// Thread-level shared loads (stores) per cell update: 32 x warp-level requests / cell updates.
// Exact only when every warp is full (N a multiple of the kernel's tile).
std::optional<double> shared_loads_per_output(const ProfileReport& report,
                                              const KernelProfile& kernel);
std::optional<double> shared_stores_per_output(const ProfileReport& report,
                                               const KernelProfile& kernel);
// Bank conflicts per shared request: excess wavefronts / (load + store requests). 0 when
// conflict-free; k - 1 when every request is a k-way conflict of 32-bit accesses.
std::optional<double> shared_conflicts_per_request(const KernelProfile& kernel);

enum class ReportFormat { text, csv, json };

void write_report(std::ostream& out, const ProfileReport& report, ReportFormat format);

}  // namespace stencil::profile
