// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "measure/profile/kernel_report.hpp"

#include "measure/profile/shared_metrics.hpp"
#include "stencil/text_format.hpp"

#include <algorithm>
#include <cstdio>
#include <string>

namespace stencil::profile {
namespace {

template <class T>
std::string or_empty(const std::optional<T>& value) {
  return value ? std::to_string(*value) : "";
}

std::string dims_text(const std::optional<std::array<unsigned, 3>>& dims) {
  if (!dims)
    return "";
  return std::to_string((*dims)[0]) + "x" + std::to_string((*dims)[1]) + "x" +
         std::to_string((*dims)[2]);
}

// A JSON value for an optional: the number, or null.
template <class T>
std::string json_or_null(const std::optional<T>& value) {
  return value ? std::to_string(*value) : "null";
}

// A derived figure: fixed-point text, or `absent`.
std::string fixed_or(const std::optional<double>& value, const char* format, const char* absent) {
  return value ? fixed(*value, format) : absent;
}

// Thread-level accesses per cell update from warp-level `requests`; absent without them.
std::optional<double> per_output(const std::optional<std::uint64_t>& requests,
                                 const ProfileReport& report) {
  if (!requests)
    return std::nullopt;
  return kThreadsPerWarp * static_cast<double>(*requests) / report.cell_updates();
}

std::string csv_quoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s)
    out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

std::string grid_text(const ProfileReport& r) {
  return (r.dimensions == 2 ? std::to_string(r.n) + " x " + std::to_string(r.n) + " cells"
                            : std::to_string(r.n) + " cells (1-D)") +
         ", " + std::string(element_type_name(r.precision));
}

void write_text(std::ostream& out, const ProfileReport& r) {
  out << "stencil_miniapp -profile sectors (" << r.commit << ")\n"
      << "  variant          : " << r.variant << "\n"
      << "  implementation   : " << r.implementation << "\n"
      << "  execution space  : " << r.execution_space << "\n"
      << "  grid             : " << grid_text(r) << "\n"
      << "  row chunks       : " << (r.chunks > 0 ? std::to_string(r.chunks) : "-") << "\n"
      << "  launches         : " << r.launches << " timed without instrumentation, then "
      << r.launches << " counted in one CUPTI scope (sectors and shared memory)\n"
      << "  step time        : " << fixed(r.step_time_ms, "%.4f")
      << " ms per launch (CUDA events, uninstrumented run)\n"
      << "  sector metric    : smsp__sass_sectors_mem_global (CUPTI SASS Metrics API, chip "
      << r.chip << ")\n"
      << "  load/store split : " << r.sector_split << "\n"
      << "  ideal            : " << fixed(r.ideal_sectors_per_cell_update(), "%.2f")
      << " sectors per cell update (one " << element_bytes(r.precision) << "-byte read + one "
      << element_bytes(r.precision) << "-byte write, 32-byte sectors)\n"
      << "  shared memory    : shLD/out = 32 x " << kSharedLoadRequestsMetric
      << " (warp-level) / cell updates\n"
      << "                     shST/out = 32 x " << kSharedStoreRequestsMetric
      << " (warp-level) / cell updates\n"
      << "                     conf/req = bank conflicts / (load + store requests), 0 = "
         "conflict-free;\n"
      << "                       bank conflicts = " << kSharedWavefrontsMetric << "\n"
      << "                                      - " << kSharedIdealWavefrontsMetric
      << " (loads and stores together)\n\n";

  const std::vector<std::string> header = {
      "kernel",    "launches", "load sectors", "store sectors", "total sectors", "sectors/upd",
      "x ideal",   "regs",     "static smem",  "dynamic smem",  "block",         "occupancy",
      "ms/launch", "shLD/out", "shST/out",     "conf/req"};
  std::vector<std::vector<std::string>> rows = {header};
  for (const auto& k : r.kernels) {
    rows.push_back(
        {k.name, std::to_string(k.launches_recorded), or_empty(k.load_sectors),
         or_empty(k.store_sectors), std::to_string(k.total_sectors),
         fixed(sectors_per_cell_update(r, k), "%.4f"), fixed(ratio_to_ideal(r, k), "%.3f"),
         or_empty(k.registers_per_thread), or_empty(k.static_smem_bytes),
         or_empty(k.dynamic_smem_bytes), dims_text(k.block),
         k.theoretical_occupancy ? fixed(*k.theoretical_occupancy * 100.0, "%.1f%%") : "",
         k.time_per_launch_ms ? fixed(*k.time_per_launch_ms, "%.4f") : "",
         fixed_or(shared_loads_per_output(r, k), "%.3f", ""),
         fixed_or(shared_stores_per_output(r, k), "%.3f", ""),
         fixed_or(shared_conflicts_per_request(k), "%.2f", "")});
  }
  std::vector<std::size_t> width(header.size(), 0);
  for (const auto& row : rows) {
    for (std::size_t c = 0; c < row.size(); ++c)
      width[c] = std::max(width[c], row[c].empty() ? std::size_t{1} : row[c].size());
  }
  for (const auto& row : rows) {
    out << " ";
    for (std::size_t c = 0; c < row.size(); ++c) {
      const std::string cell = row[c].empty() ? "-" : row[c];
      const std::string pad(width[c] - cell.size(), ' ');
      out << "  " << (c == 0 ? cell + pad : pad + cell);  // names left, numbers right
    }
    out << "\n";
  }
  for (const auto& note : r.notes)
    out << "  note: " << note << "\n";
}

void write_csv(std::ostream& out, const ProfileReport& r) {
  out << "variant,implementation,execution_space,dimensions,n,chunks,launches,kernel,mangled_name,"
         "launches_recorded,load_sectors,store_sectors,total_sectors,sectors_per_launch,"
         "sectors_per_cell_update,ratio_to_ideal,registers_per_thread,static_smem_bytes,"
         "dynamic_smem_bytes,block,grid,theoretical_occupancy,time_per_launch_ms,step_time_ms,"
         "chip,sector_split,commit,shared_ld_requests,shared_st_requests,shared_wavefronts,"
         "shared_ideal_wavefronts,shared_excess_wavefronts,shared_loads_per_output,"
         "shared_stores_per_output,shared_conflicts_per_request,precision\n";
  for (const auto& k : r.kernels) {
    out << r.variant << "," << r.implementation << "," << csv_quoted(r.execution_space) << ","
        << r.dimensions << "," << r.n << "," << r.chunks << "," << r.launches << ","
        << csv_quoted(k.name) << "," << csv_quoted(k.mangled_name) << "," << k.launches_recorded
        << "," << or_empty(k.load_sectors) << "," << or_empty(k.store_sectors) << ","
        << k.total_sectors << ","
        << fixed(static_cast<double>(k.total_sectors) / r.launches, "%.1f") << ","
        << fixed(sectors_per_cell_update(r, k), "%.6f") << ","
        << fixed(ratio_to_ideal(r, k), "%.6f") << "," << or_empty(k.registers_per_thread) << ","
        << or_empty(k.static_smem_bytes) << "," << or_empty(k.dynamic_smem_bytes) << ","
        << dims_text(k.block) << "," << dims_text(k.grid) << ","
        << (k.theoretical_occupancy ? fixed(*k.theoretical_occupancy, "%.4f") : "") << ","
        << (k.time_per_launch_ms ? fixed(*k.time_per_launch_ms, "%.6f") : "") << ","
        << fixed(r.step_time_ms, "%.6f") << "," << r.chip << "," << csv_quoted(r.sector_split)
        << "," << r.commit << "," << or_empty(k.shared_ld_requests) << ","
        << or_empty(k.shared_st_requests) << "," << or_empty(k.shared_wavefronts) << ","
        << or_empty(k.shared_ideal_wavefronts) << "," << or_empty(shared_excess_wavefronts(k))
        << "," << fixed_or(shared_loads_per_output(r, k), "%.6f", "") << ","
        << fixed_or(shared_stores_per_output(r, k), "%.6f", "") << ","
        << fixed_or(shared_conflicts_per_request(k), "%.6f", "") << ","
        << precision_name(r.precision) << "\n";
  }
}

void write_json(std::ostream& out, const ProfileReport& r) {
  out << "{\"variant\": " << json_string(r.variant)
      << ", \"implementation\": " << json_string(r.implementation)
      << ", \"execution_space\": " << json_string(r.execution_space)
      << ", \"precision\": " << json_string(std::string(precision_name(r.precision)))
      << ", \"dimensions\": " << r.dimensions << ", \"n\": " << r.n << ", \"chunks\": " << r.chunks
      << ", \"launches\": " << r.launches << ", \"chip\": " << json_string(r.chip)
      << ", \"sector_metric\": \"smsp__sass_sectors_mem_global\""
      << ", \"sector_split\": " << json_string(r.sector_split)
      << ", \"shared_metrics\": {\"ld_requests\": " << json_string(kSharedLoadRequestsMetric)
      << ", \"st_requests\": " << json_string(kSharedStoreRequestsMetric)
      << ", \"wavefronts\": " << json_string(kSharedWavefrontsMetric)
      << ", \"ideal_wavefronts\": " << json_string(kSharedIdealWavefrontsMetric) << "}"
      << ", \"ideal_sectors_per_cell_update\": " << r.ideal_sectors_per_cell_update()
      << ", \"step_time_ms\": " << fixed(r.step_time_ms, "%.6f")
      << ", \"commit\": " << json_string(r.commit) << ", \"kernels\": [";
  for (std::size_t i = 0; i < r.kernels.size(); ++i) {
    const KernelProfile& k = r.kernels[i];
    out << (i ? ", " : "") << "{\"name\": " << json_string(k.name)
        << ", \"mangled_name\": " << json_string(k.mangled_name)
        << ", \"launches_recorded\": " << k.launches_recorded
        << ", \"load_sectors\": " << json_or_null(k.load_sectors)
        << ", \"store_sectors\": " << json_or_null(k.store_sectors)
        << ", \"total_sectors\": " << k.total_sectors
        << ", \"sectors_per_cell_update\": " << fixed(sectors_per_cell_update(r, k), "%.6f")
        << ", \"ratio_to_ideal\": " << fixed(ratio_to_ideal(r, k), "%.6f")
        << ", \"registers_per_thread\": " << json_or_null(k.registers_per_thread)
        << ", \"static_smem_bytes\": " << json_or_null(k.static_smem_bytes)
        << ", \"dynamic_smem_bytes\": " << json_or_null(k.dynamic_smem_bytes)
        << ", \"block\": " << (k.block ? json_string(dims_text(k.block)) : "null")
        << ", \"grid\": " << (k.grid ? json_string(dims_text(k.grid)) : "null")
        << ", \"theoretical_occupancy\": "
        << (k.theoretical_occupancy ? fixed(*k.theoretical_occupancy, "%.4f") : "null")
        << ", \"time_per_launch_ms\": "
        << (k.time_per_launch_ms ? fixed(*k.time_per_launch_ms, "%.6f") : "null")
        << ", \"shared_ld_requests\": " << json_or_null(k.shared_ld_requests)
        << ", \"shared_st_requests\": " << json_or_null(k.shared_st_requests)
        << ", \"shared_wavefronts\": " << json_or_null(k.shared_wavefronts)
        << ", \"shared_ideal_wavefronts\": " << json_or_null(k.shared_ideal_wavefronts)
        << ", \"shared_excess_wavefronts\": " << json_or_null(shared_excess_wavefronts(k))
        << ", \"shared_loads_per_output\": "
        << fixed_or(shared_loads_per_output(r, k), "%.6f", "null")
        << ", \"shared_stores_per_output\": "
        << fixed_or(shared_stores_per_output(r, k), "%.6f", "null")
        << ", \"shared_conflicts_per_request\": "
        << fixed_or(shared_conflicts_per_request(k), "%.6f", "null") << "}";
  }
  out << "], \"notes\": [";
  for (std::size_t i = 0; i < r.notes.size(); ++i)
    out << (i ? ", " : "") << json_string(r.notes[i]);
  out << "]}\n";
}

}  // namespace

