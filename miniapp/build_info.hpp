// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// What a study reports beside each figure: how the binary was built (compilers, flags, Kokkos
// release and backends, fixed at configure time) and the CPU it runs on (read at run time).
#pragma once

#include <string>

namespace stencil::app {

struct BuildInfo {
  std::string cxx_compiler;     // "GNU 12.2.0"
  std::string cxx_flags;        // the flags every C++ file of the project gets
  std::string cuda_compiler;    // "nvcc 13.0.48"; "" without native CUDA
  std::string cuda_flags;       // "" without native CUDA
  std::string kokkos_backends;  // "OPENMP, SERIAL", as the Kokkos package names them
  std::string build_type;       // "Release"
  std::string cpu_model;        // /proc/cpuinfo's "model name"; "unknown" where it has none
};

BuildInfo build_info();

// The CPU model named in a /proc/cpuinfo text: its first "model name" (x86), else "Processor"
// or "cpu model" value; "unknown" where it names none.
std::string cpu_model_from(const std::string& cpuinfo_text);

}  // namespace stencil::app
