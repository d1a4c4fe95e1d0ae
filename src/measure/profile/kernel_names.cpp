// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "measure/profile/kernel_names.hpp"

#include <cxxabi.h>

#include <cctype>
#include <cstdlib>
#include <memory>

namespace stencil::profile {
namespace {

// Reads the <length><identifier> tokens of an Itanium nested name starting at `pos` and joins
// them with "::" ("7stencil6kokkos10strip_step" -> "stencil::kokkos::strip_step").
std::string nested_name_at(const std::string& mangled, std::size_t pos) {
  std::string joined;
  while (pos < mangled.size() && std::isdigit(static_cast<unsigned char>(mangled[pos]))) {
    std::size_t length = 0;
    while (pos < mangled.size() && std::isdigit(static_cast<unsigned char>(mangled[pos])))
      length = length * 10 + static_cast<std::size_t>(mangled[pos++] - '0');
    if (length == 0 || pos + length > mangled.size())
      return "";
    joined += (joined.empty() ? "" : "::") + mangled.substr(pos, length);
    pos += length;
  }
  return joined;
}

// Kokkos: the dispatch (ParallelFor, ...) and the function whose lambda it runs, found as the
// first nested name ("ZN...") after the dispatch class. "" when the name is not a Kokkos launch.
std::string kokkos_kernel_name(const std::string& mangled) {
  for (const char* dispatch : {"ParallelFor", "ParallelReduce", "ParallelScan"}) {
    const std::size_t at = mangled.find(dispatch);
    if (at == std::string::npos)
      continue;
    const std::size_t nested = mangled.find("ZN", at);
    if (nested == std::string::npos)
      return "";
    const std::string owner = nested_name_at(mangled, nested + 2);
    if (owner.empty())
      return "";
    return owner + " (Kokkos " + dispatch + ")";
  }
  return "";
}

// "void ns::f<T>(int, float*)" -> "ns::f<T>": drops a return type and the argument list.
std::string without_signature(const std::string& demangled) {
  std::string name = demangled;
  if (!name.empty() && name.back() == ')') {
    int depth = 0;
    for (std::size_t i = name.size(); i-- > 0;) {
      if (name[i] == ')')
        ++depth;
      if (name[i] == '(' && --depth == 0) {
        name.resize(i);
        break;
      }
    }
  }
  int depth = 0;  // a return type ends at the last space outside template brackets
  std::size_t start = 0;
  for (std::size_t i = 0; i < name.size(); ++i) {
    if (name[i] == '<' || name[i] == '(')
      ++depth;
    if (name[i] == '>' || name[i] == ')')
      --depth;
    if (name[i] == ' ' && depth == 0)
      start = i + 1;
  }
  return name.substr(start);
}

}  // namespace

std::string demangle(const std::string& mangled) {
  int status = 0;
  std::unique_ptr<char, decltype(&std::free)> text(
      abi::__cxa_demangle(mangled.c_str(), nullptr, nullptr, &status), &std::free);
  return status == 0 && text ? std::string(text.get()) : mangled;
}

std::string short_kernel_name(const std::string& mangled) {
  if (std::string kokkos = kokkos_kernel_name(mangled); !kokkos.empty())
    return kokkos;
  const std::string demangled = demangle(mangled);
  if (demangled != mangled)
    return without_signature(demangled);
  if (mangled.rfind("_ZN", 0) == 0) {  // not demangleable, but its nested name still reads
    if (std::string nested = nested_name_at(mangled, 3); !nested.empty())
      return nested;
  }
  return mangled;
}

}  // namespace stencil::profile