double ProfileReport::cell_updates() const {
  const double cells = dimensions == 2 ? static_cast<double>(n) * n : static_cast<double>(n);
  return cells * launches * iterations_per_launch;
}

double sectors_per_cell_update(const ProfileReport& report, const KernelProfile& kernel) {
  return static_cast<double>(kernel.total_sectors) / report.cell_updates();
}

double ratio_to_ideal(const ProfileReport& report, const KernelProfile& kernel) {
  return sectors_per_cell_update(report, kernel) / report.ideal_sectors_per_cell_update();
}

std::optional<std::uint64_t> shared_excess_wavefronts(const KernelProfile& kernel) {
  if (!kernel.shared_wavefronts || !kernel.shared_ideal_wavefronts)
    return std::nullopt;
  const std::uint64_t all = *kernel.shared_wavefronts;
  const std::uint64_t ideal = *kernel.shared_ideal_wavefronts;
  return all > ideal ? all - ideal : 0;
}

std::optional<double> shared_loads_per_output(const ProfileReport& report,
                                              const KernelProfile& kernel) {
  return per_output(kernel.shared_ld_requests, report);
}

std::optional<double> shared_stores_per_output(const ProfileReport& report,
                                               const KernelProfile& kernel) {
  return per_output(kernel.shared_st_requests, report);
}

std::optional<double> shared_conflicts_per_request(const KernelProfile& kernel) {
  const std::optional<std::uint64_t> excess = shared_excess_wavefronts(kernel);
  if (!excess || !kernel.shared_ld_requests || !kernel.shared_st_requests)
    return std::nullopt;
  const std::uint64_t requests = *kernel.shared_ld_requests + *kernel.shared_st_requests;
  if (requests == 0)
    return std::nullopt;
  return static_cast<double>(*excess) / static_cast<double>(requests);
}

void write_report(std::ostream& out, const ProfileReport& report, ReportFormat format) {
  switch (format) {
    case ReportFormat::text:
      write_text(out, report);
      break;
    case ReportFormat::csv:
      write_csv(out, report);
      break;
    case ReportFormat::json:
      write_json(out, report);
      break;
  }
}

}  // namespace stencil::profile
