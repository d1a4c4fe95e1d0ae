// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// What one run measured, and how it is printed (text block, CSV line or JSON object).
#pragma once

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <string>

#include "build_info.hpp"
#include "measure/copy_pairs.hpp"
#include "options.hpp"

namespace stencil::app {

// The version of the -json and -csv layouts (docs/result.schema.json, docs/results.md): raised
// whenever a field is renamed, removed or changes meaning; new fields alone keep it. Version 2:
// `precision`, and bytes per cell update (gb_per_s, copy_gb_per_s) of the run's element size.
inline constexpr int kResultSchemaVersion = 2;

struct RunResult {
  std::string variant;
  std::string implementation;
  std::string execution_space;
  Precision precision = kDefaultPrecision;
  int dimensions = 2;
  std::int64_t n = 0;
  int iterations = 0;
  int fuse = 1;              // iterations per pass over the grid (temporal); 1 otherwise
  std::string chunks = "-";  // "-" when the variant takes no chunks, "auto" when it picks its own
  double seconds = 0.0;      // compute only: saving is timed apart, in io_seconds
  int patch = 0;             // regblock's p; 0 for other variants
  int pitch = 0;             // tiled's shared row pitch; 0 for other variants
  measure::RatioSummary copy_ratio;  // the interleaved step/copy pairs (measure/copy_pairs.hpp)
  double io_seconds = 0.0;           // downloading and writing saved states (0 without -output)
  std::size_t states_saved = 0;
  std::string output;           // "run.h5 (+ run.xmf)"; empty without -output
  std::string initial_state;    // "random field, seed S" or "file.h5:/step_000040/u"
  std::int64_t first_step = 0;  // iteration of the initial state (non-zero after a restart)
  double checksum = 0.0;
  std::string verification;  // "skipped", "PASSED ...", "FAILED ..."
  std::string commit;
  std::string model_version;       // what the model reports of itself (e.g. its runtime's release)
  std::string thread_binding;      // OpenMP binding the driver chose; "" when the user's stands
  BuildInfo build = build_info();  // compilers, flags, Kokkos backends, CPU model

  double cell_updates() const;
  double gcells_per_second() const;
  // One read and one write of a cell: 8 bytes in fp32, 16 in fp64.
  int bytes_per_cell_update() const { return stencil::bytes_per_cell_update(precision); }
  double gigabytes_per_second() const;  // at bytes_per_cell_update()
  // Bytes read + bytes written by one copy, over the pairs' median seconds per copy.
  double copy_gigabytes_per_second() const;
  double ratio_to_copy() const { return copy_ratio.median; }  // the median of the pairs' ratios
};

void print_result(std::ostream& out, const RunResult& result, OutputFormat format);

}  // namespace stencil::app
