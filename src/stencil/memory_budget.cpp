#include "stencil/memory_budget.hpp"

#include <unistd.h>

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

}  // namespace stencil
