// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// -impl openmp on the real binary: every variant it has verifies bit for bit whatever the thread
// count (band and block seams move with it), matches the independent known-answer table, and a
// variant it lacks, or a Kokkos -space, gets one error line and exit 2.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iterator>

#include "process.hpp"
#include "stencil/variants.hpp"
#include "variant_args.hpp"

namespace stencil::test {
namespace {

ProcessResult miniapp(const std::vector<std::string>& args, const std::string& prefix = "") {
  return run_program(STENCIL_MINIAPP_PATH, args, prefix);
}

std::vector<const VariantInfo*> openmp_variants() {
  std::vector<const VariantInfo*> out;
  for (const auto& v : kVariants) {
    if (v.implemented_by("openmp"))
      out.push_back(&v);
  }
  return out;
}

TEST(OpenMPCli, HasTheFiveCpuVariants) {
  std::vector<std::string> names;
  for (const auto* v : openmp_variants())
    names.emplace_back(v->name);
  EXPECT_EQ(names, (std::vector<std::string>{"naive", "tiled", "naive1d", "halo1d", "temporal"}));
}

TEST(OpenMPCli, ListNamesTheImplementation) {
  const auto r = miniapp({"-list"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("implementations:\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  openmp\n"), std::string::npos) << r.out;
}

// 1, 3 and 5 threads on 2 cores: the static split of rows, tiles, 1-D blocks and temporal bands
// lands on different seams for each, at a size (131) that divides none of them.
TEST(OpenMPCli, EveryVariantVerifiesForSeveralThreadCounts) {
  for (const std::string threads : {"1", "3", "5"}) {
    for (const auto* v : openmp_variants()) {
      std::vector<std::string> args = {"-impl",   "openmp", "-n",       "131",
                                       "-iters",  "8",      "-variant", std::string(v->name),
                                       "-verify", "-csv"};
      for (const auto& a : fuse_args(*v, 8))
        args.push_back(a);
      const auto r = miniapp(args, "OMP_NUM_THREADS=" + threads + " OMP_PROC_BIND=false");
      ASSERT_EQ(r.exit_code, 0) << v->name << " threads=" << threads << ": " << r.err;
      auto row = csv_result(r.out);
      EXPECT_EQ(row["implementation"], "openmp") << r.out;
      EXPECT_EQ(row["verification"].rfind("PASSED", 0), 0u) << v->name << " " << r.out;
      EXPECT_NE(row["execution_space"].find(threads + " threads"), std::string::npos) << r.out;
    }
  }
}

// temporal's -chunks sets its row bands: more bands than threads, bands of one row, and more
// bands than rows (empty bands), each with every fused depth.
TEST(OpenMPCli, TemporalBandsAndDepthsVerify) {
  for (const std::string chunks : {"1", "7", "37", "60"}) {
    for (const std::string fuse : {"1", "2", "4", "8"}) {
      const auto r = miniapp({"-impl", "openmp", "-variant", "temporal", "-n", "37", "-iters", "16",
                              "-fuse", fuse, "-chunks", chunks, "-verify", "-csv"});
      ASSERT_EQ(r.exit_code, 0) << "chunks=" << chunks << " fuse=" << fuse << ": " << r.err;
      EXPECT_EQ(csv_result(r.out)["verification"].rfind("PASSED", 0), 0u)
          << "chunks=" << chunks << " fuse=" << fuse << " " << r.out;
    }
  }
}

TEST(OpenMPCli, KnownAnswers) {
  std::ifstream table(STENCIL_INPUTS_DIR "/known_answers.csv");
  ASSERT_TRUE(table) << "missing inputs/known_answers.csv";
  std::string line;
  int checked = 0;
  while (std::getline(table, line)) {
    if (line.empty() || line[0] == '#' || line.rfind("dimensions", 0) == 0)
      continue;
    const auto f = split_csv(line);
    ASSERT_EQ(f.size(), 5u) << line;
    const double expected = std::stod(f[4]);
    for (const auto* v : openmp_variants()) {
      if (v->dimensions != std::stoi(f[0]))
        continue;
      std::vector<std::string> args = {"-impl", "openmp", "-variant", std::string(v->name),
                                       "-n",    f[1],     "-iters",   f[2],
                                       "-seed", f[3],     "-csv"};
      for (const auto& a : fuse_args(*v, std::stoi(f[2])))
        args.push_back(a);
      const auto r = miniapp(args);
      ASSERT_EQ(r.exit_code, 0) << r.err;
      const double checksum = std::stod(csv_result(r.out)["checksum"]);
      ASSERT_FALSE(std::isnan(checksum)) << v->name << " " << line;
      EXPECT_NEAR(checksum, expected, 1e-12 * std::fabs(expected)) << v->name << " " << line;
      ++checked;
    }
  }
  EXPECT_GE(checked, 10);
}

// Kokkos' OpenMP backend warns on stderr unless OMP_PROC_BIND is set; the error-line checks
// must see only the mini-app's own line, whatever the caller's environment.
const std::string kQuietKokkos = "OMP_PROC_BIND=false";

void expect_one_error_line(const ProcessResult& r, const std::string& message) {
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_EQ(r.err.rfind("stencil_miniapp: error: ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find(message), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
}

TEST(OpenMPCli, VariantsWithoutAKernelAreRefused) {
  int refused = 0;
  for (const auto& v : kVariants) {
    if (v.implemented_by("openmp"))
      continue;
    const auto r =
        miniapp({"-impl", "openmp", "-variant", std::string(v.name), "-n", "16"}, kQuietKokkos);
    expect_one_error_line(r, "-impl openmp has no kernel for variant " + std::string(v.name));
    ++refused;
  }
  EXPECT_EQ(refused, static_cast<int>(std::size(kVariants)) - 5);
}

TEST(OpenMPCli, KokkosSpaceIsRefused) {
  expect_one_error_line(miniapp({"-impl", "openmp", "-space", "serial", "-n", "16"}, kQuietKokkos),
                        "-impl openmp runs on its own OpenMP threads; drop -space 'serial'");
}

}  // namespace
}  // namespace stencil::test
