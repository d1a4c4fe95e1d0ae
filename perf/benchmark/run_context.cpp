// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "run_context.hpp"

#include <benchmark/benchmark.h>

#include <cctype>
#include <fstream>
#include <sstream>
#include <string>

#include "backends.hpp"
#include "stencil/precision.hpp"
#include "stencil/variants.hpp"
#include "stencil_version.hpp"
#if defined(STENCIL_HAVE_CUDA)
#include "cuda_versions.hpp"
#endif

namespace stencil::perf {
namespace {

std::string joined(const std::vector<std::string>& items) {
  std::string text;
  for (const auto& item : items)
    text += (text.empty() ? "" : ", ") + item;
  return text.empty() ? "none" : text;
}

// Google Benchmark's own context has the CPU count and caches but not the processor's name.
std::string cpu_model() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  std::string line;
  while (std::getline(cpuinfo, line)) {
    if (line.rfind("model name", 0) == 0) {
      const auto colon = line.find(':');
      if (colon != std::string::npos)
        return line.substr(line.find_first_not_of(" \t", colon + 1));
    }
  }
  return "unknown";
}

// The kernel driver's version as nvidia-smi shows it (e.g. 580.82.07), read from the driver's own
// /proc file so no NVML link is needed; cudaDriverGetVersion gives only the CUDA API level.
std::string nvidia_driver_version() {
  std::ifstream version_file("/proc/driver/nvidia/version");
  std::string line;
  if (!std::getline(version_file, line))
    return "none";
  std::istringstream words(line);
  std::string word;
  while (words >> word) {
    const bool dotted_number = std::isdigit(static_cast<unsigned char>(word[0])) &&
                               word.find('.') != std::string::npos &&
                               word.find_first_not_of("0123456789.") == std::string::npos;
    if (dotted_number)
      return word;
  }
  return line;
}

// The stepper's own description of the hardware behind a target, e.g. "OpenMP (concurrency 2)" or
// "CUDA device 0: NVIDIA H200 (sm_90, 132 SMs)", taken from the smallest possible stepper.
std::string describe(const Backend& target) {
  for (const VariantInfo& variant : kVariants) {
    if (variant.implemented_by(target.implementation))
      return open_stepper(target, check_config(RunConfig{&variant, 1}))->execution_space();
  }
  return "none";
}

// The GPU of the first model whose grids are always in CUDA device memory, or "none (why not)".
std::string gpu_name() {
  for (const Backend& backend : backends()) {
    if (backend.on_gpu() && backend.space.empty()) {
      const std::string device = device_of(backend.implementation);
      return device.rfind("none: ", 0) == 0 ? "none (" + device.substr(6) + ")" : device;
    }
  }
  return "none (no model of this build has its grids in CUDA device memory)";
}

}  // namespace

void add_run_context(SizeSet sizes, const TargetList& targets) {
  benchmark::AddCustomContext("stencil_commit", app::kGitCommit);
  benchmark::AddCustomContext("stencil_version", app::kVersion);
  benchmark::AddCustomContext("size_set", size_set_name(sizes));
  for (const std::string& model : implementations()) {
    if (const std::string version = version_of(model); !version.empty())
      benchmark::AddCustomContext(model + "_version", version);
    if (const std::vector<std::string> spaces = spaces_of(model); !spaces.empty())
      benchmark::AddCustomContext(model + "_spaces", joined(spaces));
  }
  benchmark::AddCustomContext("implementations", joined(implementations()));
  benchmark::AddCustomContext("cpu_model", cpu_model());
  benchmark::AddCustomContext("gpu", gpu_name());
  benchmark::AddCustomContext("nvidia_driver_version", nvidia_driver_version());
#if defined(STENCIL_HAVE_CUDA)
  benchmark::AddCustomContext("cuda_driver_version", cuda_driver_version());
  benchmark::AddCustomContext("cuda_runtime_version", cuda_runtime_version());
#endif
  std::vector<std::string> labels;
  for (const auto& target : targets.runnable) {
    labels.push_back(target.label());
    benchmark::AddCustomContext("target " + target.label(), describe(target));
  }
  benchmark::AddCustomContext("targets", joined(labels));
  benchmark::AddCustomContext("targets_skipped", joined(targets.skipped));
  // Which variants solve the same problem, for perf/report.py: from the variant table.
  std::vector<std::string> classes;
  for (const VariantInfo& v : kVariants) {
    classes.push_back(std::string(v.name) + ":" +
                      (v.dimensions == 1                 ? "1-D"
                       : v.uses_shape(ShapeOption::fuse) ? "fused 2-D"
                                                         : "2-D"));
  }
  std::string class_text;
  for (const std::string& item : classes)
    class_text += (class_text.empty() ? "" : ",") + item;
  benchmark::AddCustomContext("variant_classes", class_text);
  benchmark::AddCustomContext(
      "bytes_per_cell_update",
      "fp32:" + std::to_string(bytes_per_cell_update(Precision::fp32)) +
          ",fp64:" + std::to_string(bytes_per_cell_update(Precision::fp64)));
  benchmark::AddCustomContext("chunks", std::to_string(kDefaultChunks));
  benchmark::AddCustomContext(
      "timing",
      "manual time: steady clock around a batch of steps (or copies) ending in a fence; "
      "warm-up step and first touch outside the timing; ratio_to_copy: median of step/copy "
      "pairs, copies of the grid interleaved with the timed batches");
}

}  // namespace stencil::perf
