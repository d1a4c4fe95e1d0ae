// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// States saved across ranks (io/tile_piece.hpp): a virtual dataset over tile files, built here
// with HDF5's C API directly, is read as one grid and verified per tile; gaps, overlaps and
// tiles that are not the recorded ones are refused; and only real tile-file names of other
// save sets are swept.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <numeric>

#include "h5_fixtures.hpp"
#include "io/content_hash.hpp"
#include "io/errors.hpp"
#include "io/grid_reader.hpp"
#include "io/tile_piece.hpp"

namespace stencil::io {
namespace {

using test::TempDir;

// The 4 x 4 grid 0, 1, ..., 15 as two 2 x 4 row tiles.
std::vector<float> grid() {
  std::vector<float> cells(16);
  std::iota(cells.begin(), cells.end(), 0.0f);
  return cells;
}

std::vector<float> rows_of(const std::vector<float>& cells, int first) {
  return {cells.begin() + first * 4, cells.begin() + (first + 2) * 4};
}

struct Mapping {
  hsize_t start[2];
  hsize_t count[2];
  std::string file;
  std::uint64_t hash;
  std::string source = "/step_000003/u";  // the dataset of `file` it maps
};

// The tile file names a save of "main.h5" across `ranks` ranks gives.
std::string tile_name(int rank, int ranks) {
  return "main.h5.0123456789ab.rank" + std::to_string(rank) + "of" + std::to_string(ranks) + ".h5";
}

// main.h5:/step_000003/u, 4 x 4, mapping each block onto file:/step_000003/u.
void write_main(const std::string& path, const std::vector<Mapping>& mappings) {
  const hid_t file = H5Fcreate(path.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
  const hid_t group = H5Gcreate2(file, "step_000003", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  const hsize_t dims[2] = {4, 4};
  const hid_t space = H5Screate_simple(2, dims, nullptr);
  const hid_t dcpl = H5Pcreate(H5P_DATASET_CREATE);
  std::vector<std::uint64_t> hashes;
  for (const Mapping& m : mappings) {
    const hid_t region = H5Scopy(space);
    H5Sselect_hyperslab(region, H5S_SELECT_SET, m.start, nullptr, m.count, nullptr);
    const hid_t source = H5Screate_simple(2, m.count, nullptr);
    H5Pset_virtual(dcpl, region, m.file.c_str(), m.source.c_str(), source);
    H5Sclose(source);
    H5Sclose(region);
    hashes.push_back(m.hash);
  }
  const hid_t dataset =
      H5Dcreate2(group, "u", H5T_IEEE_F32LE, space, H5P_DEFAULT, dcpl, H5P_DEFAULT);
  const hsize_t count = hashes.size();
  const hid_t list = H5Screate_simple(1, &count, nullptr);
  const hid_t attribute =
      H5Acreate2(dataset, kTileHashesAttribute, H5T_STD_U64LE, list, H5P_DEFAULT, H5P_DEFAULT);
  H5Awrite(attribute, H5T_NATIVE_UINT64, hashes.data());
  H5Aclose(attribute);
  H5Sclose(list);
  H5Dclose(dataset);
  H5Pclose(dcpl);
  H5Sclose(space);
  H5Gclose(group);
  H5Fclose(file);
}

class VirtualGrid : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!content_hash_available())
      GTEST_SKIP() << "this build has no xxHash";
    const auto cells = grid();
    test::write_floats(dir / tile_name(0, 2), "/step_000003/u", {2, 4}, rows_of(cells, 0), true, 3);
    test::write_floats(dir / tile_name(1, 2), "/step_000003/u", {2, 4}, rows_of(cells, 2), true, 3);
    top = {{0, 0}, {2, 4}, tile_name(0, 2), *content_hash(rows_of(cells, 0))};
    bottom = {{2, 0}, {2, 4}, tile_name(1, 2), *content_hash(rows_of(cells, 2))};
  }

  std::string refusal(const std::string& path) {
    try {
      read_grid({path, ""});
    } catch (const FileRejected& e) {
      return e.what();
    }
    return "(read without complaint)";
  }

