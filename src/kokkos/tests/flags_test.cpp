// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Kokkos' own flags and variables on the real binary. Kokkos aborts on some of these (exit 134,
// temporaries left), says "stoi" (exit 1), prints three lines, crashes past its 512-thread
// OpenMP pool, or ignores the flag and runs on; each is one line and exit 2, before Kokkos starts.
#include <gtest/gtest.h>

#include <Kokkos_Core.hpp>  // KOKKOS_ENABLE_* of the Kokkos this build uses, its OpenMP pool

#include <algorithm>
#include <string>
#include <vector>

#include "backends.hpp"
#include "kokkos/runtime/flags.hpp"
#include "process.hpp"

#if defined(KOKKOS_ENABLE_OPENMP) && KOKKOS_VERSION >= 40000
// The thread limit is Kokkos' own: the fixed per-thread pool of its OpenMP backend.
static_assert(Kokkos::Impl::OpenMPTraits::MAX_THREAD_COUNT == stencil::kokkos::kMaxOpenMPThreads,
              "the mini-app's thread limit must be Kokkos' OpenMP pool size");
#endif

namespace stencil::test {
namespace {

// The thread-count and tools flags as this build's Kokkos spells them (3.7 renamed both).
const std::string kThreadsFlag =
    KOKKOS_VERSION >= 30700 ? "--kokkos-num-threads" : "--kokkos-threads";
const std::string kToolsFlag =
    KOKKOS_VERSION >= 30700 ? "--kokkos-tools-libs" : "--kokkos-tools-library";

ProcessResult miniapp(const std::vector<std::string>& args, const std::string& prefix = "") {
  return run_program(STENCIL_MINIAPP_PATH, args, prefix);
}

std::size_t lines(const std::string& text) {
  return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

struct BadValue {
  std::vector<std::string> args;
  std::string prefix;   // environment for the run
  std::string message;  // a fragment the one error line must contain
};

TEST(Hardening, KokkosFlagsAndVariablesAreCheckedFirst) {
  std::vector<BadValue> cases = {
      {{kThreadsFlag + "=0"}, "", kThreadsFlag + ": expects threads, an integer from 1"},
      {{kThreadsFlag + "=abc"}, "", "got 'abc'"},
      {{kThreadsFlag}, "", kThreadsFlag + " needs a value"},
      {{kThreadsFlag + "=-2"}, "", kThreadsFlag + ": expects threads"},
      {{"--kokkos-device-id=x"}, "", "--kokkos-device-id: expects a device index"},
      {{"--kokkos-frobnicate"}, "", "unknown Kokkos flag '--kokkos-frobnicate'"},
      {{kToolsFlag + "=/nonexistent.so"}, "", "cannot load the Kokkos Tools library"},
      {{}, "KOKKOS_NUM_THREADS=0 ", "environment variable KOKKOS_NUM_THREADS: expects threads"},
      {{}, "KOKKOS_NUM_THREADS=abc ", "environment variable KOKKOS_NUM_THREADS"},
      {{}, "KOKKOS_TOOLS_LIBS=/nonexistent.so ", "cannot load the Kokkos Tools library"},
      {{"-space", ""}, "", "-space needs a name"},
  };
#if KOKKOS_VERSION >= 30700
  // Kokkos 3.7 added the device mapping.
  cases.push_back({{"--kokkos-map-device-id-by=foo"}, "", "expects mpi_rank or random, got 'foo'"});
  cases.push_back(
      {{}, "KOKKOS_MAP_DEVICE_ID_BY=bogus ", "expects mpi_rank or random, got 'bogus'"});
#endif
#if KOKKOS_VERSION >= 40000
  // Flags of Kokkos 3 that Kokkos 4 only reports as "not recognized" before running without.
  for (const char* dropped :
       {"--kokkos-threads=1", "--kokkos-numa=1", "--kokkos-num-devices=1", "--kokkos-device=0"})
    cases.push_back({{dropped}, "", "is not a flag of Kokkos 4."});
  cases.push_back({{"--kokkos-disable-warnings=maybe"}, "", "got 'maybe'"});
  cases.push_back({{}, "KOKKOS_DISABLE_WARNINGS=maybe ", "got 'maybe'"});
  cases.push_back({{}, "KOKKOS_NUMA=1 ", "KOKKOS_NUMA is not read by Kokkos 4."});
#else
  cases.push_back({{"--kokkos-threads=0"}, "", "--kokkos-threads: expects threads"});
  cases.push_back({{"--kokkos-numa=-1"}, "", "--kokkos-numa: expects NUMA domains"});
  cases.push_back({{"--kokkos-disable-warnings=yes"}, "", "takes no value"});
#endif
#if defined(KOKKOS_ENABLE_OPENMP)
  // Kokkos' OpenMP pool has 512 slots; the native OpenMP kernels start Kokkos too.
  for (const char* threads : {"513", "1000", "100000", "2147483648"}) {
    cases.push_back({{},
                     std::string("OMP_NUM_THREADS='") + threads + "' ",
                     "OMP_NUM_THREADS: expects threads, an integer from 1 to 512"});
  }
  cases.push_back({{kThreadsFlag + "=600"}, "", "an integer from 1 to 512"});
  cases.push_back({{}, "KOKKOS_NUM_THREADS=600 ", "an integer from 1 to 512"});
  if (is_implementation("openmp"))  // the native OpenMP model reads it too
    cases.push_back({{"-impl", "openmp", "-variant", "naive"},
                     "OMP_NUM_THREADS=1000 ",
                     "OMP_NUM_THREADS: expects threads"});
#endif
  for (const auto& c : cases) {
    std::vector<std::string> args = {"-n",       "16",    "-iters", "1",
                                     "-variant", "strip", "-impl",  "kokkos"};
    args.insert(args.end(), c.args.begin(), c.args.end());
    const auto r = miniapp(args, c.prefix);
    if (c.message.empty()) {
      EXPECT_EQ(r.exit_code, 0) << c.prefix << r.err;
      continue;
    }
    EXPECT_EQ(r.exit_code, 2) << c.message << "\n" << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;
    EXPECT_EQ(lines(r.err), 1u) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
  }
  // Values the OpenMP runtime itself rejects when it loads are the driver's, refused before the
  // runtime reads them (Hardening.OmpNumThreadsTheRuntimeRejectsIsOneLine).
  // Good values still reach Kokkos, up to its 512 threads.
  const auto good = miniapp({"-n", "16", "-iters", "1", "-variant", "strip", "-impl", "kokkos",
                             kThreadsFlag + "=1", "--kokkos-disable-warnings"});
  EXPECT_EQ(good.exit_code, 0) << good.err;
#if defined(KOKKOS_ENABLE_OPENMP)
  if (is_implementation("openmp")) {
    const auto most = miniapp({"-n", "16", "-iters", "1", "-impl", "openmp", "-variant", "naive"},
                              "OMP_NUM_THREADS=512,2 ");
    EXPECT_EQ(most.exit_code, 0) << most.err;
  }
#endif
}

// An unknown -space is refused before Kokkos starts: one line, not Kokkos' OMP_PROC_BIND warning
// first (the app binds threads only for an OpenMP run, which this is not).
TEST(Hardening, AnUnknownSpaceIsOneLineBeforeKokkos) {
  const auto r = miniapp({"-n", "16", "-iters", "1", "-impl", "kokkos", "-space", "nosuchspace"},
                         "unset OMP_PROC_BIND OMP_PLACES; ");
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("-impl kokkos has no execution space 'nosuchspace' in this build"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(lines(r.err), 1u) << r.err;
}

}  // namespace
}  // namespace stencil::test
