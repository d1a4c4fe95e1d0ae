// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Kokkos Tools with the real binary: --kokkos-tools-libs loads the kernel logger and
// the simple kernel timer built by scripts/bootstrap-kokkos-tools.sh, and every variant's kernels
// appear under a label that names the variant. Skips where the tools were not built.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cctype>
#include <filesystem>
#include <set>
#include <sstream>
#include <string>

#include <Kokkos_Core.hpp>  // KOKKOS_VERSION: the tools flag as this Kokkos spells it

#include "process.hpp"
#include "stencil/models.hpp"
#include "stencil/variants.hpp"
#include "variant_args.hpp"

namespace stencil::test {
namespace {

namespace fs = std::filesystem;

const fs::path kToolsDir = STENCIL_KOKKOS_TOOLS_DIR;

// Empty where the tool exists; else why the test skips.
std::string missing_tool(const std::string& file) {
  if (kToolsDir.empty())
    return "Kokkos Tools not built: scripts/build.sh builds them where "
           "../shared/deps/kokkos-tools-758d979.tar.gz exists (scripts/bootstrap-kokkos-tools.sh)";
  if (!fs::exists(kToolsDir / file))
    return "Kokkos Tools not built: no " + (kToolsDir / file).string();
  return "";
}

// The labels of the parallel kernels the kernel logger reports: each "Executing parallel-..."
// line is followed by the region stack (none here) and one line with the kernel's label.
std::multiset<std::string> logged_kernel_labels(const std::string& log) {
  std::multiset<std::string> labels;
  std::istringstream lines(log);
  std::string line;
  bool next_is_label = false;
  while (std::getline(lines, line)) {
    if (next_is_label) {
      const auto start = line.find_first_not_of(' ', line.find(':') + 1);
      labels.insert(start == std::string::npos ? "" : line.substr(start));
      next_is_label = false;
    }
    next_is_label = line.rfind("KokkosP: Executing parallel-", 0) == 0;
  }
  return labels;
}

bool is_identifier_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

// True where `name` appears in `label` as a whole word: "naive" is not in "...::naive1d".
bool names_word(const std::string& label, const std::string& name) {
  for (auto at = label.find(name); at != std::string::npos; at = label.find(name, at + 1)) {
    const bool starts = at == 0 || !is_identifier_char(label[at - 1]);
    const auto end = at + name.size();
    const bool ends = end == label.size() || !is_identifier_char(label[end]);
    if (starts && ends)
      return true;
  }
  return false;
}

TEST(KokkosTools, KernelLoggerNamesEveryVariantsKernels) {
  if (const auto why = missing_tool("kp_kernel_logger.so"); !why.empty())
    GTEST_SKIP() << why;
  const std::string flag = (KOKKOS_VERSION >= 30700 ? std::string("--kokkos-tools-libs=")
                                                    : std::string("--kokkos-tools-library=")) +
                           (kToolsDir / "kp_kernel_logger.so").string();
  for (const auto& v : kVariants) {
    if (!model_implements("kokkos", v.name))
      continue;
    const std::string variant(v.name);
    std::vector<std::string> args = {"-n", "35", "-iters", "4", "-variant", variant, "-csv", flag};
    for (const auto& a : fuse_args(v, 4))
      args.push_back(a);
    const auto r = run_program(STENCIL_MINIAPP_PATH, args);
    ASSERT_EQ(r.exit_code, 0) << variant << ": " << r.err;
    const auto labels = logged_kernel_labels(r.out + r.err);
    std::size_t named = 0;
    for (const auto& label : labels) {
      // Kokkos' own kernels (view initialisation, deep_copy on a device) carry Kokkos' names.
      if (label.rfind("Kokkos::", 0) == 0)
        continue;
      EXPECT_TRUE(names_word(label, variant))
          << variant << " launched a kernel labelled '" << label << "'";
      ++named;
    }
    EXPECT_GT(named, 0u) << variant << ": the logger saw none of its kernels\n" << r.out;
  }
}

TEST(KokkosTools, SimpleKernelTimerTimesTheVariantsKernel) {
  for (const char* tool : {"kp_kernel_timer.so", "kp_reader"}) {
    if (const auto why = missing_tool(tool); !why.empty())
      GTEST_SKIP() << why;
  }
  // The timer writes <host>-<pid>.dat into the working directory at exit.
  const fs::path dir =
      fs::temp_directory_path() / ("stencil_kernel_timer_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  const auto r = run_program(STENCIL_MINIAPP_PATH,
                             {"-n", "40", "-iters", "3", "-variant", "rolling", "-csv",
                              (KOKKOS_VERSION >= 30700 ? std::string("--kokkos-tools-libs=")
                                                       : std::string("--kokkos-tools-library=")) +
                                  (kToolsDir / "kp_kernel_timer.so").string()},
                             "cd '" + dir.string() + "' &&");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::vector<std::string> data;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() == ".dat")
      data.push_back(entry.path().string());
  }
  ASSERT_EQ(data.size(), 1u) << "the timer wrote no .dat file into " << dir;
  const auto read = run_program((kToolsDir / "kp_reader").string(), {data[0]});
  ASSERT_EQ(read.exit_code, 0) << read.err;
  EXPECT_TRUE(names_word(read.out, "rolling")) << read.out;
  fs::remove_all(dir);
}

}  // namespace
}  // namespace stencil::test