  TempDir dir;
  Mapping top{}, bottom{};
};

TEST_F(VirtualGrid, IsReadAsOneGridAndVerifiedPerTile) {
  write_main(dir / "main.h5", {top, bottom});
  const GridState state = read_grid({dir / "main.h5", ""});
  EXPECT_EQ(state.n, 4);
  EXPECT_EQ(state.iteration, 0);  // the main file's dataset has no iteration attribute here
  EXPECT_EQ(state.cells.values<float>(), grid());
  EXPECT_EQ(state.unverified_reason, "");

  ReadRules rules;
  const GridOutline outline = outline_grid({dir / "main.h5", ""}, rules);
  ASSERT_EQ(outline.pieces.size(), 2u);
  EXPECT_EQ(outline.pieces[1].row0, 2);
  verify_tile(outline, 0, rules);
  verify_tile(outline, 1, rules);
  // Rows 1..2, columns 1..2: across both tiles.
  EXPECT_EQ(read_region(outline, 1, 2, 1, 2).values<float>(), (std::vector<float>{5, 6, 9, 10}));
}

// A float64 state saved across ranks: the virtual dataset the writer makes takes the tiles' type,
// and the reader reads it, whole and by region, as the doubles the tiles hold; a float32 tile file
// in the place of a float64 one is refused.
TEST_F(VirtualGrid, Fp64TilesMakeAFloat64State) {
  std::vector<double> cells(16);
  for (std::size_t i = 0; i < cells.size(); ++i)
    cells[i] = static_cast<double>(i) + std::ldexp(static_cast<double>(i), -40);
  const std::vector<double> first(cells.begin(), cells.begin() + 8);
  const std::vector<double> second(cells.begin() + 8, cells.end());
  for (int rank = 0; rank < 2; ++rank)
    std::remove((dir / tile_name(rank, 2)).c_str());  // the fixture's float32 tiles
  test::write_doubles(dir / tile_name(0, 2), "/step_000003/u", {2, 4}, first, true, 3);
  test::write_doubles(dir / tile_name(1, 2), "/step_000003/u", {2, 4}, second, true, 3);
  std::vector<TilePiece> pieces(2);
  for (int rank = 0; rank < 2; ++rank) {
    pieces[rank].row0 = 2 * rank, pieces[rank].rows = 2, pieces[rank].cols = 4;
    pieces[rank].file = tile_name(rank, 2);
    pieces[rank].content_hash = content_hash(rank == 0 ? first : second);
  }
  const std::string path = dir / "main.h5";
  const hid_t file = H5Fcreate(path.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
  const hid_t group = H5Gcreate2(file, "step_000003", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  create_virtual_state(group, 2, 4, 3, pieces, Precision::fp64).close("closing the state");
  H5Gclose(group);
  H5Fclose(file);
  EXPECT_TRUE(test::dataset_type_is(path, "/step_000003/u", H5T_IEEE_F64LE));

  const GridState state = read_grid({path, ""});
  ASSERT_EQ(state.cells.precision(), Precision::fp64);
  EXPECT_EQ(std::memcmp(state.cells.data(), cells.data(), 16 * sizeof(double)), 0);
  EXPECT_EQ(state.unverified_reason, "");
  ReadRules rules;
  const GridOutline outline = outline_grid({path, ""}, rules);
  EXPECT_EQ(outline.precision, Precision::fp64);
  verify_tile(outline, 1, rules);
  const Cells region = read_region(outline, 1, 2, 1, 2);
  const std::vector<double> expected = {cells[5], cells[6], cells[9], cells[10]};
  EXPECT_EQ(std::memcmp(region.data(), expected.data(), 4 * sizeof(double)), 0);

  std::remove((dir / tile_name(1, 2)).c_str());
  test::write_floats(dir / tile_name(1, 2), "/step_000003/u", {2, 4},
                     std::vector<float>(second.begin(), second.end()), true, 3);
  const std::string why = refusal(path);
  EXPECT_NE(why.find(tile_name(1, 2) + "' does not hold a float64 tile of the mapped shape"),
            std::string::npos)
      << why;
}

TEST_F(VirtualGrid, AGapOrAnOverlapIsRefused) {
  Mapping alone = top;
  alone.file = tile_name(0, 1);
  write_main(dir / "gap.h5", {alone});
  EXPECT_NE(refusal(dir / "gap.h5").find("do not cover the grid exactly once"), std::string::npos);
  Mapping shifted = bottom;
  shifted.start[0] = 1;  // overlaps `top` by a row, leaves the last row unmapped
  write_main(dir / "overlap.h5", {top, shifted});
  EXPECT_NE(refusal(dir / "overlap.h5").find("do not cover the grid exactly once"),
            std::string::npos);
}

TEST_F(VirtualGrid, ATileThatIsNotTheRecordedOneIsRefused) {
  Mapping wrong = bottom;
  wrong.hash ^= 1;  // as if t1.h5 were from another save
  write_main(dir / "main.h5", {top, wrong});
  const std::string why = refusal(dir / "main.h5");
  EXPECT_NE(why.find("from another save"), std::string::npos) << why;
  ReadRules rules;
  const GridOutline outline = outline_grid({dir / "main.h5", ""}, rules);
  EXPECT_THROW(verify_tile(outline, 1, rules), FileRejected);
}

TEST_F(VirtualGrid, AMissingTileFileIsRefused) {
  write_main(dir / "main.h5", {top, bottom});
  std::remove((dir / tile_name(1, 2)).c_str());
  const std::string why = refusal(dir / "main.h5");
  EXPECT_NE(why.find(tile_name(1, 2) + "' is missing"), std::string::npos) << why;
}

// Each tile file's checks cover its own /step_000003/u: a mapping onto any other dataset would
// be read unchecked, so it is refused.
TEST_F(VirtualGrid, AMappingOntoAnotherDatasetIsRefused) {
  test::write_floats(dir / tile_name(1, 2), "/step_000000/u", {2, 4}, std::vector<float>(8, 0.5f),
                     true, 0);
  Mapping elsewhere = bottom;
  elsewhere.source = "/step_000000/u";
  write_main(dir / "main.h5", {top, elsewhere});
  const std::string why = refusal(dir / "main.h5");
  EXPECT_NE(why.find("reads '/step_000000/u' of its tile file"), std::string::npos) << why;
  ReadRules rules;
  EXPECT_THROW(outline_grid({dir / "main.h5", ""}, rules), FileRejected);
}

TEST_F(VirtualGrid, AMappingOntoAFileThatIsNoTileFileIsRefused) {
  const std::vector<std::string> names = {"other.h5", "sub/" + tile_name(1, 2), tile_name(0, 2),
                                          "x.fedcba987654.rank1of2.h5" /* another set */};
  for (const std::string& name : names) {
    Mapping odd = bottom;
    odd.file = name;
    write_main(dir / "main.h5", {top, odd});
    const std::string why = refusal(dir / "main.h5");
    EXPECT_NE(why.find("names the file '" + name + "', not tile file 1 of 2"), std::string::npos)
        << why;
  }
}

// HDF5_VDS_PREFIX sends HDF5's own lookup of the tile files elsewhere; the reader reads the
// files beside the main file, whose checks it made, in both reads.
TEST_F(VirtualGrid, AVdsPrefixDoesNotRedirectTheRead) {
  write_main(dir / "main.h5", {top, bottom});
  const std::filesystem::path decoy = dir / "decoy";
  std::filesystem::create_directory(decoy);
  for (int r = 0; r < 2; ++r) {
    test::write_floats(decoy / tile_name(r, 2), "/step_000003/u", {2, 4},
                       std::vector<float>(8, 0.5f), false, 3);
  }
  ::setenv("HDF5_VDS_PREFIX", decoy.c_str(), 1);
  const GridState state = read_grid({dir / "main.h5", ""});
  ReadRules rules;
  const GridOutline outline = outline_grid({dir / "main.h5", ""}, rules);
  const std::vector<float> region = read_region(outline, 1, 2, 1, 2).values<float>();
  ::unsetenv("HDF5_VDS_PREFIX");
  EXPECT_EQ(state.cells.values<float>(), grid());
  EXPECT_EQ(region, (std::vector<float>{5, 6, 9, 10}));
}

// A set saved through a symlink lies beside the link's target; it is read back through the link.
TEST_F(VirtualGrid, IsReadThroughASymlinkToTheMainFile) {
  write_main(dir / "main.h5", {top, bottom});
  const std::filesystem::path elsewhere = dir / "links";
  std::filesystem::create_directory(elsewhere);
  std::filesystem::create_symlink(dir / "main.h5", elsewhere / "link.h5");
  EXPECT_EQ(read_grid({elsewhere / "link.h5", ""}).cells.values<float>(), grid());
  ReadRules rules;
  const GridOutline outline = outline_grid({elsewhere / "link.h5", ""}, rules);
  verify_tile(outline, 1, rules);
  EXPECT_EQ(read_region(outline, 1, 2, 1, 2).values<float>(), (std::vector<float>{5, 6, 9, 10}));
}

TEST(TileFiles, OnlyOtherSetsOfTheSameOutputAreSwept) {
  TempDir dir;
  const std::vector<std::string> doomed = {"run.h5.0123456789ab.rank0of2.h5",
                                           "run.h5.0123456789ab.rank1of2.h5"};
  const std::vector<std::string> kept = {
      "run.h5",
      "run.h5.aaaaaaaaaaaa.rank0of1.h5",    // the set being kept
      "run.h5.x.0123456789ab.rank0of2.h5",  // another output's ("run.h5.x")
      "run.0123456789ab.rank0of2.h5",       // "run"'s
      "run.hdf5.0123456789ab.rank0of2.h5",  // "run.hdf5"'s
      "run.h5.0123456789AB.rank0of2.h5",    // not a token this program writes
      "run.h5.0123456789ab.rank0of2.h5.bak",
      "run.h5.0123456789a.rank0of2.h5",  // 11 digits
      "other.0123456789ab.rank0of2.h5"};
  for (const auto& name : doomed)
    std::ofstream(dir / name) << "x";
  for (const auto& name : kept)
    std::ofstream(dir / name) << "x";
  EXPECT_EQ(tile_file_name("run.h5", "0123456789ab", 1, 2), doomed[1]);
  remove_other_tile_sets(dir / "run.h5", "aaaaaaaaaaaa");
  std::vector<std::string> expected = kept;
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(dir.names(), expected);
}

// A rank killed mid-save leaves "." + its tile file's name + ".tmp-<pid>-XXXXXX". The next save
// removes those whose writer is gone, and nothing else.
TEST(TileFiles, TemporariesOfDeadWritersAreSwept) {
  TempDir dir;
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0)
    ::_exit(0);
  ASSERT_EQ(::waitpid(child, nullptr, 0), child);  // `child` is now a pid no process has
  const std::string dead = std::to_string(child);
  const std::string alive = std::to_string(::getpid());
  const std::vector<std::string> doomed = {
      ".run.h5.0123456789ab.rank0of2.h5.tmp-" + dead + "-Ab12Cd",
      ".run.h5.aaaaaaaaaaaa.rank3of4.h5.tmp-" + dead + "-x"};
  const std::vector<std::string> kept = {
      ".run.h5.0123456789ab.rank1of2.h5.tmp-" + alive + "-Ab12Cd",  // a writer that still runs
      ".run.h5.0123456789ab.rank1of2.h5.tmp-1-Ab12Cd",              // pid 1 always runs
      ".other.0123456789ab.rank0of2.h5.tmp-" + dead + "-x",         // another output's
      ".run.0123456789ab.rank0of2.h5.tmp-" + dead + "-x",           // "run"'s
      ".run.h5.tmp-" + dead + "-x",  // the main file's own: its writer's sweep takes it
      ".run.h5.0123456789ab.rank0of2.h5.tmp-nopid",
      "run.h5.0123456789ab.rank0of2.h5"};
  for (const auto& name : doomed)
    std::ofstream(dir / name) << "x";
  for (const auto& name : kept)
    std::ofstream(dir / name) << "x";
  remove_stale_tile_temporaries(dir / "run.h5");
  std::vector<std::string> expected = kept;
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(dir.names(), expected);
}

}  // namespace
}  // namespace stencil::io
