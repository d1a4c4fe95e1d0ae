// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "stencil/memory_budget.hpp"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <sstream>

#include "stencil/stepper.hpp"

namespace stencil {

std::size_t host_available_bytes() {
  // A test hook: the refusals are tested on every machine, whatever memory it has.
  if (const char* fake = std::getenv(kFakeAvailableVariable)) {
    char* end = nullptr;
    const unsigned long long bytes = std::strtoull(fake, &end, 10);
    if (end != fake && *end == '\0')
      return static_cast<std::size_t>(bytes);
  }
  std::ifstream meminfo("/proc/meminfo");
  std::string key;
  std::size_t kib = 0;
  std::string unit;
  while (meminfo >> key >> kib >> unit) {
    if (key == "MemAvailable:")
      return kib * 1024;
  }
  const long pages = sysconf(_SC_AVPHYS_PAGES);
  const long page_size = sysconf(_SC_PAGESIZE);
  if (pages > 0 && page_size > 0)
    return static_cast<std::size_t>(pages) * page_size;
  return std::numeric_limits<std::size_t>::max();
}

std::string format_bytes(double bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f GiB", bytes / (1024.0 * 1024.0 * 1024.0));
  return text;
}

void require_memory(std::size_t needed, std::size_t available, const std::string& where) {
  if (needed > available) {
    throw UnsupportedRequest("grid too large: needs " + format_bytes(static_cast<double>(needed)) +
                             " but " + where + " has " +
                             format_bytes(static_cast<double>(available)) + " available");
  }
}

std::int64_t largest_fitting_n(int dimensions, std::size_t grids, std::size_t available,
                               Precision precision) {
  const std::uint64_t cells = available / (grids * element_bytes(precision));  // per grid
  if (dimensions != 2)
    return static_cast<std::int64_t>(
        std::min<std::uint64_t>(cells, std::numeric_limits<std::int64_t>::max()));
  std::uint64_t n = static_cast<std::uint64_t>(std::sqrt(static_cast<double>(cells)));
  while (n > 0 && n * n > cells)  // the square root of a double may round up
    --n;
  while ((n + 1) * (n + 1) <= cells)
    ++n;
  return static_cast<std::int64_t>(std::min<std::uint64_t>(n, kMaxN2d));
}

void require_grids(const RunConfig& config, std::size_t grids, std::size_t available,
                   const std::string& where) {
  // Compared in cells per grid, not bytes: a 1-D N near 2^63 would wrap a byte count.
  const std::size_t cells = config.local_cells();
  if (grids == 0 || cells <= available / (grids * element_bytes(config.precision)))
    return;
  const double grid_bytes = static_cast<double>(cells) * element_bytes(config.precision);
  const double needed = static_cast<double>(grids) * grid_bytes;
  const std::string asked = config.has_local_shape()
                                ? "a local array of " + std::to_string(config.rows) + " x " +
                                      std::to_string(config.cols) + " cells"
                                : "N = " + std::to_string(config.n);
  std::string line = asked + " needs " + std::to_string(grids) + " grids of " +
                     format_bytes(grid_bytes) + " (" + format_bytes(needed) + ") in " + where +
                     ", which has " + format_bytes(static_cast<double>(available)) + " free; ";
  const int dimensions = config.variant->dimensions;
  if (config.has_local_shape())
    line += "use more ranks";
  else if (const std::int64_t largest =
               largest_fitting_n(dimensions, grids, available, config.precision);
           largest > 0)
    line += "the largest N that fits is " + std::to_string(largest);
  else
    line += "not even N = 1 fits";
  throw UnsupportedRequest(line);
}

}  // namespace stencil
