// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The real binary: memory safety of an ordinary run, values echoed in error lines, the thread
// binding of a first run, and the result block of small runs (a model's own flags are its own
// tests, e.g. src/kokkos/tests/flags_test.cpp).
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <string>
#include <vector>

#include "model_args.hpp"
#include "process.hpp"

namespace stencil::test {
namespace {

ProcessResult miniapp(const std::vector<std::string>& args, const std::string& prefix = "") {
  return run_program(STENCIL_MINIAPP_PATH, args, prefix);
}

std::size_t lines(const std::string& text) {
  return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

// Without -space the runner must not look its default space up through a view into a destroyed
// string. glibc's allocator, told to fill freed memory (MALLOC_PERTURB_) and to keep no
// per-thread cache, would turn such a read into a wrong name ("execution space '¥¥¥¥' ...").
TEST(Hardening, DefaultSpaceSurvivesFreedMemoryBeingOverwritten) {
  const auto r = miniapp({"-n", "64", "-iters", "3"},
                         "GLIBC_TUNABLES=glibc.malloc.tcache_count=0 MALLOC_PERTURB_=165 ");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("execution space  : "), std::string::npos) << r.out;
}

struct BadValue {
  std::vector<std::string> args;
  std::string prefix;   // environment for the run
  std::string message;  // a fragment the one error line must contain
};

TEST(Hardening, AnEmptySpaceNameIsRefused) {
  const auto r = miniapp({"-n", "16", "-iters", "1", "-space", ""});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("-space needs a name"), std::string::npos) << r.err;
  EXPECT_EQ(lines(r.err), 1u) << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
}

TEST(Hardening, ControlCharactersInEchoedValuesAreEscaped) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"-variant", "bad\nname"}, "unknown variant 'bad\\nname'"},
      {{"-n", "1\t2"}, "got '1\\t2'"},
      {{"-output", "/nonexistent\n/x\x1b[31m.h5"}, "/nonexistent\\n/x\\x1b[31m.h5"},
  };
  for (const auto& [args, fragment] : cases) {
    std::vector<std::string> all = {"-n", "16", "-iters", "1"};
    all.insert(all.end(), args.begin(), args.end());
    const auto r = miniapp(all);
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_EQ(lines(r.err), 1u) << r.err;
    EXPECT_NE(r.err.find(fragment), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find('\x1b'), std::string::npos) << r.err;
  }
}

TEST(Hardening, AnAllocationThatFailsIsExitTwoWithOneLine) {
  if (a_runtime_starts_cuda())
    GTEST_SKIP() << "an address-space limit stops CUDA from initialising at all";
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "AddressSanitizer reserves terabytes of address space: ulimit -v cannot apply";
#else
  // 14000 x 14000 floats are 784 MB a grid; the run needs three: more than 2 GB of address
  // space, though below the mini-app's own check of the machine's available memory.
  std::vector<std::string> args = {"-n", "14000", "-iters", "1"};
  if (const auto backend = host_args_for(*find_variant("tiled")))
    args.insert(args.end(), backend->begin(), backend->end());
  const auto r = miniapp(args, "ulimit -v 2000000;");
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("not enough memory for this run"), std::string::npos) << r.err;
  EXPECT_EQ(lines(r.err), 1u) << r.err;
#endif
}

// Significant digits of the figure after `label` ("0.000123" -> 3, "0.000" -> 0, "1235" -> 4).
int significant_digits_after(const std::string& out, const std::string& label) {
  const auto at = out.find(label);
  if (at == std::string::npos)
    return -1;
  const std::string figure = out.substr(
      at + label.size(), out.find_first_of(" \n", at + label.size()) - at - label.size());
  int digits = 0;
  bool leading = true;
  for (const char c : figure) {
    if (c < '0' || c > '9')
      continue;
    leading = leading && c == '0';
    digits += leading ? 0 : 1;
  }
  return digits;
}

TEST(Hardening, SmallRunsShowSignificantDigits) {
  // A 4 x 4 grid, one step: "%.3f" printed such a rate as 0.000 or 0.002.
  std::vector<std::string> args = {"-n", "4", "-iters", "1", "-variant", "naive"};
  if (const auto backend = host_args_for(*find_variant("naive")))
    args.insert(args.end(), backend->begin(), backend->end());
  const auto r = miniapp(args);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_GE(significant_digits_after(r.out, "rate             : "), 3) << r.out;
  EXPECT_GE(significant_digits_after(r.out, "bandwidth        : "), 3) << r.out;
  EXPECT_GE(significant_digits_after(r.out, "stencil/copy = "), 3) << r.out;
}

