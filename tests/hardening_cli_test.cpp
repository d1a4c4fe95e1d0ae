// Issue 17 on the real binary: memory safety of an ordinary run, Kokkos' own flags, values echoed
// in error lines, the thread binding of a first run, and the result block of small runs.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include <Kokkos_Core.hpp>  // KOKKOS_ENABLE_* of the Kokkos this build uses, its OpenMP pool

#include "kokkos/flags.hpp"
#include "process.hpp"

#if defined(KOKKOS_ENABLE_OPENMP) && KOKKOS_VERSION >= 40000
// The thread limit is Kokkos' own: the fixed per-thread pool of its OpenMP backend.
static_assert(Kokkos::Impl::OpenMPTraits::MAX_THREAD_COUNT == stencil::kokkos::kMaxOpenMPThreads,
              "the mini-app's thread limit must be Kokkos' OpenMP pool size");
#endif

namespace stencil::test {
namespace {

ProcessResult miniapp(const std::vector<std::string>& args, const std::string& prefix = "") {
  return run_program(STENCIL_MINIAPP_PATH, args, prefix);
}

std::size_t lines(const std::string& text) {
  return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
}

// Without -space the runner looked its default space up through a view into a destroyed string.
// glibc's allocator, told to fill freed memory (MALLOC_PERTURB_) and to keep no per-thread cache,
// turns that read into a wrong name ("execution space '¥¥¥¥' is not in this Kokkos build").
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

// Kokkos aborts on some of these (exit 134, temporaries left), says "stoi" (exit 1), prints
// three lines, crashes past its 512-thread OpenMP pool, or ignores the flag and runs on; each is
// one line and exit 2, before Kokkos starts.
TEST(Hardening, KokkosFlagsAndVariablesAreCheckedFirst) {
  std::vector<BadValue> cases = {
      {{"--kokkos-num-threads=0"}, "", "--kokkos-num-threads: expects threads, an integer from 1"},
      {{"--kokkos-num-threads=abc"}, "", "got 'abc'"},
      {{"--kokkos-num-threads"}, "", "--kokkos-num-threads needs a value"},
      {{"--kokkos-num-threads=-2"}, "", "--kokkos-num-threads: expects threads"},
      {{"--kokkos-device-id=x"}, "", "--kokkos-device-id: expects a device index"},
      {{"--kokkos-frobnicate"}, "", "unknown Kokkos flag '--kokkos-frobnicate'"},
      {{"--kokkos-map-device-id-by=foo"}, "", "expects mpi_rank or random, got 'foo'"},
      {{"--kokkos-tools-libs=/nonexistent.so"}, "", "cannot load the Kokkos Tools library"},
      {{}, "KOKKOS_NUM_THREADS=0 ", "environment variable KOKKOS_NUM_THREADS: expects threads"},
      {{}, "KOKKOS_NUM_THREADS=abc ", "environment variable KOKKOS_NUM_THREADS"},
      {{}, "KOKKOS_MAP_DEVICE_ID_BY=bogus ", "expects mpi_rank or random, got 'bogus'"},
      {{}, "KOKKOS_TOOLS_LIBS=/nonexistent.so ", "cannot load the Kokkos Tools library"},
      {{"-space", ""}, "", "-space needs a name"},
  };
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
  for (const char* threads : {"513", "1000", "100000", "2147483648", ""}) {
    cases.push_back({{},
                     std::string("OMP_NUM_THREADS='") + threads + "' ",
                     "OMP_NUM_THREADS: expects threads, an integer from 1 to 512"});
  }
  cases.back().message = "";  // an empty OMP_NUM_THREADS means unset: it runs
  cases.push_back({{"--kokkos-num-threads=600"}, "", "an integer from 1 to 512"});
  cases.push_back({{}, "KOKKOS_NUM_THREADS=600 ", "an integer from 1 to 512"});
  cases.push_back({{"-impl", "openmp", "-variant", "naive"},
                   "OMP_NUM_THREADS=1000 ",
                   "OMP_NUM_THREADS: expects threads"});
#endif
  for (const auto& c : cases) {
    std::vector<std::string> args = {"-n", "16", "-iters", "1", "-variant", "strip"};
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
#if defined(KOKKOS_ENABLE_OPENMP)
  // Values the OpenMP runtime itself rejects when it loads (before main: its own line, which
  // nothing can suppress, and it would run on its default count): refused too, in one more line.
  for (const char* threads : {"0", "abc", "4,x"}) {
    const auto r = miniapp({"-n", "16", "-iters", "1", "-variant", "strip"},
                           std::string("OMP_NUM_THREADS='") + threads + "' ");
    EXPECT_EQ(r.exit_code, 2) << threads << "\n" << r.err;
    EXPECT_NE(r.err.find("stencil_miniapp: error: environment variable OMP_NUM_THREADS: expects "
                         "threads, an integer from 1 to 512"),
              std::string::npos)
        << r.err;
    std::size_t ours = 0;  // lines that are not the runtime's (nor empty)
    for (std::size_t at = 0, end = 0; at < r.err.size(); at = end + 1) {
      end = std::min(r.err.find('\n', at), r.err.size());
      const std::string line = r.err.substr(at, end - at);
      ours += !line.empty() && line.rfind("libgomp: ", 0) != 0;
    }
    EXPECT_EQ(ours, 1u) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
  }
#endif
  // Good values still reach Kokkos, up to its 512 threads.
  const auto good = miniapp({"-n", "16", "-iters", "1", "-variant", "strip",
                             "--kokkos-num-threads=1", "--kokkos-disable-warnings"});
  EXPECT_EQ(good.exit_code, 0) << good.err;
#if defined(KOKKOS_ENABLE_OPENMP)
  const auto most = miniapp({"-n", "16", "-iters", "1", "-impl", "openmp", "-variant", "naive"},
                            "OMP_NUM_THREADS=512,2 ");
  EXPECT_EQ(most.exit_code, 0) << most.err;
#endif
}

// An unknown -space is refused before Kokkos starts: one line, not Kokkos' OMP_PROC_BIND warning
// first (the app binds threads only for an OpenMP run, which this is not).
TEST(Hardening, AnUnknownSpaceIsOneLineBeforeKokkos) {
  const auto r = miniapp({"-n", "16", "-iters", "1", "-space", "nosuchspace"},
                         "unset OMP_PROC_BIND OMP_PLACES; ");
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("execution space 'nosuchspace' is not in this Kokkos build"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(lines(r.err), 1u) << r.err;
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
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "AddressSanitizer reserves terabytes of address space: ulimit -v cannot apply";
#elif defined(KOKKOS_ENABLE_CUDA)
  GTEST_SKIP() << "an address-space limit stops CUDA from initialising at all";
#else
  // 14000 x 14000 floats are 784 MB a grid; the run needs three: more than 2 GB of address
  // space, though below the mini-app's own check of the machine's available memory.
  const auto r = miniapp({"-n", "14000", "-iters", "1", "-space", "serial"}, "ulimit -v 2000000;");
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
  const auto r = miniapp({"-n", "4", "-iters", "1", "-variant", "naive", "-space", "serial"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_GE(significant_digits_after(r.out, "rate             : "), 3) << r.out;
  EXPECT_GE(significant_digits_after(r.out, "bandwidth        : "), 3) << r.out;
  EXPECT_GE(significant_digits_after(r.out, "stencil/copy = "), 3) << r.out;
}

bool default_space_is_openmp() {
  const auto r = miniapp({"-list"});
  return r.out.find("(first is the default):\n  openmp") != std::string::npos;
}

TEST(Hardening, AFirstRunBindsOpenMpThreadsQuietlyAndSaysSo) {
  if (!default_space_is_openmp())
    GTEST_SKIP() << "Kokkos' default space is not OpenMP in this build";
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

}  // namespace
}  // namespace stencil::test
