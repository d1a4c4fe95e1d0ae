// What one run measured, and how it is printed (text block, CSV line or JSON object).
#pragma once

#include <ostream>
#include <string>

#include "options.hpp"

namespace stencil::app {

struct RunResult {
  std::string variant;
  std::string implementation;
  std::string execution_space;
  int dimensions = 2;
  int n = 0;
  int iterations = 0;
  int chunks = 0;  // 0 when the variant takes no chunks
  int patch = 0;   // regblock's p; 0 for other variants
  int pitch = 0;   // tiled's shared row pitch; 0 for other variants
  double seconds = 0.0;
  double copy_seconds_per_step = 0.0;  // one copy of the grid (the same bytes as one step)
  double checksum = 0.0;
  std::string verification;  // "skipped", "PASSED ...", "FAILED ..."
  std::string commit;

  double cell_updates() const;
  double gcells_per_second() const;
  double gigabytes_per_second() const;  // at kBytesPerCellUpdate bytes per cell update
  double copy_gigabytes_per_second() const;  // bytes read + bytes written by the copy
  double ratio_to_copy() const;
};

void print_result(std::ostream& out, const RunResult& result, OutputFormat format);

}  // namespace stencil::app
