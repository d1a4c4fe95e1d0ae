// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A grid of more than 2^31 cells through the HDF5 path on the CPU: saved as a run saves it, read
// back whole as a restart reads it (content hash verified), and compared by stencil_check, which
// must name a difference placed past cell 2^31 at its true (x, y). The smallest square grid that
// crosses 2^31 cells is N = 46341 (2^31 + 4633 cells, 8.6 GB per grid); stencil_check holds two
// such grids at once, so the test skips where free host memory is short. Then a host model steps
// a grid of that size with -verify. Label `large`.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "io/grid_reader.hpp"
#include "io/grid_writer.hpp"
#include "process.hpp"
#include "stencil/memory_budget.hpp"

namespace stencil::test {
namespace {

namespace fs = std::filesystem;

constexpr int kN = 46341;
constexpr std::size_t kCells = std::size_t{kN} * kN;
static_assert(kCells > (std::size_t{1} << 31), "the grid must cross 2^31 cells");
// The changed cell of file B: past 2^31, where a 32-bit offset would have wrapped.
constexpr std::size_t kChanged = (std::size_t{1} << 31) + 1000;

// Exactly representable values that repeat every 8191 cells (a prime, not a divisor of 2^32), so
// a cell read from an offset wrapped at 2^31 or 2^32 holds another value.
float value_at(std::size_t i) {
  return static_cast<float>(i % 8191) * 0.125f;
}

io::RunMetadata metadata() {
  io::RunMetadata m;
  m.dimensions = 2;
  m.n = kN;
  m.variant = "naive";
  m.implementation = "openmp";
  m.execution_space = "host";
  m.app_version = "test";
  m.app_commit = "test";
  m.initial_state = "value_at(i)";
  m.save_every = 0;
  return m;
}

void save(const fs::path& path, const std::vector<float>& cells) {
  io::GridFileWriter writer(path.string(), metadata(), false);
  writer.write_step(0, cells);
  writer.commit();
}

TEST(LargeGrid, SavedReadAndComparedPastTwoToThe31Cells) {
  const std::size_t grid_bytes = kCells * sizeof(float);
  const std::size_t needed = 2 * grid_bytes + (std::size_t{2} << 30);
  if (host_available_bytes() < needed) {
    GTEST_SKIP() << "needs " << format_bytes(static_cast<double>(needed))
                 << " of free host memory (two grids of N = " << kN << " and a margin), has "
                 << format_bytes(static_cast<double>(host_available_bytes()));
  }
  const fs::path dir = fs::temp_directory_path() / ("stencil_large_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  if (fs::space(dir).available < 3 * grid_bytes) {
    fs::remove_all(dir);
    GTEST_SKIP() << "needs " << format_bytes(3.0 * static_cast<double>(grid_bytes))
                 << " of free disk in " << dir.parent_path();
  }
  {
    std::vector<float> cells(kCells);
    for (std::size_t i = 0; i < kCells; ++i)
      cells[i] = value_at(i);
    save(dir / "a.h5", cells);
    cells[kChanged] += 1.0f;
    save(dir / "b.h5", cells);
  }

  {
    const io::GridState state = io::read_grid({(dir / "a.h5").string(), ""});
    EXPECT_EQ(state.dimensions, 2);
    EXPECT_EQ(state.n, kN);
    EXPECT_EQ(state.unverified_reason, "");  // the content hash over all cells matched
    ASSERT_EQ(state.cells.size(), kCells);
    const std::vector<float>& cells = state.cells.values<float>();
    std::size_t wrong = 0, first_wrong = 0;
    for (std::size_t i = 0; i < kCells; ++i) {
      if (cells[i] != value_at(i) && wrong++ == 0)
        first_wrong = i;
    }
    EXPECT_EQ(wrong, 0u) << "first at cell " << first_wrong;
  }

  const ProcessResult same =
      run_program(STENCIL_CHECK_PATH, {(dir / "a.h5").string(), (dir / "a.h5").string()});
  EXPECT_EQ(same.exit_code, 0) << same.out << same.err;
  const ProcessResult differs =
      run_program(STENCIL_CHECK_PATH, {(dir / "b.h5").string(), (dir / "a.h5").string()});
  EXPECT_EQ(differs.exit_code, 1) << differs.out << differs.err;
  const std::string where =
      "(x=" + std::to_string(kChanged % kN) + ", y=" + std::to_string(kChanged / kN) + ")";
  EXPECT_NE(differs.out.find(where), std::string::npos) << "expected " << where << "\n"
                                                        << differs.out << differs.err;
  EXPECT_NE(differs.out.find(std::to_string(kN) + " x " + std::to_string(kN) + " cells"),
            std::string::npos)
      << differs.out;
  fs::remove_all(dir);
}

// A host model stepping the same size: -impl openmp naive with -verify holds five grids in host
// memory (the two it steps, the initial state, the reference's two), every row base past 2^31
// cells a 64-bit offset in the kernels and in the reference loop alike.
TEST(LargeGrid, HostModelStepsPastTwoToThe31CellsBitForBit) {
  const std::size_t needed = 5 * kCells * sizeof(float) + (std::size_t{2} << 30);
  if (host_available_bytes() < needed) {
    GTEST_SKIP() << "needs " << format_bytes(static_cast<double>(needed))
                 << " of free host memory (five grids of N = " << kN << " and a margin), has "
                 << format_bytes(static_cast<double>(host_available_bytes()));
  }
  const ProcessResult run = run_program(
      STENCIL_MINIAPP_PATH, {"-impl", "openmp", "-variant", "naive", "-n", std::to_string(kN),
                             "-iters", "2", "-verify", "-csv", "--no-progress"});
  if (run.exit_code == 2 && run.err.find("-impl") != std::string::npos)
    GTEST_SKIP() << "this build has no openmp model: " << run.err;
  EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
  EXPECT_NE(run.out.find("PASSED (bit-identical to the reference loop)"), std::string::npos)
      << run.out << run.err;
}

// The 1-D variants past 2^31 cells on a host model, through the whole run: N = 2^31 + 9 (a tail
// past a 256-cell block) from the parser to -verify's comparison with the reference loop, every
// cell index 64-bit. Five grids of 8.6 GB in host memory.
TEST(LargeGrid, HostModelStepsOneDPastTwoToThe31CellsBitForBit) {
  const std::string n = std::to_string((std::int64_t{1} << 31) + 9);
  const std::size_t needed =
      5 * ((std::size_t{1} << 31) + 9) * sizeof(float) + (std::size_t{2} << 30);
  if (host_available_bytes() < needed) {
    GTEST_SKIP() << "needs " << format_bytes(static_cast<double>(needed))
                 << " of free host memory (five grids of N = " << n << " and a margin), has "
                 << format_bytes(static_cast<double>(host_available_bytes()));
  }
  for (const char* variant : {"naive1d", "halo1d"}) {
    const ProcessResult run =
        run_program(STENCIL_MINIAPP_PATH, {"-impl", "openmp", "-variant", variant, "-n", n,
                                           "-iters", "2", "-verify", "-csv", "--no-progress"});
    if (run.exit_code == 2 && run.err.find("-impl") != std::string::npos)
      GTEST_SKIP() << "this build has no openmp model: " << run.err;
    EXPECT_EQ(run.exit_code, 0) << variant << ": " << run.out << run.err;
    EXPECT_NE(run.out.find("PASSED (bit-identical to the reference loop)"), std::string::npos)
        << variant << ": " << run.out << run.err;
    EXPECT_NE(run.out.find("," + n + ","), std::string::npos) << run.out;  // the CSV's N
  }
}

}  // namespace
}  // namespace stencil::test
