#include "run_result.hpp"

#include "stencil/text_format.hpp"

#include <cstdio>

#include "stencil/variants.hpp"

namespace stencil::app {
namespace {

std::string grid_text(const RunResult& r) {
  return r.dimensions == 2 ? std::to_string(r.n) + " x " + std::to_string(r.n) + " cells"
                           : std::to_string(r.n) + " cells (1-D)";
}

// After a restart the step numbers continue from the input's iteration.
std::string steps_text(const RunResult& r) {
  if (r.first_step == 0)
    return "";
  return " (steps " + std::to_string(r.first_step) + " -> " +
         std::to_string(r.first_step + r.iterations) + ")";
}

std::string io_text(const RunResult& r) {
  if (r.output.empty())
    return "";
  return "  i/o time         : " + fixed(r.io_seconds, "%.6f") + " s (" +
         std::to_string(r.states_saved) + " states saved to " + r.output +
         "; not in time or rate)\n";
}

}  // namespace

double RunResult::cell_updates() const {
  const double cells = dimensions == 2 ? static_cast<double>(n) * n : static_cast<double>(n);
  return cells * iterations;
}
double RunResult::gcells_per_second() const {
  return cell_updates() / seconds * 1e-9;
}
double RunResult::gigabytes_per_second() const {
  return cell_updates() * kBytesPerCellUpdate / seconds * 1e-9;
}

double RunResult::copy_gigabytes_per_second() const {
  return cell_updates() / iterations * kBytesPerCellUpdate / copy_seconds_per_step * 1e-9;
}
double RunResult::ratio_to_copy() const {
  return gigabytes_per_second() / copy_gigabytes_per_second();
}

void print_result(std::ostream& out, const RunResult& r, OutputFormat format) {
  const std::string patch = r.patch > 0 ? std::to_string(r.patch) : "-";
  const std::string pitch = r.pitch > 0 ? std::to_string(r.pitch) : "-";
  switch (format) {
    case OutputFormat::text:
      out << "stencil_miniapp (" << r.commit << ")\n"
          << "  variant          : " << r.variant << "\n"
          << "  implementation   : " << r.implementation << "\n"
          << "  execution space  : " << r.execution_space << "\n"
          << (r.model_version.empty() ? "" : "  model version    : " + r.model_version + "\n")
          << (r.thread_binding.empty() ? "" : "  thread binding   : " + r.thread_binding + "\n")
          << "  grid             : " << grid_text(r) << ", float32\n"
          << "  initial state    : " << r.initial_state << "\n"
          << "  iterations       : " << r.iterations << steps_text(r)
          << (r.fuse > 1 ? " (" + std::to_string(r.fuse) + " fused per pass)" : std::string())
          << "\n"
          << "  row chunks       : " << r.chunks << "\n"
          << "  patch (regblock) : " << patch << "\n"
          << "  pitch (tiled)    : " << pitch << "\n"
          << "  time             : " << fixed(r.seconds, "%.6f") << " s ("
          << fixed(r.seconds / r.iterations * 1e3, "%.4f") << " ms per iteration)\n"
          << "  rate             : " << significant(r.gcells_per_second()) << " Gcell/s\n"
          << "  bandwidth        : " << significant(r.gigabytes_per_second())
          << " GB/s (counting 8 bytes per cell update: one read + one write)\n"
          << "  copy reference   : " << fixed(r.copy_gigabytes_per_second(), "%.2f")
          << " GB/s (copy of the same bytes, same process); stencil/copy = "
          << significant(r.ratio_to_copy(), 3) << "\n"
          << io_text(r) << "  checksum         : " << fixed(r.checksum, "%.10e")
          << " (float64 sum of the final grid)\n"
          << "  verification     : " << r.verification << "\n";
      break;
    case OutputFormat::csv:
      out << "variant,implementation,execution_space,dimensions,n,iterations,chunks,seconds,"
             "gcells_per_s,gb_per_s,checksum,verification,commit,copy_gb_per_s,ratio_to_copy,"
             "io_seconds,states_saved,patch,pitch,model_version\n"
          << r.variant << "," << r.implementation << ",\"" << r.execution_space << "\","
          << r.dimensions << "," << r.n << "," << r.iterations << "," << r.chunks << ","
          << fixed(r.seconds, "%.9f") << "," << fixed(r.gcells_per_second(), "%.6f") << ","
          << fixed(r.gigabytes_per_second(), "%.6f") << "," << fixed(r.checksum, "%.17g") << ",\""
          << r.verification << "\"," << r.commit << ","
          << fixed(r.copy_gigabytes_per_second(), "%.6f") << "," << fixed(r.ratio_to_copy(), "%.6f")
          << "," << fixed(r.io_seconds, "%.9f") << "," << r.states_saved << "," << r.patch << ","
          << r.pitch << "," << r.model_version << "\n";
      break;
    case OutputFormat::json:
      out << "{\"variant\": " << json_string(r.variant)
          << ", \"implementation\": " << json_string(r.implementation)
          << ", \"execution_space\": " << json_string(r.execution_space)
          << ", \"dimensions\": " << r.dimensions << ", \"n\": " << r.n
          << ", \"iterations\": " << r.iterations << ", \"chunks\": " << json_string(r.chunks)
          << ", \"patch\": " << r.patch << ", \"pitch\": " << r.pitch
          << ", \"seconds\": " << fixed(r.seconds, "%.9f")
          << ", \"gcells_per_s\": " << fixed(r.gcells_per_second(), "%.6f")
          << ", \"gb_per_s\": " << fixed(r.gigabytes_per_second(), "%.6f")
          << ", \"bytes_per_cell_update\": " << kBytesPerCellUpdate
          << ", \"checksum\": " << fixed(r.checksum, "%.17g")
          << ", \"verification\": " << json_string(r.verification)
          << ", \"commit\": " << json_string(r.commit)
          << ", \"model_version\": " << json_string(r.model_version)
          << ", \"copy_gb_per_s\": " << fixed(r.copy_gigabytes_per_second(), "%.6f")
          << ", \"ratio_to_copy\": " << fixed(r.ratio_to_copy(), "%.6f")
          << ", \"io_seconds\": " << fixed(r.io_seconds, "%.9f")
          << ", \"states_saved\": " << r.states_saved << ", \"output\": " << json_string(r.output)
          << ", \"initial_state\": " << json_string(r.initial_state)
          << ", \"first_step\": " << r.first_step
          << ", \"thread_binding\": " << json_string(r.thread_binding) << "}\n";
      break;
  }
}

}  // namespace stencil::app
