#include "kokkos/flags.hpp"

#include <charconv>
#include <climits>
#include <cstdlib>
#include <stdexcept>

namespace stencil::kokkos {
namespace {

enum class Value { none, integer, device_count, text };

// Thread counts above this are typos, not machines.
constexpr long long kMaxThreads = 65536;

struct IntegerRange {
  long long min = 0;
  long long max = INT_MAX;
  const char* meaning = "";
};
constexpr IntegerRange kThreads{1, kMaxThreads, "threads"};
constexpr IntegerRange kNumaDomains{1, INT_MAX, "NUMA domains"};
constexpr IntegerRange kDeviceIndex{0, INT_MAX, "a device index"};
constexpr IntegerRange kDeviceCount{1, INT_MAX, "devices"};

struct KokkosFlag {
  const char* name;
  Value value;
  IntegerRange range = {};  // for Value::integer
};

const KokkosFlag kFlags[] = {
    {"--kokkos-threads", Value::integer, kThreads},
    {"--kokkos-num-threads", Value::integer, kThreads},
    {"--kokkos-numa", Value::integer, kNumaDomains},
    {"--kokkos-device-id", Value::integer, kDeviceIndex},
    {"--kokkos-device", Value::integer, kDeviceIndex},
    {"--kokkos-num-devices", Value::device_count},
    {"--kokkos-ndevices", Value::device_count},
    {"--kokkos-map-device-id-by", Value::text},
    {"--kokkos-tools-library", Value::text},
    {"--kokkos-tools-libs", Value::text},
    {"--kokkos-tools-args", Value::text},
    {"--kokkos-disable-warnings", Value::none},
    {"--kokkos-tune-internals", Value::none},
    {"--kokkos-tools-help", Value::none},
    {"--kokkos-help", Value::none},
    {"--kokkos-print-configuration", Value::none},
};

bool parse_integer(const std::string& text, long long& value) {
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  return !text.empty() && ec == std::errc() && ptr == end;
}

// "N" or "N,S" (devices per node, device to skip).
bool valid_device_count(const std::string& text) {
  const auto comma = text.find(',');
  long long count = 0, skip = 0;
  if (!parse_integer(text.substr(0, comma), count) || count < 1 || count > INT_MAX)
    return false;
  return comma == std::string::npos ||
         (parse_integer(text.substr(comma + 1), skip) && skip >= 0 && skip <= INT_MAX);
}

void check_integer(const std::string& what, const std::string& text, const IntegerRange& range) {
  long long value = 0;
  if (!parse_integer(text, value) || value < range.min || value > range.max) {
    throw std::invalid_argument(what + ": expects " + range.meaning + ", an integer from " +
                                std::to_string(range.min) + " to " + std::to_string(range.max) +
                                ", got '" + text + "'");
  }
}

}  // namespace

void validate_flag(const std::string& arg) {
  const auto eq = arg.find('=');
  const std::string name = arg.substr(0, eq);
  for (const auto& flag : kFlags) {
    if (name != flag.name)
      continue;
    if (flag.value == Value::none) {
      if (eq != std::string::npos)
        throw std::invalid_argument(name + " takes no value");
      return;
    }
    if (eq == std::string::npos)
      throw std::invalid_argument(name + " needs a value: " + name + "=...");
    const std::string value = arg.substr(eq + 1);
    switch (flag.value) {
      case Value::integer:
        check_integer(name, value, flag.range);
        return;
      case Value::device_count:
        if (!valid_device_count(value)) {
          throw std::invalid_argument(name + ": expects N or N,S (devices, device to skip), got '" +
                                      value + "'");
        }
        return;
      default:
        if (value.empty())
          throw std::invalid_argument(name + " needs a value: " + name + "=...");
        return;
    }
  }
  throw std::invalid_argument("unknown Kokkos flag '" + name + "'");
}

void validate_environment() {
  struct Variable {
    const char* name;
    IntegerRange range;
  };
  for (const Variable& v :
       {Variable{"KOKKOS_NUM_THREADS", kThreads}, Variable{"KOKKOS_NUMA", kNumaDomains},
        Variable{"KOKKOS_DEVICE_ID", kDeviceIndex}, Variable{"KOKKOS_NUM_DEVICES", kDeviceCount},
        Variable{"KOKKOS_SKIP_DEVICE", kDeviceIndex}}) {
    if (const char* text = std::getenv(v.name))
      check_integer(std::string("environment variable ") + v.name, text, v.range);
  }
}

}  // namespace stencil::kokkos
