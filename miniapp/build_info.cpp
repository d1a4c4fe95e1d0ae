// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "build_info.hpp"

#include <fstream>
#include <sstream>

#include "stencil_build_info.hpp"

namespace stencil::app {
namespace {

std::string trimmed(const std::string& text) {
  const auto first = text.find_first_not_of(" \t");
  if (first == std::string::npos)
    return "";
  const auto last = text.find_last_not_of(" \t\r");
  return text.substr(first, last - first + 1);
}

}  // namespace

std::string cpu_model_from(const std::string& cpuinfo_text) {
  // x86 names the model in "model name"; some other kernels' cpuinfo says "Processor" or
  // "cpu model" instead.
  for (const char* key : {"model name", "Processor", "cpu model"}) {
    std::istringstream lines(cpuinfo_text);
    std::string line;
    while (std::getline(lines, line)) {
      const auto colon = line.find(':');
      if (colon == std::string::npos || trimmed(line.substr(0, colon)) != key)
        continue;
      const std::string value = trimmed(line.substr(colon + 1));
      if (!value.empty())
        return value;
    }
  }
  return "unknown";
}

BuildInfo build_info() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::ostringstream text;
  text << cpuinfo.rdbuf();
  return {build::kCxxCompiler,    build::kCxxFlags,  build::kCudaCompiler,      build::kCudaFlags,
          build::kKokkosBackends, build::kBuildType, cpu_model_from(text.str())};
}

}  // namespace stencil::app
