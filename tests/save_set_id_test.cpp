// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The save_set_id of a state saved across ranks (io/save_set_id.hpp): a tile file of another save
// (same name, same shape, valid on its own) is refused by its id alone, with no content hash
// anywhere; files without any id read as they always have. The files are built with HDF5's C API
// directly, without hashes, as a build without xxHash writes them.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <numeric>
#include <optional>

#include "h5_fixtures.hpp"
#include "io/errors.hpp"
#include "io/grid_reader.hpp"
#include "io/save_set_id.hpp"
#include "io/tile_piece.hpp"

namespace stencil::io {
namespace {

using test::TempDir;

constexpr SaveSetId kThisSave{0x0123456789abcdefULL, 0xfedcba9876543210ULL};
constexpr SaveSetId kOtherSave{0x0123456789abcdefULL, 0xfedcba9876543211ULL};

std::string tile_name(int rank) {
  return "main.h5.0123456789ab.rank" + std::to_string(rank) + "of2.h5";
}

// Two unsigned 64-bit integers, as the writer stores the id; `values` of another length forges
// a malformed one.
void write_id(hid_t dataset, const std::vector<std::uint64_t>& values) {
  const hsize_t count = values.size();
  const hid_t space = H5Screate_simple(1, &count, nullptr);
  const hid_t attribute =
      H5Acreate2(dataset, kSaveSetIdAttribute, H5T_STD_U64LE, space, H5P_DEFAULT, H5P_DEFAULT);
  H5Awrite(attribute, H5T_NATIVE_UINT64, values.data());
  H5Aclose(attribute);
  H5Sclose(space);
}

std::vector<std::uint64_t> parts(const SaveSetId& id) {
  return {id.high, id.low};
}

// Rows [2 * rank, 2 * rank + 2) of the 4 x 4 grid 0..15 (plus `offset`) as tile file `rank`'s
// /step_000003/u, with the id when given.
void write_tile(const TempDir& dir, int rank, std::optional<SaveSetId> id, float offset = 0.0f) {
  std::vector<float> cells(8);
  std::iota(cells.begin(), cells.end(), 8.0f * rank + offset);
  const std::string path = dir / tile_name(rank);
  test::write_floats(path, "/step_000003/u", {2, 4}, cells, true, 3);
  if (!id)
    return;
  const hid_t file = H5Fopen(path.c_str(), H5F_ACC_RDWR, H5P_DEFAULT);
  const hid_t dataset = H5Dopen2(file, "/step_000003/u", H5P_DEFAULT);
  write_id(dataset, parts(*id));
  H5Dclose(dataset);
  H5Fclose(file);
}

// main.h5:/step_000003/u over the two tiles, without tile hashes, with the id when given.
void write_main(const TempDir& dir, const std::optional<std::vector<std::uint64_t>>& id) {
  const std::string path = dir / "main.h5";
  const hid_t file = H5Fcreate(path.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
  const hid_t group = H5Gcreate2(file, "step_000003", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  const hsize_t dims[2] = {4, 4};
  const hid_t space = H5Screate_simple(2, dims, nullptr);
  const hid_t dcpl = H5Pcreate(H5P_DATASET_CREATE);
  for (int rank = 0; rank < 2; ++rank) {
    const hsize_t start[2] = {hsize_t(2 * rank), 0};
    const hsize_t count[2] = {2, 4};
    const hid_t region = H5Scopy(space);
    H5Sselect_hyperslab(region, H5S_SELECT_SET, start, nullptr, count, nullptr);
    const hid_t source = H5Screate_simple(2, count, nullptr);
    H5Pset_virtual(dcpl, region, tile_name(rank).c_str(), "/step_000003/u", source);
    H5Sclose(source);
    H5Sclose(region);
  }
  const hid_t dataset =
      H5Dcreate2(group, "u", H5T_IEEE_F32LE, space, H5P_DEFAULT, dcpl, H5P_DEFAULT);
  if (id)
    write_id(dataset, *id);
  H5Dclose(dataset);
  H5Pclose(dcpl);
  H5Sclose(space);
  H5Gclose(group);
  H5Fclose(file);
}

std::vector<float> whole_grid() {
  std::vector<float> cells(16);
  std::iota(cells.begin(), cells.end(), 0.0f);
  return cells;
}

// Why read_grid refuses the set, or a note that it does not.
std::string refusal(const TempDir& dir) {
  try {
    read_grid({dir / "main.h5", ""});
  } catch (const FileRejected& e) {
    return e.what();
  }
  return "(read without complaint)";
}

TEST(SaveSetId, ATileOfAnotherSaveIsRefusedWithoutAnyHash) {
  TempDir dir;
  write_main(dir, parts(kThisSave));
  write_tile(dir, 0, kThisSave);
  write_tile(dir, 1, kOtherSave, 100.0f);  // another run's tile, copied over this set's
  const std::string why = refusal(dir);
  EXPECT_NE(why.find(tile_name(1) + "' is of save set 0123456789abcdeffedcba9876543211, but the "
                                    "main file records save set 0123456789abcdeffedcba9876543210"
                                    "; the tile file is from another save"),
            std::string::npos)
      << why;
  // The reads of a restart under mpirun: the tile's own check and every region it is in.
  ReadRules rules;
  const GridOutline outline = outline_grid({dir / "main.h5", ""}, rules);
  EXPECT_EQ(outline.unverified_reason, "no tile hashes");
  verify_tile(outline, 0, rules);
  EXPECT_THROW(verify_tile(outline, 1, rules), FileRejected);
  const std::vector<float> grid = whole_grid();
  EXPECT_EQ(read_region(outline, 0, 2, 0, 4).values<float>(),
            std::vector<float>(grid.begin(), grid.begin() + 8));
  EXPECT_THROW(read_region(outline, 1, 2, 0, 4), FileRejected);
}

TEST(SaveSetId, ATileWithoutTheMainFilesIdIsRefused) {
  TempDir dir;
  write_main(dir, parts(kThisSave));
  write_tile(dir, 0, kThisSave);
  write_tile(dir, 1, std::nullopt);  // a tile of an older file, copied over this set's
  const std::string why = refusal(dir);
  EXPECT_NE(why.find(tile_name(1) + "' has no save_set_id, but the main file records save set "
                                    "0123456789abcdeffedcba9876543210"),
            std::string::npos)
      << why;
}

TEST(SaveSetId, ATileWithAnIdIsRefusedWhereTheMainFileHasNone) {
  TempDir dir;
  write_main(dir, std::nullopt);
  write_tile(dir, 0, std::nullopt);
  write_tile(dir, 1, kOtherSave);
  const std::string why = refusal(dir);
  EXPECT_NE(why.find(tile_name(1) + "' is of save set 0123456789abcdeffedcba9876543211, but the "
                                    "main file records none"),
            std::string::npos)
      << why;
}

TEST(SaveSetId, TheTilesOfTheMainFilesSaveAreRead) {
  TempDir dir;
  write_main(dir, parts(kThisSave));
  write_tile(dir, 0, kThisSave);
  write_tile(dir, 1, kThisSave);
  const GridState state = read_grid({dir / "main.h5", ""});
  EXPECT_EQ(state.cells.values<float>(), whole_grid());
  EXPECT_EQ(state.unverified_reason, "no tile hashes");
}

// Files of versions that wrote no id: read as they always were, unverified without hashes.
TEST(SaveSetId, FilesWithoutAnyIdAreReadAsBefore) {
  TempDir dir;
  write_main(dir, std::nullopt);
  write_tile(dir, 0, std::nullopt);
  write_tile(dir, 1, std::nullopt);
  const GridState state = read_grid({dir / "main.h5", ""});
  EXPECT_EQ(state.cells.values<float>(), whole_grid());
  EXPECT_EQ(state.unverified_reason, "no tile hashes");
}

TEST(SaveSetId, AMalformedIdIsRefusedAsCorrupt) {
  TempDir dir;
  write_main(dir, std::vector<std::uint64_t>{kThisSave.high});
  write_tile(dir, 0, kThisSave);
  write_tile(dir, 1, kThisSave);
  const std::string why = refusal(dir);
  EXPECT_NE(why.find("has an attribute 'save_set_id' that is not two unsigned 64-bit integers"),
            std::string::npos)
      << why;
}

// What the writer records, as the reader finds it.
TEST(SaveSetId, TheVirtualStateRecordsThePiecesId) {
  TempDir dir;
  write_tile(dir, 0, kThisSave);
  write_tile(dir, 1, kThisSave);
  const std::string path = dir / "main.h5";
  const hid_t file = H5Fcreate(path.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
  const hid_t group = H5Gcreate2(file, "step_000003", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT);
  std::vector<TilePiece> pieces(2);
  for (int rank = 0; rank < 2; ++rank) {
    pieces[rank].row0 = 2 * rank, pieces[rank].rows = 2, pieces[rank].cols = 4;
    pieces[rank].file = tile_name(rank);
    pieces[rank].save_set_id = kThisSave;
  }
  create_virtual_state(group, 2, 4, 3, pieces, Precision::fp32).close("closing the virtual state");
  H5Gclose(group);
  H5Fclose(file);
  ReadRules rules;
  const GridOutline outline = outline_grid({path, ""}, rules);
  ASSERT_EQ(outline.pieces.size(), 2u);
  EXPECT_EQ(outline.pieces[1].save_set_id, std::optional<SaveSetId>(kThisSave));
  EXPECT_EQ(read_grid({path, ""}).cells.values<float>(), whole_grid());
}

TEST(SaveSetId, EverySaveDrawsAnotherId) {
  const SaveSetId a = new_save_set_id();
  const SaveSetId b = new_save_set_id();
  EXPECT_NE(a, b);
  const std::string text = a.text();
  EXPECT_EQ(text.size(), 32u);
  EXPECT_TRUE(std::all_of(text.begin(), text.end(), [](char c) {
    return std::isxdigit(static_cast<unsigned char>(c)) &&
           !std::isupper(static_cast<unsigned char>(c));
  }));
}

}  // namespace
}  // namespace stencil::io
