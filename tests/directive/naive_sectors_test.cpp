// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// -profile sectors on a directive model's GPU kernels (label gpu): the real binary counts the
// sectors of the kernel the model's runtime (libgomp, libomptarget) launches on the CUDA driver,
// at the lessons' profile (N = 4096, 100 launches in one scope). The naive loop nest, mapped with
// consecutive x on consecutive lanes, issues what the native CUDA naive kernel issues
// (tests/sector_model.cpp); never less than one read and one write per cell. Skips where this
// machine cannot profile. Runs the stencil_miniapp beside this executable (a packed build's
// bin/), else the build's.
#include <gtest/gtest.h>
#include <unistd.h>

#include <climits>
#include <cstdio>
#include <sstream>
#include <string>

#include "process.hpp"
#include "profile_report.hpp"
#include "sector_model.hpp"

#define STENCIL_STRINGIFY_(x) #x
#define STENCIL_STRINGIFY(x) STENCIL_STRINGIFY_(x)

namespace stencil::test {
namespace {

constexpr double kDerivationTolerance = 0.01;  // as the native CUDA gates
const std::string kModel = STENCIL_STRINGIFY(STENCIL_TEST_MODEL);

std::string miniapp_path() {
  char self[PATH_MAX];
  const ssize_t length = readlink("/proc/self/exe", self, sizeof self - 1);
  if (length > 0) {
    std::string beside(self, static_cast<std::size_t>(length));
    beside = beside.substr(0, beside.rfind('/') + 1) + "stencil_miniapp";
    if (access(beside.c_str(), X_OK) == 0)
      return beside;
  }
  return STENCIL_MINIAPP_PATH;
}

ProcessResult miniapp(const std::vector<std::string>& args) {
  return run_program(miniapp_path(), args);
}

// True where -list-models shows the model with grids in CUDA memory (its -space gpu).
bool model_has_gpu_space(const std::string& models) {
  std::istringstream in(models);
  std::string backend, model, space, memory, rest;
  while (in >> backend >> model >> space >> memory) {
    std::getline(in, rest);
    if (model == kModel && memory == "cuda")
      return true;
  }
  return false;
}

TEST(DirectiveSectors, NaiveMatchesTheNaiveDerivationAndReadsEveryCell) {
  if (const std::string reason = profiling_unavailable(miniapp({"-list"}).out); !reason.empty())
    GTEST_SKIP() << reason;
  if (!model_has_gpu_space(miniapp({"-list-models"}).out))
    GTEST_SKIP() << kModel << " has no GPU space in this build (-list-models)";
  const int n = profile_size(Variant::naive);
  const Measurement m = parse_report(
      miniapp({"-profile", "sectors", "-impl", kModel, "-space", "gpu", "-variant", "naive", "-n",
               std::to_string(n), "-iters", std::to_string(kLaunches), "-csv", "--no-progress"}));
  ASSERT_TRUE(m.failure.empty()) << m.failure;
  EXPECT_EQ(m.launches_recorded, static_cast<std::uint64_t>(kLaunches)) << describe(m);
  // One 4-byte read and one 4-byte write per cell update, in 32-byte sectors.
  const double cell_updates = static_cast<double>(n) * n * kLaunches;
  const double ideal = cell_updates * 8.0 / 32.0;
  const double derived =
      static_cast<double>(derived_sectors_per_launch(Variant::naive, n, 1).total()) * kLaunches;
  const double total = static_cast<double>(m.total);
  EXPECT_GE(total, ideal) << describe(m);
  EXPECT_NEAR(total, derived, kDerivationTolerance * derived) << describe(m);
  std::printf(
      "[ sectors  ] %s naive measured %llu  derived %.0f (%+.3f%%)  per cell update %.3f"
      " (ideal 0.250)  regs %s  occupancy %s  block %s  grid %s\n",
      kModel.c_str(), static_cast<unsigned long long>(m.total), derived,
      100.0 * (total - derived) / derived, total / cell_updates,
      field(m, "registers_per_thread").c_str(), field(m, "theoretical_occupancy").c_str(),
      field(m, "block").c_str(), field(m, "grid").c_str());
}

}  // namespace
}  // namespace stencil::test
