// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The io library: saved states read back bit for bit, the attributes a reader needs (checked with
// HDF5's C API, not with the reader under test), dataset names, and replace-by-rename outputs.
#include <gtest/gtest.h>

#include <hdf5.h>

#include <unistd.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <regex>
#include <stdexcept>

#include "h5_fixtures.hpp"
#include "io/atomic_file.hpp"
#include "io/content_hash.hpp"
#include "io/dataset_ref.hpp"
#include "io/errors.hpp"
#include "io/grid_file.hpp"
#include "io/grid_reader.hpp"
#include "io/grid_writer.hpp"

namespace stencil::test {
namespace {

io::RunMetadata metadata(int dimensions, int n) {
  io::RunMetadata m;
  m.dimensions = dimensions;
  m.n = n;
  m.variant = dimensions == 2 ? "tiled" : "halo1d";
  m.implementation = "kokkos";
  m.execution_space = "Serial";
  m.app_version = "9.8.7";
  m.app_commit = "abc123";
  m.initial_state = "random field, seed 1";
  m.save_every = 5;
  return m;
}

// Distinct, exactly representable values (k / 8), so any misplaced cell shows.
std::vector<float> ramp(std::size_t cells, float offset) {
  std::vector<float> v(cells);
  for (std::size_t i = 0; i < cells; ++i)
    v[i] = offset + static_cast<float>(i) / 8.0f;
  return v;
}

// Distinct doubles that float32 cannot hold (steps of 2^-40 beside steps of 0.25 from -2), so a
// path through float would change every cell but the first.
std::vector<double> fine_ramp(std::size_t cells) {
  std::vector<double> v(cells);
  for (std::size_t i = 0; i < cells; ++i)
    v[i] = -2.0 + 0.25 * static_cast<double>(i) + std::ldexp(static_cast<double>(i), -40);
  return v;
}

bool same_bits(const std::vector<double>& a, const std::vector<double>& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0;
}

std::string string_attribute(hid_t object, const char* name) {
  const hid_t a = H5Aopen(object, name, H5P_DEFAULT);
  EXPECT_GE(a, 0) << name;
  const hid_t type = H5Aget_type(a);
  char* text = nullptr;
  EXPECT_GE(H5Aread(a, type, &text), 0) << name;
  std::string value = text ? text : "";
  H5free_memory(text);
  H5Tclose(type);
  H5Aclose(a);
  return value;
}

long long integer_attribute(hid_t object, const char* name) {
  long long value = -1;
  const hid_t a = H5Aopen(object, name, H5P_DEFAULT);
  EXPECT_GE(H5Aread(a, H5T_NATIVE_LLONG, &value), 0) << name;
  H5Aclose(a);
  return value;
}

TEST(GridFile, StepNamesAndTheirIterations) {
  EXPECT_EQ(io::step_group_name(100), "step_000100");
  EXPECT_EQ(io::step_group_name(1234567), "step_1234567");
  EXPECT_EQ(io::step_dataset_path(7), "/step_000007/u");
  EXPECT_EQ(io::parse_step_group_name("step_000100"), 100);
  EXPECT_EQ(io::parse_step_group_name("step_1000000"), 1000000);
  EXPECT_EQ(io::parse_step_group_name("step_"), -1);
  EXPECT_EQ(io::parse_step_group_name("step_12a"), -1);
  EXPECT_EQ(io::parse_step_group_name("u"), -1);
  // Every int64 step number, as a number: 19 digits, leading zeros; beyond int64 is no step.
  EXPECT_EQ(io::parse_step_group_name("step_1000000000000000002"), 1000000000000000002LL);
  EXPECT_EQ(io::parse_step_group_name("step_9223372036854775807"), INT64_MAX);
  EXPECT_EQ(io::parse_step_group_name("step_00000000000000000000042"), 42);
  EXPECT_EQ(io::parse_step_group_name("step_9223372036854775808"), -1);
  EXPECT_EQ(io::parse_step_group_name("step_99999999999999999999"), -1);
}

TEST(DatasetRef, SplitsFileAndDataset) {
  TempDir dir;
  EXPECT_EQ(io::parse_dataset_ref("run.h5").file, "run.h5");
  EXPECT_EQ(io::parse_dataset_ref("run.h5").dataset, "");
  const auto ref = io::parse_dataset_ref("dir/run.h5:/step_000050/u");
  EXPECT_EQ(ref.file, "dir/run.h5");
  EXPECT_EQ(ref.dataset, "/step_000050/u");
  // An existing file is taken whole, even with ":/" in its path.
  std::filesystem::create_directory(dir / "odd:");
  write_bytes(dir / "odd:/x.h5", "x");
  EXPECT_EQ(io::parse_dataset_ref(dir / "odd:/x.h5").file, dir / "odd:/x.h5");
  // ... and such a file with a dataset after it splits after the file.
  const auto odd = io::parse_dataset_ref(dir / "odd:/x.h5:/step_000001/u");
  EXPECT_EQ(odd.file, dir / "odd:/x.h5");
  EXPECT_EQ(odd.dataset, "/step_000001/u");
  EXPECT_THROW(io::parse_dataset_ref(""), io::FileRejected);
  EXPECT_THROW(io::parse_dataset_ref(":/u"), io::FileRejected);
}

TEST(GridWriter, RoundTrip2D) {
  TempDir dir;
  const std::string path = dir / "run.h5";
  const auto first = ramp(24 * 24, 1.0f);
  const auto last = ramp(24 * 24, -3.0f);
  {
    io::GridFileWriter writer(path, metadata(2, 24), false);
    writer.write_step(0, first);
    writer.write_step(7, last);
    writer.commit();
    EXPECT_EQ(writer.states_written(), 2u);
  }
  const io::GridState by_default = io::read_grid({path, ""});
  EXPECT_EQ(by_default.dataset, "/step_000007/u");
  EXPECT_EQ(by_default.iteration, 7);
  EXPECT_EQ(by_default.dimensions, 2);
  EXPECT_EQ(by_default.n, 24);
  EXPECT_EQ(by_default.cells.values<float>(), last);
  const io::GridState named = io::read_grid({path, "/step_000000/u"});
  EXPECT_EQ(named.iteration, 0);
  EXPECT_EQ(named.cells.values<float>(), first);
  EXPECT_EQ(root_links(path), (std::vector<std::string>{"step_000000", "step_000007"}));
}

TEST(GridWriter, RoundTrip1DCompressed) {
  TempDir dir;
  const std::string path = dir / "line.h5";
  const auto cells = ramp(1000, 0.5f);
  {
    io::GridFileWriter writer(path, metadata(1, 1000), true);
    writer.write_step(3, cells);
    writer.commit();
  }
  const io::GridState state = io::read_grid({path, ""}, {1, "a 1-D test", false});
  EXPECT_EQ(state.dimensions, 1);
  EXPECT_EQ(state.n, 1000);
  EXPECT_EQ(state.iteration, 3);
  EXPECT_EQ(state.cells.values<float>(), cells);

  const hid_t f = H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
  const hid_t d = H5Dopen2(f, "/step_000003/u", H5P_DEFAULT);
  const hid_t dcpl = H5Dget_create_plist(d);
  EXPECT_GE(H5Pget_filter_by_id2(dcpl, H5Z_FILTER_DEFLATE, nullptr, nullptr, nullptr, 0, nullptr,
                                 nullptr),
            0);
  H5Pclose(dcpl);
  H5Dclose(d);
  H5Fclose(f);
}

TEST(GridWriter, DefaultStateIsTheLastByIterationNotByName) {
  TempDir dir;
  const std::string path = dir / "run.h5";
  {
    io::GridFileWriter writer(path, metadata(2, 4), false);
    writer.write_step(999999, ramp(16, 0.0f));
    writer.write_step(1000000, ramp(16, 2.0f));  // "step_1000000" sorts before "step_999999"
    writer.commit();
  }
  EXPECT_EQ(io::read_grid({path, ""}).iteration, 1000000);
}

// 19-digit step numbers (up to int64's largest) are ordered as numbers too.
TEST(GridWriter, DefaultStateIsTheLastForNineteenDigitSteps) {
  TempDir dir;
  const std::string path = dir / "run.h5";
  {
    io::GridFileWriter writer(path, metadata(2, 4), false);
    writer.write_step(999999999999999998LL, ramp(16, 0.0f));
    writer.write_step(1000000000000000002LL, ramp(16, 2.0f));
    writer.commit();
  }
  const io::GridState state = io::read_grid({path, ""});
  EXPECT_EQ(state.iteration, 1000000000000000002LL);
  EXPECT_EQ(state.cells.values<float>(), ramp(16, 2.0f));
}

TEST(GridWriter, FileCarriesWhatAReaderNeeds) {
  TempDir dir;
  const std::string path = dir / "run.h5";
  {
    io::GridFileWriter writer(path, metadata(2, 8), false);
    writer.write_step(5, ramp(64, 0.0f));
    writer.commit();
  }
  const hid_t f = H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
  ASSERT_GE(f, 0);
  EXPECT_EQ(integer_attribute(f, "n"), 8);
  EXPECT_EQ(integer_attribute(f, "dimensions"), 2);
  EXPECT_EQ(integer_attribute(f, "save_every"), 5);
  EXPECT_EQ(string_attribute(f, "variant"), "tiled");
  EXPECT_EQ(string_attribute(f, "implementation"), "kokkos");
  EXPECT_EQ(string_attribute(f, "execution_space"), "Serial");
  EXPECT_EQ(string_attribute(f, "app_version"), "9.8.7");
  EXPECT_EQ(string_attribute(f, "app_commit"), "abc123");
  EXPECT_EQ(string_attribute(f, "initial_state"), "random field, seed 1");
  EXPECT_EQ(string_attribute(f, "precision"), "fp32");
  EXPECT_NE(string_attribute(f, "stencil").find("0.5*c + 0.125*"), std::string::npos);
  EXPECT_TRUE(std::regex_match(string_attribute(f, "created"),
                               std::regex(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)")));
  float coefficients[2] = {0, 0};
  const hid_t a = H5Aopen(f, "coefficients", H5P_DEFAULT);
  EXPECT_GE(H5Aread(a, H5T_NATIVE_FLOAT, coefficients), 0);
  H5Aclose(a);
  EXPECT_EQ(coefficients[0], 0.5f);
  EXPECT_EQ(coefficients[1], 0.125f);

  const hid_t d = H5Dopen2(f, "/step_000005/u", H5P_DEFAULT);
  ASSERT_GE(d, 0);
  EXPECT_EQ(integer_attribute(d, "iteration"), 5);
  const hid_t type = H5Dget_type(d);
  EXPECT_GT(H5Tequal(type, H5T_IEEE_F32LE), 0);
  const hid_t dcpl = H5Dget_create_plist(d);
  EXPECT_EQ(H5Pget_layout(dcpl), H5D_CHUNKED);
  EXPECT_GE(H5Pget_filter_by_id2(dcpl, H5Z_FILTER_FLETCHER32, nullptr, nullptr, nullptr, 0, nullptr,
                                 nullptr),
            0);
  H5Pclose(dcpl);
  H5Tclose(type);
  H5Dclose(d);
  H5Fclose(f);
}

// A float64 state is stored as IEEE F64LE and read back bit for bit: by the reader, by HDF5's own
// calls into doubles (as h5py reads it), in a region (as the ranks of a restart read it), with
// the XXH3 of its 8-byte cells (computed with python3-xxhash over "<f8" bytes) and a sidecar
// that declares 8-byte values.
TEST(GridWriter, Fp64StateRoundTripsBitExactly) {
  TempDir dir;
  const std::string path = dir / "run.h5";
  io::RunMetadata m = metadata(2, 4);
  m.precision = Precision::fp64;
  const std::vector<double> cells = fine_ramp(16);
  {
    io::GridFileWriter writer(path, m, false);
    writer.write_step(2, cells);
    writer.commit();
  }
  const io::GridState state = io::read_grid({path, ""});
  ASSERT_EQ(state.cells.precision(), Precision::fp64);
  EXPECT_TRUE(same_bits(state.cells.values<double>(), cells));
  EXPECT_TRUE(dataset_type_is(path, "/step_000002/u", H5T_IEEE_F64LE));
  EXPECT_TRUE(same_bits(read_doubles(path, "/step_000002/u"), cells));
  const io::GridOutline outline = io::outline_grid({path, ""}, {});
  EXPECT_EQ(outline.precision, Precision::fp64);
  EXPECT_TRUE(same_bits(io::read_region(outline, 1, 2, 1, 2).values<double>(),
                        {cells[5], cells[6], cells[9], cells[10]}));

  const hid_t f = H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
  ASSERT_GE(f, 0);
  EXPECT_EQ(string_attribute(f, "precision"), "fp64");
  const hid_t d = H5Dopen2(f, "/step_000002/u", H5P_DEFAULT);
  if (io::content_hash_available()) {
    EXPECT_EQ(state.unverified_reason, "");
    unsigned long long hash = 0;
    const hid_t a = H5Aopen(d, io::kContentHashAttribute, H5P_DEFAULT);
    EXPECT_GE(H5Aread(a, H5T_NATIVE_ULLONG, &hash), 0);
    H5Aclose(a);
    EXPECT_EQ(hash, 0xfc880d5c90b08b54ULL);
  }
  H5Dclose(d);
  H5Fclose(f);
  EXPECT_NE(read_bytes(dir / "run.xmf")
                .find("NumberType=\"Float\" Precision=\"8\" Format=\"HDF\">run.h5:/step_000002/u"),
            std::string::npos);
}

// A float32 state's hash is the XXH3 of its 4-byte cells, as in every file saved before float64
// (python3-xxhash over "<f4" bytes of 0, 1/8, ..., 15/8).
TEST(ContentHash, IsTheXxh3OfTheLittleEndianCells) {
  if (!io::content_hash_available())
    GTEST_SKIP() << "this build has no xxHash (libxxhash-dev)";
  EXPECT_EQ(io::content_hash(ramp(16, 0.0f)), 0x8fa114191a0fdab5ULL);
}

// One file holds one precision: a state of the other is refused in one line, before any write.
TEST(GridWriter, AStateOfTheOtherPrecisionIsRefused) {
  TempDir dir;
  io::GridFileWriter writer(dir / "run.h5", metadata(2, 4), false);
  try {
    writer.write_step(0, std::vector<double>(16, 1.0));
    ADD_FAILURE() << "a float64 state went into a float32 file";
  } catch (const std::logic_error& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("a float64 state cannot go into a file of float32 states"),
              std::string::npos)
        << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  }
  EXPECT_EQ(writer.states_written(), 0u);
}

TEST(GridWriter, FinalPathChangesOnlyAtCommit) {
  TempDir dir;
  const std::string path = dir / "run.h5";
  write_bytes(path, "earlier run");
  write_bytes(dir / "run.xmf", "earlier sidecar");
  io::GridFileWriter writer(path, metadata(2, 4), false);
  writer.write_step(0, ramp(16, 0.0f));
  EXPECT_EQ(read_bytes(path), "earlier run");
  const auto during = dir.names();
  // run.h5, run.xmf, one temporary for each and the writer's lock (output_lock.hpp)
  EXPECT_EQ(during.size(), 5u);
  EXPECT_EQ(during[0], ".run.h5.lock");
  EXPECT_EQ(during[1].rfind(".run.h5.tmp-", 0), 0u) << during[1];
  writer.commit();
  EXPECT_EQ(dir.names(), (std::vector<std::string>{"run.h5", "run.xmf"}));
  EXPECT_EQ(io::read_grid({path, ""}).cells.values<float>(), ramp(16, 0.0f));
  EXPECT_NE(read_bytes(dir / "run.xmf").find("run.h5:/step_000000/u"), std::string::npos);
}

TEST(GridWriter, AbandonedWriterLeavesEverythingAsItWas) {
  TempDir dir;
  const std::string path = dir / "run.h5";
  write_bytes(path, "earlier run");
  {
    io::GridFileWriter writer(path, metadata(2, 4), false);
    writer.write_step(0, ramp(16, 0.0f));
  }  // no commit: as when a run fails
  EXPECT_EQ(read_bytes(path), "earlier run");
  EXPECT_EQ(dir.names(), (std::vector<std::string>{"run.h5"}));
}

TEST(GridWriter, OutputPathsThatCannotTakeAFileAreRejected) {
  TempDir dir;
  write_bytes(dir / "plain", "x");
  std::filesystem::create_directory(dir / "sub");
  for (const std::string& path : {dir / "missing/run.h5", dir / "plain/run.h5", dir / "sub",
                                  dir / "sub/", std::string("/proc/run.h5")}) {
    EXPECT_THROW(io::GridFileWriter(path, metadata(2, 4), false), io::FileRejected) << path;
  }
  if (geteuid() != 0) {  // root writes anywhere
    std::filesystem::create_directory(dir / "ro");
    std::filesystem::permissions(
        dir / "ro", std::filesystem::perms::owner_read | std::filesystem::perms::owner_exec);
    EXPECT_THROW(io::GridFileWriter(dir / "ro/run.h5", metadata(2, 4), false), io::FileRejected);
  }
}

TEST(AtomicFile, TemporarySitsNextToTheFinalPath) {
  TempDir dir;
  io::AtomicFile file(dir / "out.h5");
  EXPECT_EQ(io::directory_of(file.temp_path()), dir.path());
  EXPECT_EQ(io::file_name_of(file.temp_path()).rfind(".out.h5.tmp-", 0), 0u);
  write_bytes(file.temp_path(), "new");
  file.commit();
  EXPECT_EQ(read_bytes(dir / "out.h5"), "new");
  EXPECT_EQ(dir.names(), (std::vector<std::string>{"out.h5"}));
}

}  // namespace
}  // namespace stencil::test
