// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Every output of a Kokkos run names the Kokkos it was built against: -list, the result block's
// model version, the CSV row and the JSON object. The expected text comes from CMake's package
// search (STENCIL_KOKKOS_RELEASE), the binary's from the KOKKOS_VERSION macro.
#include <gtest/gtest.h>

#include <string>

#include "process.hpp"

namespace stencil::test {
namespace {

ProcessResult miniapp(const std::vector<std::string>& args) {
  return run_program(STENCIL_MINIAPP_PATH, args);
}

const std::string kExpected = STENCIL_KOKKOS_RELEASE;

TEST(KokkosVersion, ListNamesIt) {
  const auto r = miniapp({"-list"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("kokkos version:\n  " + kExpected + "\n"), std::string::npos) << r.out;
}

TEST(KokkosVersion, ResultBlockNamesIt) {
  const auto r = miniapp(
      {"-n", "16", "-iters", "1", "-variant", "naive", "-impl", "kokkos", "-space", "serial"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("  model version    : " + kExpected + "\n"), std::string::npos) << r.out;
}

TEST(KokkosVersion, CsvColumnNamesIt) {
  const auto r = miniapp({"-n", "16", "-iters", "1", "-variant", "naive", "-impl", "kokkos",
                          "-space", "serial", "-csv"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(csv_result(r.out)["model_version"], kExpected) << r.out;
}

TEST(KokkosVersion, JsonKeyNamesIt) {
  const auto r = miniapp({"-n", "16", "-iters", "1", "-variant", "naive", "-impl", "kokkos",
                          "-space", "serial", "-json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("\"model_version\": \"" + kExpected + "\""), std::string::npos) << r.out;
}

}  // namespace
}  // namespace stencil::test
