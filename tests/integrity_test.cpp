// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A restart must never start from values other than those written. Each case is damage
// HDF5 itself reads without an error: a chunk missing from the index (read as the fill value), a
// chunk whose filter mask skips Fletcher32, and a 16-bit word changed between 0x0000 and 0xFFFF,
// which Fletcher32's ones'-complement sums cannot see. The damaged files are made with HDF5's C
// API directly, not with the code under test.
#include <gtest/gtest.h>

#include <hdf5.h>

#include <algorithm>

#include "h5_fixtures.hpp"
#include "io/content_hash.hpp"
#include "io/errors.hpp"
#include "io/grid_reader.hpp"
#include "io/grid_writer.hpp"
#include "process.hpp"

namespace stencil::test {
namespace {

std::string refusal(const std::string& file) {
  try {
    io::read_grid({file, ""});
  } catch (const io::FileRejected& e) {
    return e.what();
  }
  return "";
}

#define EXPECT_REFUSED(message, fragment) \
  EXPECT_NE(std::string(message).find(fragment), std::string::npos) << "[" << (message) << "]"

// An 8 x 8 float32 dataset /u in two 4 x 8 chunks with Fletcher32, none of them written yet.
hid_t create_two_chunk_dataset(const std::string& file, hid_t* file_id) {
  H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
  *file_id = H5Fcreate(file.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
  const hsize_t dims[2] = {8, 8};
  const hsize_t chunk[2] = {4, 8};
  const hid_t space = H5Screate_simple(2, dims, nullptr);
  const hid_t dcpl = H5Pcreate(H5P_DATASET_CREATE);
  H5Pset_chunk(dcpl, 2, chunk);
  H5Pset_fletcher32(dcpl);
  const hid_t dataset =
      H5Dcreate2(*file_id, "u", H5T_IEEE_F32LE, space, H5P_DEFAULT, dcpl, H5P_DEFAULT);
  H5Pclose(dcpl);
  H5Sclose(space);
  return dataset;
}

TEST(Integrity, AChunkMissingFromTheIndexIsRefused) {
  TempDir dir;
  hid_t file = -1;
  const hid_t dataset = create_two_chunk_dataset(dir / "half.h5", &file);
  ASSERT_GE(dataset, 0);
  // Only rows 0..3 (the first chunk) are written; HDF5 would read rows 4..7 as zeros.
  const std::vector<float> ones(32, 1.0f);
  const hsize_t start[2] = {0, 0};
  const hsize_t count[2] = {4, 8};
  const hid_t file_space = H5Dget_space(dataset);
  H5Sselect_hyperslab(file_space, H5S_SELECT_SET, start, nullptr, count, nullptr);
  const hid_t memory_space = H5Screate_simple(2, count, nullptr);
  ASSERT_GE(H5Dwrite(dataset, H5T_NATIVE_FLOAT, memory_space, file_space, H5P_DEFAULT, ones.data()),
            0);
  H5Sclose(memory_space);
  H5Sclose(file_space);
  H5Dclose(dataset);
  H5Fclose(file);
  EXPECT_REFUSED(refusal(dir / "half.h5"), "the chunk at (4, 0) is missing from the chunk index");
}

TEST(Integrity, AChunkThatSkipsItsChecksumIsRefused) {
  TempDir dir;
  hid_t file = -1;
  const hid_t dataset = create_two_chunk_dataset(dir / "masked.h5", &file);
  ASSERT_GE(dataset, 0);
  // Both chunks stored raw; the second one's filter mask says Fletcher32 was skipped, so HDF5
  // reads it without any check.
  const std::vector<float> first(32, 1.0f);
  const std::vector<float> values(64, 1.0f);
  ASSERT_GE(H5Dwrite(dataset, H5T_NATIVE_FLOAT, H5S_ALL, H5S_ALL, H5P_DEFAULT, values.data()), 0);
  const hsize_t offset[2] = {4, 0};
  ASSERT_GE(H5Dwrite_chunk(dataset, H5P_DEFAULT, 0x1u, offset, 32 * sizeof(float), first.data()),
            0);
  H5Dclose(dataset);
  H5Fclose(file);
  EXPECT_REFUSED(refusal(dir / "masked.h5"), "the chunk at (4, 0) skips filters");
}

// The mini-app's own 16 x 16 state of ones, and the file's bytes.
std::string saved_ones(const TempDir& dir) {
  io::RunMetadata m;
  m.n = 16;
  io::GridFileWriter writer(dir / "saved.h5", m, false);
  writer.write_step(0, std::vector<float>(16 * 16, 1.0f));
  writer.commit();
  return read_bytes(dir / "saved.h5");
}

TEST(Integrity, AWordFlippedBetween0000AndFFFFIsRefused) {
  if (!io::content_hash_available())
    GTEST_SKIP() << "this build has no xxHash (libxxhash-dev)";
  TempDir dir;
  std::string bytes = saved_ones(dir);
  // 1.0f is 00 00 80 3f. Within a run of them, one 0x0000 word becomes 0xFFFF: Fletcher32 sums
  // mod 65535, where the two are equal, so only the content hash sees it (1.0 reads 1.0078124).
  std::string run;
  for (int i = 0; i < 16; ++i)
    run += std::string("\x00\x00\x80\x3f", 4);
  const auto at = bytes.find(run);
  ASSERT_NE(at, std::string::npos);
  bytes[at + 40] = '\xff';
  bytes[at + 41] = '\xff';
  write_bytes(dir / "flipped.h5", bytes);
  EXPECT_REFUSED(refusal(dir / "flipped.h5"), "does not match its content hash");
}

TEST(Integrity, ValuesRewrittenBehindTheHashAreRefused) {
  if (!io::content_hash_available())
    GTEST_SKIP() << "this build has no xxHash (libxxhash-dev)";
  TempDir dir;
  saved_ones(dir);
  // HDF5 recomputes Fletcher32 for the new values; only the content hash still knows the old ones.
  H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
  const hid_t file = H5Fopen((dir / "saved.h5").c_str(), H5F_ACC_RDWR, H5P_DEFAULT);
  const hid_t dataset = H5Dopen2(file, "/step_000000/u", H5P_DEFAULT);
  ASSERT_GE(dataset, 0);
  std::vector<float> values(16 * 16, 1.0f);
  values[77] = 0.5f;
  ASSERT_GE(H5Dwrite(dataset, H5T_NATIVE_FLOAT, H5S_ALL, H5S_ALL, H5P_DEFAULT, values.data()), 0);
  H5Dclose(dataset);
  H5Fclose(file);
  EXPECT_REFUSED(refusal(dir / "saved.h5"), "does not match its content hash");
}

TEST(Integrity, SavedStatesCarryTheHashOfTheirValues) {
  if (!io::content_hash_available())
    GTEST_SKIP() << "this build has no xxHash (libxxhash-dev)";
  TempDir dir;
  saved_ones(dir);
  H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
  const hid_t file = H5Fopen((dir / "saved.h5").c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
  const hid_t dataset = H5Dopen2(file, "/step_000000/u", H5P_DEFAULT);
  ASSERT_GE(dataset, 0);
  EXPECT_GT(H5Aexists(dataset, io::kContentHashAttribute), 0);
  H5Dclose(dataset);
  H5Fclose(file);
  const io::GridState state = io::read_grid({dir / "saved.h5", ""});
  EXPECT_TRUE(state.unverified_reason.empty()) << state.unverified_reason;
}

TEST(Integrity, AFileWithoutAHashIsReadAndSaidToBeUnverified) {
  TempDir dir;
  write_floats(dir / "plain.h5", "/u", {16, 16}, std::vector<float>(256, 0.25f), true, 0);
  const io::GridState state = io::read_grid({dir / "plain.h5", ""});
  EXPECT_EQ(state.unverified_reason, "no content hash");
  const auto r = run_program(STENCIL_MINIAPP_PATH, {"-input", dir / "plain.h5", "-iters", "1"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("input not verified (no content hash)"), std::string::npos) << r.out;
}

TEST(Integrity, ACorruptInputIsOneErrorLineAndExitTwo) {
  if (!io::content_hash_available())
    GTEST_SKIP() << "this build has no xxHash (libxxhash-dev)";
  TempDir dir;
  std::string bytes = saved_ones(dir);
  const auto at = bytes.find(std::string("\x00\x00\x80\x3f\x00\x00\x80\x3f", 8));
  ASSERT_NE(at, std::string::npos);
  bytes[at] = '\xff';
  bytes[at + 1] = '\xff';
  write_bytes(dir / "flipped.h5", bytes);
  const auto r = run_program(STENCIL_MINIAPP_PATH, {"-input", dir / "flipped.h5", "-iters", "1"});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("does not match its content hash"), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
}

}  // namespace
}  // namespace stencil::test
