// Kokkos' own flags and variables on the real binary. Kokkos aborted on some of these (exit 134,
// temporaries left), said "stoi" (exit 1) or printed three lines; each is one line and exit 2,
// before Kokkos starts.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "process.hpp"

namespace stencil::test {
namespace {

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
  const std::vector<BadValue> cases = {
      {{"--kokkos-threads=0"}, "", "--kokkos-threads: expects threads, an integer from 1"},
      {{"--kokkos-threads=abc"}, "", "got 'abc'"},
      {{"--kokkos-threads"}, "", "--kokkos-threads needs a value"},
      {{"--kokkos-num-threads=-2"}, "", "--kokkos-num-threads: expects threads"},
      {{"--kokkos-numa=-1"}, "", "--kokkos-numa: expects NUMA domains"},
      {{"--kokkos-device-id=x"}, "", "--kokkos-device-id: expects a device index"},
      {{"--kokkos-num-devices=0"}, "", "--kokkos-num-devices: expects N or N,S"},
      {{"--kokkos-disable-warnings=yes"}, "", "--kokkos-disable-warnings takes no value"},
      {{"--kokkos-frobnicate"}, "", "unknown Kokkos flag '--kokkos-frobnicate'"},
      {{}, "KOKKOS_NUM_THREADS=0 ", "environment variable KOKKOS_NUM_THREADS: expects threads"},
      {{}, "KOKKOS_NUM_THREADS=abc ", "environment variable KOKKOS_NUM_THREADS"},
  };
  for (const auto& c : cases) {
    std::vector<std::string> args = {"-n",       "16",    "-iters", "1",
                                     "-variant", "strip", "-impl",  "kokkos"};
    args.insert(args.end(), c.args.begin(), c.args.end());
    const auto r = miniapp(args, c.prefix);
    EXPECT_EQ(r.exit_code, 2) << c.message << "\n" << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;
    EXPECT_EQ(lines(r.err), 1u) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
  }
  // Good values still reach Kokkos.
  const auto good = miniapp({"-n", "16", "-iters", "1", "-variant", "strip", "-impl", "kokkos",
                             "--kokkos-threads=1", "--kokkos-disable-warnings"});
  EXPECT_EQ(good.exit_code, 0) << good.err;
}

}  // namespace
}  // namespace stencil::test
