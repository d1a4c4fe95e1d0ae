// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "install_layout.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <climits>
#include <cstdlib>
#include <string_view>

#include "stencil_install_layout.hpp"

namespace stencil::app {
namespace {

bool is_directory(const std::string& path) {
  struct stat s {};
  return !path.empty() && ::stat(path.c_str(), &s) == 0 && S_ISDIR(s.st_mode);
}

bool is_file(const std::string& path) {
  struct stat s {};
  return !path.empty() && ::stat(path.c_str(), &s) == 0 && S_ISREG(s.st_mode);
}

// "bin/../share/stencil_miniapp/inputs" as the plain path it names, for -list and the results.
std::string canonical(const std::string& path) {
  char resolved[PATH_MAX];
  return ::realpath(path.c_str(), resolved) ? std::string(resolved) : path;
}

std::string executable_folder() {
  char path[PATH_MAX];
  const ssize_t length = ::readlink("/proc/self/exe", path, sizeof(path) - 1);
  if (length <= 0)
    return "";
  const std::string exe(path, static_cast<std::size_t>(length));
  const auto slash = exe.find_last_of('/');
  return slash == std::string::npos ? "" : exe.substr(0, slash);
}

// Lists of tool libraries are separated by ';' (Kokkos' form) and each bare name is resolved.
std::string resolved_library_list(std::string_view list, const std::string& tools) {
  std::string out;
  while (true) {
    const auto semicolon = list.find(';');
    const std::string name(list.substr(0, semicolon));
    const std::string candidate = tools + "/" + name;
    if (!name.empty() && name.find('/') == std::string::npos && !is_file(name) &&
        is_file(candidate))
      out += candidate;
    else
      out += name;
    if (semicolon == std::string_view::npos)
      return out;
    out += ';';
    list.remove_prefix(semicolon + 1);
  }
}

}  // namespace

DataFolders data_folders() {
  DataFolders folders;
  const std::string exe_folder = executable_folder();
  if (!exe_folder.empty()) {
    const std::string installed_inputs = exe_folder + "/" + layout::kInstalledData + "/inputs";
    const std::string installed_tools = exe_folder + "/" + layout::kInstalledTools;
    if (is_directory(installed_inputs))
      folders.inputs = canonical(installed_inputs);
    if (is_file(installed_tools + "/kp_kernel_timer.so") ||
        is_file(installed_tools + "/kp_kernel_logger.so"))
      folders.kokkos_tools = canonical(installed_tools);
  }
  if (folders.inputs.empty() && is_directory(layout::kSourceInputs))
    folders.inputs = layout::kSourceInputs;
  if (folders.kokkos_tools.empty() && is_directory(layout::kBuildTools))
    folders.kokkos_tools = layout::kBuildTools;
  return folders;
}

std::string resolve_sample_input(const std::string& input, const DataFolders& folders) {
  const auto colon = input.find(':');
  const std::string file = input.substr(0, colon);
  if (folders.inputs.empty() || file.empty() || file.find('/') != std::string::npos ||
      is_file(file) || !is_file(folders.inputs + "/" + file))
    return input;
  return folders.inputs + "/" + input;
}

std::string resolve_tool_library(const std::string& argument, const DataFolders& folders) {
  if (folders.kokkos_tools.empty())
    return argument;
  for (const std::string_view flag : {"--kokkos-tools-libs=", "--kokkos-tools-library="}) {
    if (argument.compare(0, flag.size(), flag) == 0) {
      return std::string(flag) +
             resolved_library_list(std::string_view(argument).substr(flag.size()),
                                   folders.kokkos_tools);
    }
  }
  return argument;
}

}  // namespace stencil::app
