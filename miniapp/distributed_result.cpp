// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "distributed_result.hpp"

#include <sstream>

#include "stencil/text_format.hpp"

namespace stencil::app {

// The single-process block is printed by print_result and extended here, so both stay one
// format: text gains lines, CSV gains columns at the end, JSON gains members at the end.
void print_distributed_result(std::ostream& out, const DistributedResult& r, OutputFormat format) {
  std::ostringstream base;
  print_result(base, r.run, format);
  const std::string text = base.str();
  switch (format) {
    case OutputFormat::text:
      out << text << "  decomposition    : " << r.decomposition << " (" << r.ranks
          << " MPI ranks: rank rows x rank columns), halos " << r.ghost_depth << " deep\n"
          << "  step time        : " << fixed(r.step_seconds_min * 1e3, "%.4f") << " .. "
          << fixed(r.step_seconds_max * 1e3, "%.4f") << " ms per step (fastest .. slowest rank)\n"
          << "  halo exchange    : " << fixed(r.exchange_share * 100.0, "%.1f")
          << " % of the step time (up to " << r.exchange_bytes_max
          << " bytes sent per rank per step), -halo " << r.exchange_transport << ", "
          << (r.overlap ? "overlapped with the step" : "before the step") << "\n";
      if (r.model_seconds > 0.0) {
        out << "  halo cost model  : " << fixed(r.model_seconds * 1e6, "%.1f")
            << " us per exchange = " << fixed(r.model_latency_seconds * 1e6, "%.1f")
            << " us latency (" << r.model_messages
            << (r.model_messages == 1 ? " message) + " : " messages) + ") << r.exchange_bytes_max
            << " B / " << fixed(r.model_bandwidth / 1e9, "%.2f") << " GB/s + "
            << fixed(r.model_staging_seconds * 1e6, "%.1f") << " us staging; measured "
            << fixed(r.model_measured_seconds * 1e6, "%.1f") << " us alone, "
            << fixed(r.exchange_seconds_per_step * 1e6, "%.1f") << " us per step in the loop\n";
      }
      break;
    case OutputFormat::csv: {
      const std::size_t header_end = text.find('\n');
      out << text.substr(0, header_end)
          << ",ranks,decomposition,halo_depth,step_seconds_min,step_seconds_max,halo_share,"
             "halo_bytes_max,halo,overlap,halo_seconds_per_step,model_seconds,exchange_alone_"
             "seconds\n"
          << text.substr(header_end + 1, text.size() - header_end - 2) << "," << r.ranks << ","
          << r.decomposition << "," << r.ghost_depth << "," << fixed(r.step_seconds_min, "%.9f")
          << "," << fixed(r.step_seconds_max, "%.9f") << "," << fixed(r.exchange_share, "%.6f")
          << "," << r.exchange_bytes_max << "," << r.exchange_transport << ","
          << (r.overlap ? 1 : 0) << "," << fixed(r.exchange_seconds_per_step, "%.9f") << ","
          << fixed(r.model_seconds, "%.9f") << "," << fixed(r.model_measured_seconds, "%.9f")
          << "\n";
      break;
    }
    case OutputFormat::json:
      out << text.substr(0, text.rfind('}')) << ", \"ranks\": " << r.ranks
          << ", \"decomposition\": " << json_string(r.decomposition)
          << ", \"halo_depth\": " << r.ghost_depth
          << ", \"step_seconds_min\": " << fixed(r.step_seconds_min, "%.9f")
          << ", \"step_seconds_max\": " << fixed(r.step_seconds_max, "%.9f")
          << ", \"halo_share\": " << fixed(r.exchange_share, "%.6f")
          << ", \"halo_bytes_max\": " << r.exchange_bytes_max
          << ", \"halo\": " << json_string(r.exchange_transport)
          << ", \"overlap\": " << (r.overlap ? "true" : "false")
          << ", \"halo_seconds_per_step\": " << fixed(r.exchange_seconds_per_step, "%.9f")
          << ", \"halo_model\": {\"seconds\": " << fixed(r.model_seconds, "%.9f")
          << ", \"latency_seconds\": " << fixed(r.model_latency_seconds, "%.9f")
          << ", \"messages\": " << r.model_messages
          << ", \"bandwidth_bytes_per_second\": " << fixed(r.model_bandwidth, "%.1f")
          << ", \"staging_seconds\": " << fixed(r.model_staging_seconds, "%.9f")
          << ", \"exchange_alone_seconds\": " << fixed(r.model_measured_seconds, "%.9f") << "}}\n";
      break;
  }
}

}  // namespace stencil::app
