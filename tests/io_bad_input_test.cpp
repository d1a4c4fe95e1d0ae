// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Every kind of unusable input the reader must refuse with one clear FileRejected: missing, not
// HDF5, truncated, corrupt; a dataset that is missing, of the wrong rank, shape or type (only
// IEEE float32 and float64 are grid states), or holds NaN/Inf or values past the restart bound. The
// bad files are made with HDF5's C API (h5_fixtures), not with the code under test.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <limits>

#include "h5_fixtures.hpp"
#include "io/errors.hpp"
#include "io/grid_reader.hpp"
#include "io/grid_writer.hpp"

namespace stencil::test {
namespace {

// The reader's message for `spec`, or "" when it did not refuse it.
std::string refusal(const std::string& file, const std::string& dataset, int dimensions = 2) {
  try {
    io::read_grid({file, dataset}, {dimensions, "the 2-D variant 'tiled'", false});
  } catch (const io::FileRejected& e) {
    return e.what();
  }
  return "";
}

// The reader's message for `file` under `rules`, or "" when it did not refuse it.
std::string refusal_under(const std::string& file, const io::ReadRules& rules) {
  try {
    io::read_grid({file, ""}, rules);
  } catch (const io::FileRejected& e) {
    return e.what();
  }
  return "";
}

#define EXPECT_REFUSED(message, fragment) \
  EXPECT_NE(std::string(message).find(fragment), std::string::npos) << (message)

class BadInput : public ::testing::Test {
 protected:
  TempDir dir;
  std::string good = dir / "good.h5";    // as another tool would write it
  std::string saved = dir / "saved.h5";  // as the mini-app writes it
  void SetUp() override {
    const std::vector<float> ones(64 * 64, 1.0f);
    write_floats(good, "/step_000000/u", {64, 64}, ones, true, 0);
    io::RunMetadata m;
    m.n = 64;
    io::GridFileWriter writer(saved, m, false);
    writer.write_step(0, ones);
    writer.commit();
  }
};

TEST_F(BadInput, MissingFile) {
  EXPECT_REFUSED(refusal(dir / "nope.h5", ""),
                 "input file '" + (dir / "nope.h5") + "' does not exist");
}

TEST_F(BadInput, DirectoryInsteadOfFile) {
  EXPECT_REFUSED(refusal(dir.path(), ""), "is not a regular file");
}

TEST_F(BadInput, NotHdf5) {
  write_bytes(dir / "notes.h5", "grid states are kept in HDF5 files\n");
  EXPECT_REFUSED(refusal(dir / "notes.h5", ""), "is not an HDF5 file");
  write_bytes(dir / "empty.h5", "");
  EXPECT_REFUSED(refusal(dir / "empty.h5", ""), "is not an HDF5 file");
}

TEST_F(BadInput, Truncated) {
  const std::string bytes = read_bytes(saved);
  for (const std::size_t keep : {bytes.size() / 2, bytes.size() - 1, std::size_t{600}}) {
    write_bytes(dir / "cut.h5", bytes.substr(0, keep));
    EXPECT_REFUSED(refusal(dir / "cut.h5", ""), "truncated or corrupt");
  }
}

TEST_F(BadInput, CorruptMetadata) {
  std::string bytes = read_bytes(saved);
  bytes[12] = static_cast<char>(bytes[12] ^ 0x5a);  // inside the checksummed superblock
  write_bytes(dir / "bad_superblock.h5", bytes);
  EXPECT_REFUSED(refusal(dir / "bad_superblock.h5", ""), "corrupt");
}

TEST_F(BadInput, CorruptDataFailsTheChecksum) {
  // 1.0f is 00 00 80 3f; flip one bit in the middle of the run of them.
  std::string bytes = read_bytes(saved);
  const std::string ones(std::string("\x00\x00\x80\x3f", 4));
  std::string run;
  for (int i = 0; i < 64; ++i)
    run += ones;
  const auto at = bytes.find(run);
  ASSERT_NE(at, std::string::npos);
  bytes[at + 130] = static_cast<char>(bytes[at + 130] ^ 0x01);
  write_bytes(dir / "bad_data.h5", bytes);
  const std::string message = refusal(dir / "bad_data.h5", "");
  EXPECT_REFUSED(message, "is truncated or corrupt");
  EXPECT_REFUSED(message, "checksum");
}

TEST_F(BadInput, DatasetMissing) {
  EXPECT_REFUSED(refusal(good, "/step_000050/u"), "has no dataset '/step_000050/u'");
  EXPECT_REFUSED(refusal(good, "/step_000000/v"), "has no dataset '/step_000000/v'");
  EXPECT_REFUSED(refusal(good, "/step_000000/u/deeper"), "has no dataset");
  write_floats(dir / "other.h5", "/temperature", {4, 4}, std::vector<float>(16, 1.0f));
  EXPECT_REFUSED(refusal(dir / "other.h5", ""), "holds no grid state (no /step_*/u, no /u)");
}

TEST_F(BadInput, GroupInsteadOfDataset) {
  EXPECT_REFUSED(refusal(good, "/step_000000"), "is a group, not a dataset");
  EXPECT_REFUSED(refusal(good, "/"), "is a group, not a dataset");
}

TEST_F(BadInput, WrongRank) {
  write_floats(dir / "line.h5", "/u", {64}, std::vector<float>(64, 1.0f));
  EXPECT_REFUSED(refusal(dir / "line.h5", ""),
                 "has rank 1 (N cells), but the 2-D variant 'tiled' needs rank 2 (N x N)");
  EXPECT_REFUSED(refusal(good, "", 1), "has rank 2 (N x N), but");
  write_floats(dir / "cube.h5", "/u", {4, 4, 4}, std::vector<float>(64, 1.0f));
  EXPECT_REFUSED(refusal(dir / "cube.h5", ""), "has rank 3;");
  const float one = 1.0f;
  write_dataset(dir / "scalar.h5", "/u", H5T_IEEE_F32LE, H5T_NATIVE_FLOAT, {}, &one);
  EXPECT_REFUSED(refusal(dir / "scalar.h5", ""), "has rank 0;");
}

TEST_F(BadInput, NonSquare) {
  write_floats(dir / "wide.h5", "/u", {16, 32}, std::vector<float>(512, 1.0f));
  EXPECT_REFUSED(refusal(dir / "wide.h5", ""), "is 16 x 32; a 2-D grid state must be square");
}

TEST_F(BadInput, OnlyIeeeFloat32AndFloat64AreGridStates) {
  const std::vector<int> ints(64, 1);
  write_dataset(dir / "ints.h5", "/u", H5T_STD_I32LE, H5T_NATIVE_INT, {8, 8}, ints.data());
  EXPECT_REFUSED(refusal(dir / "ints.h5", ""),
                 "holds 32-bit integers; a grid state is float32 or float64");
  const hid_t half = half_float_type();
  write_dataset(dir / "halves.h5", "/u", half, H5T_NATIVE_FLOAT, {8, 8}, nullptr, true);
  H5Tclose(half);
  const std::string message = refusal(dir / "halves.h5", "");
  EXPECT_REFUSED(message, "input '" + (dir / "halves.h5") +
                              ":/u' holds 16-bit floats; a grid state is float32 or float64");
  EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  // float64 in big-endian order (as another machine writes it) is read as the same doubles.
  std::vector<double> doubles(64);
  for (std::size_t i = 0; i < doubles.size(); ++i)
    doubles[i] = 1.0 + std::ldexp(static_cast<double>(i), -40);
  write_doubles(dir / "big_endian.h5", "/u", {8, 8}, doubles, false, {}, H5T_IEEE_F64BE);
  const io::GridState state = io::read_grid({dir / "big_endian.h5", ""});
  ASSERT_EQ(state.cells.precision(), Precision::fp64);
  EXPECT_EQ(std::memcmp(state.cells.data(), doubles.data(), doubles.size() * sizeof(double)), 0);
}

TEST_F(BadInput, NotFinite) {
  std::vector<float> cells(8 * 8, 1.0f);
  cells[2 * 8 + 3] = std::numeric_limits<float>::quiet_NaN();
  write_floats(dir / "nan.h5", "/u", {8, 8}, cells);
  EXPECT_REFUSED(refusal(dir / "nan.h5", ""),
                 "contains 1 non-finite cell (first: NaN at (x=3, y=2))");
  cells[2 * 8 + 3] = 1.0f;
  cells[5 * 8 + 1] = std::numeric_limits<float>::infinity();
  cells[6 * 8 + 1] = -std::numeric_limits<float>::infinity();
  write_floats(dir / "inf.h5", "/u", {8, 8}, cells);
  EXPECT_REFUSED(refusal(dir / "inf.h5", ""),
                 "contains 2 non-finite cells (first: Inf at (x=1, y=5))");
  // stencil_check reads such states to report them.
  EXPECT_NO_THROW(io::read_grid({dir / "inf.h5", ""}, {0, "", true}));
}

TEST_F(BadInput, EmptyOrTooLarge) {
  write_floats(dir / "empty.h5", "/u", {0, 0}, {});
  EXPECT_REFUSED(refusal(dir / "empty.h5", ""), "is empty");
  // Declared 400000 x 400000 (640 GB, far past 2^31 cells) but never written: a valid shape,
  // refused as incomplete before anything is allocated.
  write_dataset(dir / "huge.h5", "/u", H5T_IEEE_F32LE, H5T_NATIVE_FLOAT, {400000, 400000}, nullptr,
                true);
  EXPECT_REFUSED(refusal(dir / "huge.h5", ""), "is missing from the chunk index");
  // A 2-D N is at most 2147483647 (its kernels index a row in an int).
  write_dataset(dir / "wide.h5", "/u", H5T_IEEE_F32LE, H5T_NATIVE_FLOAT, {3000000000, 3000000000},
                nullptr, true);
  EXPECT_REFUSED(refusal(dir / "wide.h5", "", 2),
                 "has N = 3000000000, more than the 2147483647 a 2-D grid may have");
  // A 1-D N past an int is a valid shape (memory alone limits it): this one, never written, is
  // refused as incomplete before anything is allocated.
  write_dataset(dir / "long.h5", "/u", H5T_IEEE_F32LE, H5T_NATIVE_FLOAT, {3000000000}, nullptr,
                true);
  EXPECT_REFUSED(refusal(dir / "long.h5", "", 1), "is missing from the chunk index");
}

TEST_F(BadInput, BadIterationAttribute) {
  write_floats(dir / "negative.h5", "/u", {4, 4}, std::vector<float>(16, 1.0f), false, -3);
  EXPECT_REFUSED(refusal(dir / "negative.h5", ""), "attribute 'iteration' that is not one integer");
}

// Writes a uint64 `iteration` attribute on `file`:/u.
void write_unsigned_iteration(const std::string& file, unsigned long long value) {
  write_floats(file, "/u", {4, 4}, std::vector<float>(16, 1.0f));
  const hid_t h5 = H5Fopen(file.c_str(), H5F_ACC_RDWR, H5P_DEFAULT);
  const hid_t d = H5Dopen2(h5, "/u", H5P_DEFAULT);
  const hid_t scalar = H5Screate(H5S_SCALAR);
  const hid_t a = H5Acreate2(d, "iteration", H5T_STD_U64LE, scalar, H5P_DEFAULT, H5P_DEFAULT);
  H5Awrite(a, H5T_NATIVE_ULLONG, &value);
  H5Aclose(a);
  H5Sclose(scalar);
  H5Dclose(d);
  H5Fclose(h5);
}

// HDF5 would clamp these to INT64_MAX when converting them; they are refused instead.
TEST_F(BadInput, UnsignedIterationPastInt64IsRefused) {
  for (const unsigned long long value : {1ULL << 63, ~0ULL}) {
    const std::string file = dir / ("u64_" + std::to_string(value) + ".h5");
    write_unsigned_iteration(file, value);
    EXPECT_REFUSED(refusal(file, ""),
                   "attribute 'iteration' that is not one integer >= 0 that fits in int64");
  }
  write_unsigned_iteration(dir / "u64_max.h5", (1ULL << 63) - 1);
  EXPECT_EQ(io::read_grid({dir / "u64_max.h5", ""}).iteration,
            std::numeric_limits<std::int64_t>::max());
}

// Another writer's step group with more digits: the state is read from the group found.
TEST_F(BadInput, AStepGroupWithSevenDigitsIsReadByItsOwnName) {
  write_floats(dir / "seven.h5", "/step_0000012/u", {4, 4}, std::vector<float>(16, 2.0f), false,
               12);
  const io::GridState state = io::read_grid({dir / "seven.h5", ""});
  EXPECT_EQ(state.iteration, 12);
  EXPECT_EQ(state.cells.values<float>(), std::vector<float>(16, 2.0f));
}

// The bound itself is accepted, and the refusal of the next float names it exactly.
TEST_F(BadInput, TheLargeValueBoundIsPrintedExactly) {
  const float bound = std::numeric_limits<float>::max() / 8;
  EXPECT_EQ(io::max_input_magnitude(Precision::fp32), bound);
  const io::ReadRules restart{2, "a restart", false, io::max_input_magnitude(Precision::fp32)};
  std::vector<float> cells(4 * 4, 1.0f);
  cells[0] = bound;
  write_floats(dir / "bound.h5", "/u", {4, 4}, cells);
  EXPECT_NO_THROW(io::read_grid({dir / "bound.h5", ""}, restart));
  cells[0] = std::nextafter(bound, std::numeric_limits<float>::max());
  write_floats(dir / "above.h5", "/u", {4, 4}, cells);
  try {
    io::read_grid({dir / "above.h5", ""}, restart);
    ADD_FAILURE() << "a value above the bound was accepted";
  } catch (const io::FileRejected& e) {
    const std::string message = e.what();
    const auto at = message.find("larger than ");
    ASSERT_NE(at, std::string::npos) << message;
    EXPECT_EQ(std::stof(message.substr(at + 12)), bound) << message;
    // max_digits10 digits: with fewer, the printed bound lies below values that are accepted.
    EXPECT_EQ(message.substr(at + 12, 14), "4.25352933e+37") << message;
  }
}

// A float64 run's bound is DBL_MAX / 8, printed in 17 digits; it is the run's precision that
// counts, so a float32 file of FLT_MAX cells is no overflow for a float64 run.
TEST_F(BadInput, AFloat64RunHasTheFloat64Bound) {
  const io::ReadRules fp64_run{2, "a restart", false, io::max_input_magnitude(Precision::fp64)};
  std::vector<double> cells(4 * 4, 1.0);
  cells[5] = std::numeric_limits<double>::max() / 8;
  write_doubles(dir / "bound.h5", "/u", {4, 4}, cells);
  EXPECT_NO_THROW(io::read_grid({dir / "bound.h5", ""}, fp64_run));
  cells[5] = -std::nextafter(cells[5], std::numeric_limits<double>::max());
  write_doubles(dir / "above.h5", "/u", {4, 4}, cells);
  EXPECT_REFUSED(refusal_under(dir / "above.h5", fp64_run),
                 "contains 1 cell larger than 2.2471164185778946e+307 in magnitude (first: "
                 "-2.2471164185778949e+307 at (x=1, y=1))");
  write_floats(dir / "flt_max.h5", "/u", {4, 4},
               std::vector<float>(16, std::numeric_limits<float>::max()));
  EXPECT_NO_THROW(io::read_grid({dir / "flt_max.h5", ""}, fp64_run));
}

// A contiguous 16 x 16 dataset whose cells HDF5 keeps in the raw file `raw` (of `raw_cells`
// floats, 1.0 each), as h5py's `external=` makes it.
void write_external(const std::string& file, const std::string& raw, std::size_t raw_cells) {
  write_bytes(raw,
              std::string(reinterpret_cast<const char*>(std::vector<float>(raw_cells, 1.0f).data()),
                          raw_cells * sizeof(float)));
  const hid_t h5 = H5Fcreate(file.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
  const hsize_t dims[2] = {16, 16};
  const hid_t space = H5Screate_simple(2, dims, nullptr);
  const hid_t dcpl = H5Pcreate(H5P_DATASET_CREATE);
  H5Pset_external(dcpl, raw.c_str(), 0, H5F_UNLIMITED);
  const hid_t dataset = H5Dcreate2(h5, "/u", H5T_IEEE_F32LE, space, H5P_DEFAULT, dcpl, H5P_DEFAULT);
  H5Dclose(dataset);
  H5Pclose(dcpl);
  H5Sclose(space);
  H5Fclose(h5);
}

// HDF5 reads what a short raw file lacks as the fill value, without an error; the raw file has
// no checksum either. Refused, short or not.
TEST_F(BadInput, ExternalRawStorageIsRefused) {
  write_external(dir / "short.h5", dir / "short.raw", 64);
  EXPECT_REFUSED(refusal(dir / "short.h5", ""), "keeps its cells in external raw files");
  write_external(dir / "whole.h5", dir / "whole.raw", 256);
  EXPECT_REFUSED(refusal(dir / "whole.h5", ""), "keeps its cells in external raw files");
}

}  // namespace
}  // namespace stencil::test
