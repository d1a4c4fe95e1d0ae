// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "run_result.hpp"

#include "stencil/text_format.hpp"

#include <cstdio>

#include "stencil/variants.hpp"

namespace stencil::app {
namespace {

std::string grid_text(const RunResult& r) {
  return (r.dimensions == 2 ? std::to_string(r.n) + " x " + std::to_string(r.n) + " cells"
                            : std::to_string(r.n) + " cells (1-D)") +
         ", " + std::string(element_type_name(r.precision));
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
         std::to_string(r.states_saved) + " states saved to " + printable(r.output) +
         "; not in time or rate)\n";
}

// What a study reports beside each figure: how this binary was built and the CPU it ran on.
std::string build_text(const BuildInfo& b) {
  return "  kokkos backends  : " + b.kokkos_backends + "\n" +
         "  compiler         : " + b.cxx_compiler + " (" + b.build_type + ": " + b.cxx_flags +
         ")\n" +
         (b.cuda_compiler.empty()
              ? std::string()
              : "  cuda compiler    : " + b.cuda_compiler + " (" + b.cuda_flags + ")\n") +
         "  cpu              : " + b.cpu_model + "\n";
}

// A CSV field in double quotes, a quote inside doubled (RFC 4180).
std::string csv_quoted(const std::string& text) {
  std::string out = "\"";
  for (char c : text)
    out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

std::string build_csv_header() {
  return ",kokkos_backends,cxx_compiler,cxx_flags,cuda_compiler,cuda_flags,build_type,cpu_model";
}

std::string build_csv_values(const BuildInfo& b) {
  return "," + csv_quoted(b.kokkos_backends) + "," + csv_quoted(b.cxx_compiler) + "," +
         csv_quoted(b.cxx_flags) + "," + csv_quoted(b.cuda_compiler) + "," +
         csv_quoted(b.cuda_flags) + "," + csv_quoted(b.build_type) + "," + csv_quoted(b.cpu_model);
}

std::string build_json(const BuildInfo& b) {
  return ", \"build\": {\"kokkos_backends\": " + json_string(b.kokkos_backends) +
         ", \"cxx_compiler\": " + json_string(b.cxx_compiler) +
         ", \"cxx_flags\": " + json_string(b.cxx_flags) +
         ", \"cuda_compiler\": " + json_string(b.cuda_compiler) +
         ", \"cuda_flags\": " + json_string(b.cuda_flags) +
         ", \"build_type\": " + json_string(b.build_type) +
         ", \"cpu_model\": " + json_string(b.cpu_model) + "}";
}

// The pairs' spread, and a warning line when the ratio is not to be trusted: a single-iteration
// ratio above 1, or a wide spread.
std::string ratio_spread_text(const measure::RatioSummary& ratio) {
  std::string text = "  ratio spread     : " + significant(ratio.lower_quartile, 3) + " .. " +
                     significant(ratio.upper_quartile, 3) + " (interquartile of " +
                     std::to_string(ratio.pairs) + " step/copy pairs, interleaved)\n";
  if (ratio.above_bound()) {
    text +=
        "  noisy            : a single-iteration step cannot outrun a copy of its bytes: the "
        "copy reference or the clock is off, so the ratio is no efficiency\n";
  } else if (ratio.noisy()) {
    text += "  noisy            : the pairs' ratios spread " +
            fixed(ratio.spread() * 100.0, "%.0f") +
            " % of their median: other load on this machine?\n";
  }
  return text;
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
  return cell_updates() * bytes_per_cell_update() / seconds * 1e-9;
}

double RunResult::copy_gigabytes_per_second() const {
  return cell_updates() / iterations * bytes_per_cell_update() /
         copy_ratio.median_seconds_per_copy * 1e-9;
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
          << build_text(r.build)
          << (r.thread_binding.empty() ? "" : "  thread binding   : " + r.thread_binding + "\n")
          << "  grid             : " << grid_text(r) << "\n"
          << "  initial state    : " << printable(r.initial_state) << "\n"
          << "  iterations       : " << r.iterations << steps_text(r)
          << (r.fuse > 1 ? " (" + std::to_string(r.fuse) + " fused per pass)" : std::string())
          << "\n"
          << "  row chunks       : " << r.chunks << "\n"
          << "  patch (regblock) : " << patch << "\n"
          << "  pitch (tiled)    : " << pitch << "\n"
          << "  time             : " << fixed(r.seconds, "%.6f") << " s ("
          << fixed(r.seconds / r.iterations * 1e3, "%.4f") << " ms per iteration)\n"
          << "  rate             : " << significant(r.gcells_per_second()) << " Gcell/s\n"
          << "  bandwidth        : " << significant(r.gigabytes_per_second()) << " GB/s (counting "
          << r.bytes_per_cell_update() << " bytes per cell update: one read + one write)\n"
          << "  copy reference   : " << fixed(r.copy_gigabytes_per_second(), "%.2f")
          << " GB/s (copy of the same bytes, same process); stencil/copy = "
          << significant(r.ratio_to_copy(), 3) << "\n"
          << ratio_spread_text(r.copy_ratio) << io_text(r)
          << "  checksum         : " << fixed(r.checksum, "%.10e")
          << " (float64 sum of the final grid)\n"
          << "  verification     : " << r.verification << "\n";
      break;
    case OutputFormat::csv:
      out << "schema_version,variant,implementation,execution_space,dimensions,n,iterations,chunks,"
             "seconds,"
             "gcells_per_s,gb_per_s,checksum,verification,commit,copy_gb_per_s,ratio_to_copy,"
             "io_seconds,states_saved,patch,pitch,model_version,ratio_q1,ratio_q3,ratio_pairs,"
             "ratio_noisy,fuse,precision"
          << build_csv_header() << "\n"
          << kResultSchemaVersion << "," << r.variant << "," << r.implementation << ",\""
          << r.execution_space << "\"," << r.dimensions << "," << r.n << "," << r.iterations << ","
          << r.chunks << "," << fixed(r.seconds, "%.9f") << ","
          << fixed(r.gcells_per_second(), "%.6f") << "," << fixed(r.gigabytes_per_second(), "%.6f")
          << "," << fixed(r.checksum, "%.17g") << ",\"" << r.verification << "\"," << r.commit
          << "," << fixed(r.copy_gigabytes_per_second(), "%.6f") << ","
          << fixed(r.ratio_to_copy(), "%.6f") << "," << fixed(r.io_seconds, "%.9f") << ","
          << r.states_saved << "," << r.patch << "," << r.pitch << "," << r.model_version << ","
          << fixed(r.copy_ratio.lower_quartile, "%.6f") << ","
          << fixed(r.copy_ratio.upper_quartile, "%.6f") << "," << r.copy_ratio.pairs << ","
          << (r.copy_ratio.noisy() ? 1 : 0) << "," << r.fuse << "," << precision_name(r.precision)
          << build_csv_values(r.build) << "\n";
      break;
    case OutputFormat::json:
      out << "{\"schema_version\": " << kResultSchemaVersion
          << ", \"variant\": " << json_string(r.variant)
          << ", \"implementation\": " << json_string(r.implementation)
          << ", \"execution_space\": " << json_string(r.execution_space)
          << ", \"precision\": " << json_string(std::string(precision_name(r.precision)))
          << ", \"dimensions\": " << r.dimensions << ", \"n\": " << r.n
          << ", \"iterations\": " << r.iterations << ", \"chunks\": " << json_string(r.chunks)
          << ", \"patch\": " << r.patch << ", \"pitch\": " << r.pitch << ", \"fuse\": " << r.fuse
          << ", \"seconds\": " << fixed(r.seconds, "%.9f")
          << ", \"gcells_per_s\": " << fixed(r.gcells_per_second(), "%.6f")
          << ", \"gb_per_s\": " << fixed(r.gigabytes_per_second(), "%.6f")
          << ", \"bytes_per_cell_update\": " << r.bytes_per_cell_update()
          << ", \"checksum\": " << fixed(r.checksum, "%.17g")
          << ", \"verification\": " << json_string(r.verification)
          << ", \"commit\": " << json_string(r.commit)
          << ", \"model_version\": " << json_string(r.model_version)
          << ", \"copy_gb_per_s\": " << fixed(r.copy_gigabytes_per_second(), "%.6f")
          << ", \"ratio_to_copy\": " << fixed(r.ratio_to_copy(), "%.6f")
          << ", \"ratio_q1\": " << fixed(r.copy_ratio.lower_quartile, "%.6f")
          << ", \"ratio_q3\": " << fixed(r.copy_ratio.upper_quartile, "%.6f")
          << ", \"ratio_pairs\": " << r.copy_ratio.pairs
          << ", \"ratio_noisy\": " << (r.copy_ratio.noisy() ? "true" : "false")
          << ", \"io_seconds\": " << fixed(r.io_seconds, "%.9f")
          << ", \"states_saved\": " << r.states_saved << ", \"output\": " << json_string(r.output)
          << ", \"initial_state\": " << json_string(r.initial_state)
          << ", \"first_step\": " << r.first_step
          << ", \"thread_binding\": " << json_string(r.thread_binding) << build_json(r.build)
          << "}\n";
      break;
  }
}

}  // namespace stencil::app
