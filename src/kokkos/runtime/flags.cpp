// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "kokkos/runtime/flags.hpp"

#include <dlfcn.h>
#include <Kokkos_Macros.hpp>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <climits>
#include <cstdlib>
#include <stdexcept>

namespace stencil::kokkos {
namespace {

enum class Value { none, boolean, integer, device_count, text, map_device_id_by, tools_library };

// Flags of Kokkos 3.x that Kokkos 4 dropped: it prints "not recognized" and carries on without
// them, so a user who asked for one would not get it.
constexpr bool kKokkos4 = KOKKOS_VERSION >= 40000;
// Flags Kokkos added in 3.7.
constexpr bool kKokkos37 = KOKKOS_VERSION >= 30700;

#if defined(KOKKOS_ENABLE_OPENMP)
// Kokkos' OpenMP backend keeps one slot per thread in a fixed array of 512
// (Kokkos::Impl::OpenMPTraits::MAX_THREAD_COUNT in 4.x, OpenMPExec::MAX_THREAD_COUNT in 3.x)
// and does not check the count against it: more threads write past its end and crash.
constexpr long long kMaxThreads = kMaxOpenMPThreads;
#else
// Thread counts above this are typos, not machines.
constexpr long long kMaxThreads = 65536;
#endif

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
  bool known;               // by this build's Kokkos
  IntegerRange range = {};  // for Value::integer
};

const KokkosFlag kFlags[] = {
    {"--kokkos-threads", Value::integer, !kKokkos4, kThreads},
    {"--kokkos-numa", Value::integer, !kKokkos4, kNumaDomains},
    {"--kokkos-device", Value::integer, !kKokkos4, kDeviceIndex},
    {"--kokkos-ndevices", Value::device_count, !kKokkos4},
    {"--kokkos-num-devices", Value::device_count, kKokkos37 && !kKokkos4},
    {"--kokkos-num-threads", Value::integer, kKokkos37, kThreads},
    {"--kokkos-device-id", Value::integer, true, kDeviceIndex},
    {"--kokkos-map-device-id-by", Value::map_device_id_by, kKokkos37},
    {"--kokkos-tools-library", Value::tools_library, true},
    {"--kokkos-tools-libs", Value::tools_library, kKokkos37},
    {"--kokkos-tools-args", Value::text, true},
    {"--kokkos-disable-warnings", kKokkos4 ? Value::boolean : Value::none, true},
    {"--kokkos-tune-internals", kKokkos4 ? Value::boolean : Value::none, true},
    {"--kokkos-print-configuration", kKokkos4 ? Value::boolean : Value::none, kKokkos37},
    {"--kokkos-tools-help", Value::none, true},
    {"--kokkos-help", Value::none, true},
};

std::string kokkos_version_text() {
  return std::to_string(KOKKOS_VERSION / 10000) + "." + std::to_string(KOKKOS_VERSION / 100 % 100) +
         "." + std::to_string(KOKKOS_VERSION % 100);
}

// What replaces a flag this Kokkos does not read, for the message.
std::string replacement_of(const std::string& name) {
  if (name == "--kokkos-threads")
    return "; use --kokkos-num-threads=N (or OMP_NUM_THREADS)";
  if (name == "--kokkos-device")
    return "; use --kokkos-device-id=N";
  return "";
}

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

// The words Kokkos reads as a boolean (case-insensitive); anything else aborts it.
bool valid_boolean(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  for (const char* word : {"yes", "true", "1", "no", "false", "0"}) {
    if (text == word)
      return true;
  }
  return false;
}

void check_integer(const std::string& what, const std::string& text, const IntegerRange& range) {
  long long value = 0;
  if (!parse_integer(text, value) || value < range.min || value > range.max) {
    std::string limit;
    if (range.meaning == kThreads.meaning && kMaxThreads == kMaxOpenMPThreads)
      limit = " (Kokkos' OpenMP backend holds at most " + std::to_string(kMaxOpenMPThreads) + ")";
    throw std::invalid_argument(what + ": expects " + range.meaning + ", an integer from " +
                                std::to_string(range.min) + " to " + std::to_string(range.max) +
                                limit + ", got '" + text + "'");
  }
}

void check_map_device_id_by(const std::string& what, const std::string& text) {
  if (text != "mpi_rank" && text != "random")
    throw std::invalid_argument(what + ": expects mpi_rank or random, got '" + text + "'");
}

// Kokkos loads the first library of a ';'-separated list with dlopen and, when that fails, says
// so and runs without the tool. The same dlopen here refuses the run instead.
void check_tools_library(const std::string& what, const std::string& text) {
#if defined(KOKKOS_ENABLE_LIBDL) || defined(KOKKOS_TOOLS_ENABLE_LIBDL)
  const std::string first = text.substr(0, text.find(';'));
  if (first.empty())
    throw std::invalid_argument(what + " names no library, got '" + text + "'");
  void* handle = ::dlopen(first.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    const char* reason = ::dlerror();
    throw std::invalid_argument(what + ": cannot load the Kokkos Tools library '" + first +
                                "': " + (reason ? reason : "dlopen failed"));
  }
  ::dlclose(handle);
#else
  throw std::invalid_argument(
      what + " '" + text +
      "': this build's Kokkos has no Kokkos Tools support (built without libdl)");
#endif
}

}  // namespace

