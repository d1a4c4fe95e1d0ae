// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// GPU gates of the built-in CUPTI sector counter at the lessons' profile, 2-D N = 4096 and
// 1-D N = 2^24 (docs/sectors.md), 100 launches in one counting scope, strip and rolling with
// 256-thread blocks and 16 row chunks. Every measurement is a run of the real binary with
// -profile sectors -csv, so the gates test exactly what a user runs. Skips where no GPU is usable.
// Run the executable directly (not through ctest) to see the CUDA/Kokkos comparison lines.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <map>
#include <sstream>

#include "process.hpp"
#include "profile_report.hpp"
#include "sector_model.hpp"
#include "variant_printer.hpp"

namespace stencil::test {
namespace {

constexpr int kChunks = 16;
constexpr double kDerivationTolerance = 0.01;
constexpr double kSeedStripSectors = 853e6;   // lesson 000: the strip starter
constexpr double kSeedStripTolerance = 0.03;  // the lesson gives the count as "about"
constexpr std::uint64_t kRollingGate = 530'000'000;

ProcessResult miniapp(const std::vector<std::string>& args) {
  return run_program(STENCIL_MINIAPP_PATH, args);
}

const std::string& list_output() {
  static const std::string out = miniapp({"-list"}).out;
  return out;
}

// "" when -profile sectors can run here, else why not.
std::string gpu_skip_reason() {
  return profiling_unavailable(list_output());
}

bool kokkos_has_cuda_space() {
  for (const auto& space : list_section(list_output(), "kokkos execution spaces")) {
    if (space == "cuda")
      return true;
  }
  return false;
}

// One profile run of `variant` on `implementation`, cached for the life of the test program.
const Measurement& measure(const std::string& implementation, Variant variant) {
  static std::map<std::pair<std::string, Variant>, Measurement> cache;
  const auto key = std::make_pair(implementation, variant);
  if (auto it = cache.find(key); it != cache.end())
    return it->second;

  std::vector<std::string> args = {"-profile", "sectors",
                                   "-variant", std::string(info(variant).name),
                                   "-impl",    implementation,
                                   "-n",       std::to_string(profile_size(variant)),
                                   "-iters",   std::to_string(kLaunches),
                                   "-csv",     "--no-progress"};
  if (info(variant).uses_chunks())
    args.insert(args.end(), {"-chunks", std::to_string(kChunks)});
  if (implementation == "kokkos") {
    args.push_back("-space");
    args.push_back("cuda");
  }
  return cache.emplace(key, parse_report(miniapp(args))).first->second;
}

double relative_gap(double measured, double expected) {
  return (measured - expected) / expected;
}

#define SKIP_WITHOUT_GPU()                                             \
  do {                                                                 \
    if (const std::string reason = gpu_skip_reason(); !reason.empty()) \
      GTEST_SKIP() << reason;                                          \
  } while (0)

const auto kAllVariants = ::testing::Values(Variant::naive, Variant::tiled, Variant::strip,
                                            Variant::rolling, Variant::naive1d, Variant::halo1d);
std::string variant_name(const ::testing::TestParamInfo<Variant>& p) {
  return std::string(info(p.param).name);
}

// ---- native CUDA: the counts hold to the derivation ----------------------------------------

class CudaSectors : public ::testing::TestWithParam<Variant> {};

TEST_P(CudaSectors, MatchTheDerivationWithinOnePercent) {
  SKIP_WITHOUT_GPU();
  const Variant v = GetParam();
  const Measurement& m = measure("cuda", v);
  ASSERT_TRUE(m.failure.empty()) << m.failure;
  const Sectors per_launch = derived_sectors_per_launch(v, profile_size(v), kChunks);
  const double total = static_cast<double>(per_launch.total()) * kLaunches;
  const double load = static_cast<double>(per_launch.load) * kLaunches;
  const double store = static_cast<double>(per_launch.store) * kLaunches;
  EXPECT_EQ(m.launches_recorded, static_cast<std::uint64_t>(kLaunches)) << describe(m);
  EXPECT_NEAR(static_cast<double>(m.total), total, kDerivationTolerance * total) << describe(m);
  if (!field(m, "load_sectors").empty()) {
    EXPECT_NEAR(static_cast<double>(m.load), load, kDerivationTolerance * load) << describe(m);
    EXPECT_NEAR(static_cast<double>(m.store), store, kDerivationTolerance * store) << describe(m);
  }
  std::printf("[ derived  ] cuda %-8s measured %12llu  derived %12.0f  (%+.3f%%)\n",
              std::string(info(v).name).c_str(), static_cast<unsigned long long>(m.total), total,
              100.0 * relative_gap(static_cast<double>(m.total), total));
}

// The report carries registers, shared memory, occupancy and time beside the sectors.
TEST_P(CudaSectors, ReportRegistersSharedMemoryOccupancyAndTime) {
  SKIP_WITHOUT_GPU();
  const Variant v = GetParam();
  const Measurement& m = measure("cuda", v);
  ASSERT_TRUE(m.failure.empty()) << m.failure;
  auto f = m.field;  // a copy: operator[] reads absent fields as ""
  EXPECT_FALSE(f["registers_per_thread"].empty()) << describe(m);
  EXPECT_FALSE(f["static_smem_bytes"].empty()) << describe(m);
  ASSERT_FALSE(f["theoretical_occupancy"].empty()) << describe(m);
  const double occupancy = std::stod(f["theoretical_occupancy"]);
  EXPECT_GT(occupancy, 0.0);
  EXPECT_LE(occupancy, 1.0);
  ASSERT_FALSE(f["time_per_launch_ms"].empty()) << describe(m);
  EXPECT_GT(std::stod(f["time_per_launch_ms"]), 0.0);
  // Shapes fixed by the kernels' contracts.
  if (v == Variant::strip || v == Variant::rolling) {
    EXPECT_EQ(f["block"], "256x1x1");
    EXPECT_EQ(f["grid"], "16x16x1");
    EXPECT_EQ(f["static_smem_bytes"], "1032");  // the 258-float shared row
    EXPECT_EQ(f["dynamic_smem_bytes"], "0");
  }
  if (v == Variant::halo1d) {
    EXPECT_EQ(f["dynamic_smem_bytes"], "1032");  // the 258-float dynamic tile
  }
  if (v == Variant::tiled) {
    EXPECT_EQ(f["block"], "32x8x1");
    // The 34x10 tile stored transposed: 34 rows of kDefaultTiledPitch floats (docs/lesson004.md).
    EXPECT_EQ(f["static_smem_bytes"],
              std::to_string((kTileWidth + 2) * kDefaultTiledPitch * sizeof(float)));
  }
}

INSTANTIATE_TEST_SUITE_P(Profile, CudaSectors, kAllVariants, variant_name);

// ---- the lesson gates ------------------------------------------------------------------------

TEST(SectorGates, CudaStripLandsNearTheSeedStarter) {
  SKIP_WITHOUT_GPU();
  const Measurement& m = measure("cuda", Variant::strip);
  ASSERT_TRUE(m.failure.empty()) << m.failure;
  EXPECT_NEAR(static_cast<double>(m.total), kSeedStripSectors,
              kSeedStripTolerance * kSeedStripSectors)
      << describe(m);
}

TEST(SectorGates, CudaRollingAtOrUnderTheGate) {
  SKIP_WITHOUT_GPU();
  const Measurement& m = measure("cuda", Variant::rolling);
  ASSERT_TRUE(m.failure.empty()) << m.failure;
  EXPECT_LE(m.total, kRollingGate) << describe(m);
}

TEST(SectorGates, CudaTiledUnderNaive) {
  SKIP_WITHOUT_GPU();
  const Measurement& tiled = measure("cuda", Variant::tiled);
  const Measurement& naive = measure("cuda", Variant::naive);
  ASSERT_TRUE(tiled.failure.empty()) << tiled.failure;
  ASSERT_TRUE(naive.failure.empty()) << naive.failure;
  EXPECT_LT(tiled.total, naive.total) << describe(tiled) << describe(naive);
}

TEST(SectorGates, CudaHalo1dAtMostHalfOfNaive1d) {
  SKIP_WITHOUT_GPU();
  const Measurement& halo = measure("cuda", Variant::halo1d);
  const Measurement& naive = measure("cuda", Variant::naive1d);
  ASSERT_TRUE(halo.failure.empty()) << halo.failure;
  ASSERT_TRUE(naive.failure.empty()) << naive.failure;
  EXPECT_LE(2 * halo.total, naive.total) << describe(halo) << describe(naive);
}

// ---- stream issues one read and one write per cell, within 1% -----------------------------------

class StreamSectors : public ::testing::TestWithParam<int> {};

TEST_P(StreamSectors, WithinOnePercentOfOneReadAndOneWritePerCell) {
  SKIP_WITHOUT_GPU();
  const int n = GetParam();
  constexpr int kStreamLaunches = 20;
  // The default chunking, as a user runs it.
  const Measurement m = parse_report(miniapp(
      {"-profile", "sectors", "-variant", "stream", "-impl", "cuda", "-n", std::to_string(n),
       "-iters", std::to_string(kStreamLaunches), "-csv", "--no-progress"}));
  ASSERT_TRUE(m.failure.empty()) << m.failure;
  // 4 bytes read and 4 written per cell, in 32-byte sectors.
  const double ideal = static_cast<double>(n) * n * kStreamLaunches * 8.0 / 32.0;
  EXPECT_GE(static_cast<double>(m.total), ideal) << describe(m);
  EXPECT_LE(static_cast<double>(m.total), 1.01 * ideal) << describe(m);
  std::printf("[ stream   ] n %-6d measured %12llu  ideal %12.0f  (%+.3f%%)\n", n,
              static_cast<unsigned long long>(m.total), ideal,
              100.0 * relative_gap(static_cast<double>(m.total), ideal));
}

INSTANTIATE_TEST_SUITE_P(Profile, StreamSectors, ::testing::Values(4096, 16384));

// ---- Kokkos beside CUDA ---------------------------------------------------------------------

// Reported, not gated: the Kokkos kernels follow the same contracts, and docs/sectors.md explains
// why their sectors should match the native ones; the printed gap is what to check there.
class KokkosSectors : public ::testing::TestWithParam<Variant> {};

TEST_P(KokkosSectors, ReportedBesideCuda) {
  SKIP_WITHOUT_GPU();
  if (!kokkos_has_cuda_space())
    GTEST_SKIP() << "this build's Kokkos has no CUDA execution space";
  const Variant v = GetParam();
  const Measurement& kokkos = measure("kokkos", v);
  const Measurement& cuda = measure("cuda", v);
  ASSERT_TRUE(kokkos.failure.empty()) << kokkos.failure;
  ASSERT_TRUE(cuda.failure.empty()) << cuda.failure;
  EXPECT_EQ(kokkos.launches_recorded, static_cast<std::uint64_t>(kLaunches)) << describe(kokkos);
  EXPECT_GT(kokkos.total, 0u) << describe(kokkos);
  const double derived =
      static_cast<double>(derived_sectors_per_launch(v, profile_size(v), kChunks).total()) *
      kLaunches;
  const std::string name(info(v).name);
  RecordProperty("kokkos_sectors_" + name, std::to_string(kokkos.total));
  RecordProperty("cuda_sectors_" + name, std::to_string(cuda.total));
  std::printf(
      "[ kokkos   ] %-8s kokkos %12llu  cuda %12llu (%+.3f%%)  derived %12.0f (%+.3f%%)  regs %s/%s"
      "  occupancy %s/%s  ms/launch %s/%s\n",
      name.c_str(), static_cast<unsigned long long>(kokkos.total),
      static_cast<unsigned long long>(cuda.total),
      100.0 * relative_gap(static_cast<double>(kokkos.total), static_cast<double>(cuda.total)),
      derived, 100.0 * relative_gap(static_cast<double>(kokkos.total), derived),
      field(kokkos, "registers_per_thread").c_str(), field(cuda, "registers_per_thread").c_str(),
      field(kokkos, "theoretical_occupancy").c_str(), field(cuda, "theoretical_occupancy").c_str(),
      field(kokkos, "time_per_launch_ms").c_str(), field(cuda, "time_per_launch_ms").c_str());
}

INSTANTIATE_TEST_SUITE_P(Profile, KokkosSectors, kAllVariants, variant_name);

}  // namespace
}  // namespace stencil::test