TEST(Hardening, AFirstRunBindsOpenMpThreadsQuietlyAndSaysSo) {
  if (!uses_openmp_threads(implementations().front(), ""))
    GTEST_SKIP() << "the default model's default space runs no OpenMP threads in this build";
  const auto r = miniapp({"-n", "16", "-iters", "1"}, "unset OMP_PROC_BIND OMP_PLACES;");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err.find("OMP_PROC_BIND"), std::string::npos) << r.err;  // no Kokkos warning
  EXPECT_NE(r.out.find("thread binding   : OMP_PROC_BIND=spread, OMP_PLACES=threads (set by "
                       "stencil_miniapp"),
            std::string::npos)
      << r.out;
  // The user's own setting wins, and the result block then says nothing about it.
  for (const char* mine : {"OMP_PROC_BIND=close", "OMP_PLACES=cores"}) {
    const auto own = miniapp({"-n", "16", "-iters", "1"},
                             "unset OMP_PROC_BIND OMP_PLACES; export " + std::string(mine) + ";");
    ASSERT_EQ(own.exit_code, 0) << own.err;
    EXPECT_EQ(own.out.find("thread binding"), std::string::npos) << mine << "\n" << own.out;
  }
}

// libgomp reads OMP_NUM_THREADS when it is loaded and prints its own lines for a value it cannot
// parse; the driver refuses such a value before that, with its one line, whatever the command.
// The empty value is refused as KOKKOS_NUM_THREADS='' is.
TEST(Hardening, OmpNumThreadsTheRuntimeRejectsIsOneLine) {
  const std::vector<std::string> values = {"0",
                                           "-2",
                                           "0x2",
                                           "1e1",
                                           ",",
                                           "2,",
                                           ",2",
                                           "4,x",
                                           "abc",
                                           "",
                                           "123456789012345678901234567890",
                                           "\xd9\xa1" /* Arabic-Indic one */,
                                           " 2",
                                           "+2"};
  for (const auto& value : values) {
    for (const std::vector<std::string>& args :
         std::vector<std::vector<std::string>>{{"-n", "16", "-iters", "1"}, {"-list"}}) {
      const auto r = miniapp(args, "OMP_NUM_THREADS='" + value + "' ");
      EXPECT_EQ(r.exit_code, 2) << "'" << value << "' " << args.front() << "\n" << r.err;
      EXPECT_EQ(r.err.rfind("stencil_miniapp: error: environment variable OMP_NUM_THREADS: "
                            "expects threads",
                            0),
                0u)
          << r.err;
      EXPECT_EQ(lines(r.err), 1u) << "'" << value << "'\n" << r.err;
      EXPECT_TRUE(r.out.empty()) << r.out;
    }
  }
  for (const std::string good : {"1", "2", "2,1"}) {
    const auto r = miniapp({"-n", "16", "-iters", "1"}, "OMP_NUM_THREADS=" + good + " ");
    EXPECT_EQ(r.exit_code, 0) << good << "\n" << r.err;
  }
}

// A model that computes on no OpenMP threads still starts Kokkos' OpenMP space, which warns about
// an unset OMP_PROC_BIND in four lines: neither a run nor a refusal may carry them.
TEST(Hardening, ModelsWithoutOpenMpThreadsPrintNoBindingWarning) {
  int tried = 0;
  for (const auto& impl : implementations()) {
    std::vector<std::string> spaces = spaces_of(impl);
    if (spaces.empty())
      spaces.push_back("");
    for (const auto& space : spaces) {
      if (uses_openmp_threads(impl, space))
        continue;
      std::vector<std::string> args = {"-impl", impl, "-n", "16", "-iters", "1"};
      if (!space.empty())
        args.insert(args.end(), {"-space", space});
      // A variant no model has a kernel for is one refusal line, after the runtimes started.
      for (const std::string& variant : {"naive", "no_such_variant_here"}) {
        std::vector<std::string> with_variant = args;
        with_variant.insert(with_variant.end(), {"-variant", variant});
        const auto r = miniapp(with_variant, "unset OMP_PROC_BIND OMP_PLACES;");
        EXPECT_EQ(r.err.find("OMP_PROC_BIND"), std::string::npos) << impl << " " << space << "\n"
                                                                  << r.err;
        EXPECT_LE(lines(r.err), 1u) << impl << " " << space << "\n" << r.err;
        ++tried;
      }
    }
  }
  if (tried == 0)
    GTEST_SKIP() << "every model of this build computes on OpenMP threads";
}

// On a terminal the progress line has no newline; the signal's line must start a line of its
// own, and a run that writes no file claims no cleanup.
TEST(Hardening, TheSignalLineStartsAfterTheProgressLine) {
  if (access("/usr/bin/script", X_OK) != 0 || access("/usr/bin/timeout", X_OK) != 0)
    GTEST_SKIP() << "needs script(1) and timeout(1) for a terminal";
  const std::string command =
      "timeout -s INT 2 '" + std::string(STENCIL_MINIAPP_PATH) + "' -n 1024 -iters 1000000";
  const auto r = run_program("/usr/bin/script", {"-qec", command, "/dev/null"});
  if (r.out.find("ETA") == std::string::npos)
    GTEST_SKIP() << "no progress line was shown before the signal:\n" << r.out;
  const auto at = r.out.find("stencil_miniapp: interrupted by SIGINT");
  ASSERT_NE(at, std::string::npos) << r.out;
  ASSERT_GT(at, 0u);
  EXPECT_EQ(r.out[at - 1], '\n') << r.out;
  EXPECT_EQ(r.out.find("unfinished outputs"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace stencil::test
