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
          << " MPI ranks: rank rows x rank columns), halos " << r.halo_depth << " deep\n"
          << "  step time        : " << fixed(r.step_seconds_min * 1e3, "%.4f") << " .. "
          << fixed(r.step_seconds_max * 1e3, "%.4f") << " ms per step (fastest .. slowest rank)\n"
          << "  halo exchange    : " << fixed(r.halo_share * 100.0, "%.1f")
          << " % of the step time (up to " << r.halo_bytes_max
          << " bytes sent per rank per step)\n";
      break;
    case OutputFormat::csv: {
      const std::size_t header_end = text.find('\n');
      out << text.substr(0, header_end)
          << ",ranks,decomposition,halo_depth,step_seconds_min,step_seconds_max,halo_share,"
             "halo_bytes_max\n"
          << text.substr(header_end + 1, text.size() - header_end - 2) << "," << r.ranks << ","
          << r.decomposition << "," << r.halo_depth << "," << fixed(r.step_seconds_min, "%.9f")
          << "," << fixed(r.step_seconds_max, "%.9f") << "," << fixed(r.halo_share, "%.6f") << ","
          << r.halo_bytes_max << "\n";
      break;
    }
    case OutputFormat::json:
      out << text.substr(0, text.rfind('}')) << ", \"ranks\": " << r.ranks
          << ", \"decomposition\": " << json_string(r.decomposition)
          << ", \"halo_depth\": " << r.halo_depth
          << ", \"step_seconds_min\": " << fixed(r.step_seconds_min, "%.9f")
          << ", \"step_seconds_max\": " << fixed(r.step_seconds_max, "%.9f")
          << ", \"halo_share\": " << fixed(r.halo_share, "%.6f")
          << ", \"halo_bytes_max\": " << r.halo_bytes_max << "}\n";
      break;
  }
}

}  // namespace stencil::app