void validate_flag(const std::string& arg) {
  const auto eq = arg.find('=');
  const std::string name = arg.substr(0, eq);
  for (const auto& flag : kFlags) {
    if (name != flag.name)
      continue;
    if (!flag.known) {
      throw std::invalid_argument(name + " is not a flag of Kokkos " + kokkos_version_text() +
                                  " (this build's), which would ignore it" + replacement_of(name));
    }
    if (flag.value == Value::none) {
      if (eq != std::string::npos)
        throw std::invalid_argument(name + " takes no value");
      return;
    }
    if (flag.value == Value::boolean) {
      if (eq != std::string::npos && !valid_boolean(arg.substr(eq + 1))) {
        throw std::invalid_argument(
            name + ": expects no value or one of yes, true, 1, no, false, 0, got '" +
            arg.substr(eq + 1) + "'");
      }
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
      case Value::map_device_id_by:
        check_map_device_id_by(name, value);
        return;
      case Value::tools_library:
        check_tools_library(name, value);
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
    bool known;
  };
  for (const Variable& v : {Variable{"KOKKOS_NUM_THREADS", kThreads, true},
                            Variable{"KOKKOS_DEVICE_ID", kDeviceIndex, true},
                            Variable{"KOKKOS_NUMA", kNumaDomains, !kKokkos4},
                            Variable{"KOKKOS_NUM_DEVICES", kDeviceCount, !kKokkos4},
                            Variable{"KOKKOS_SKIP_DEVICE", kDeviceIndex, !kKokkos4}}) {
    const char* text = std::getenv(v.name);
    if (text == nullptr)
      continue;
    if (!v.known) {
      throw std::invalid_argument(std::string("environment variable ") + v.name +
                                  " is not read by Kokkos " + kokkos_version_text() +
                                  " (this build's), which would ignore it; unset it");
    }
    check_integer(std::string("environment variable ") + v.name, text, v.range);
  }
  if (kKokkos4) {
    for (const char* name :
         {"KOKKOS_DISABLE_WARNINGS", "KOKKOS_PRINT_CONFIGURATION", "KOKKOS_TUNE_INTERNALS"}) {
      const char* text = std::getenv(name);
      if (text != nullptr && !valid_boolean(text)) {
        throw std::invalid_argument(std::string("environment variable ") + name +
                                    ": expects one of yes, true, 1, no, false, 0, got '" + text +
                                    "'");
      }
    }
  }
  if (const char* text = std::getenv("KOKKOS_MAP_DEVICE_ID_BY"); text && kKokkos37)
    check_map_device_id_by("environment variable KOKKOS_MAP_DEVICE_ID_BY", text);
  for (const char* name : {"KOKKOS_TOOLS_LIBS", "KOKKOS_PROFILE_LIBRARY"}) {
    if (const char* text = std::getenv(name); text && *text)
      check_tools_library(std::string("environment variable ") + name, text);
  }
#if defined(KOKKOS_ENABLE_OPENMP)
  // The OpenMP runtime starts this many threads for Kokkos' OpenMP backend (and the native
  // OpenMP kernels): a list "N[,M...]" whose first count must fit Kokkos' pool.
  if (const char* text = std::getenv("OMP_NUM_THREADS"); text && *text) {
    const std::string list = text;
    std::size_t start = 0;
    bool first = true;
    for (;;) {
      const std::size_t comma = list.find(',', start);
      const std::string part = list.substr(start, comma - start);
      long long value = 0;
      if (!parse_integer(part, value) || value < 1 || value > (first ? kMaxThreads : INT_MAX)) {
        throw std::invalid_argument(
            "environment variable OMP_NUM_THREADS: expects threads, an integer "
            "from 1 to " +
            std::to_string(kMaxThreads) + " (Kokkos' OpenMP backend holds at most " +
            std::to_string(kMaxOpenMPThreads) + "), got '" + list + "'");
      }
      if (comma == std::string::npos)
        break;
      start = comma + 1;
      first = false;
    }
  }
#endif
}

}  // namespace stencil::kokkos
