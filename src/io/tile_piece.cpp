// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "io/tile_piece.hpp"

#include <dirent.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <string_view>

#include "io/atomic_file.hpp"
#include "io/cell_types.hpp"
#include "io/content_hash.hpp"
#include "io/errors.hpp"
#include "io/grid_file.hpp"
#include "io/hdf5_attributes.hpp"
#include "io/hdf5_handle.hpp"
#include "io/output_path.hpp"

namespace stencil::io {
namespace {

using hdf5::Handle;

std::string hex(std::uint64_t value) {
  char text[24];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(value));
  return text;
}

// The piece's region in the virtual dataset's extent, as start and count per dimension.
void region_of(const TilePiece& p, int dimensions, hsize_t* start, hsize_t* count) {
  if (dimensions == 2) {
    start[0] = p.row0, start[1] = p.col0;
    count[0] = p.rows, count[1] = p.cols;
  } else {
    start[0] = p.col0;
    count[0] = p.cols;
  }
}

// A mapping's string (file or dataset name): asked once for the length, then read.
template <class Get>
std::string mapping_string(Get get, const std::string& what) {
  const ssize_t length = get(nullptr, 0);
  if (length < 0)
    throw hdf5::Failure(what);
  std::string text(static_cast<std::size_t>(length) + 1, '\0');
  if (get(text.data(), text.size()) < 0)
    throw hdf5::Failure(what);
  text.resize(static_cast<std::size_t>(length));
  return text;
}

std::vector<std::uint64_t> read_recorded_hashes(hid_t dataset, std::size_t count,
                                                const std::string& where) {
  const htri_t exists = H5Aexists(dataset, kTileHashesAttribute);
  hdf5::check(exists < 0 ? -1 : 0, "cannot read the attributes");
  if (exists == 0)
    return {};
  const std::string what = std::string("cannot read attribute '") + kTileHashesAttribute + "'";
  const Handle attribute(H5Aopen(dataset, kTileHashesAttribute, H5P_DEFAULT), H5Aclose, what);
  const Handle type(H5Aget_type(attribute.id()), H5Tclose, what);
  const Handle space(H5Aget_space(attribute.id()), H5Sclose, what);
  if (H5Tget_class(type.id()) != H5T_INTEGER || H5Tget_size(type.id()) != 8 ||
      H5Tget_sign(type.id()) != H5T_SGN_NONE ||
      H5Sget_simple_extent_npoints(space.id()) != static_cast<hssize_t>(count)) {
    throw FileRejected(where + " has an attribute '" + kTileHashesAttribute +
                       "' that is not one unsigned 64-bit integer per tile; the file is corrupt");
  }
  std::vector<std::uint64_t> hashes(count);
  hdf5::check(H5Aread(attribute.id(), H5T_NATIVE_UINT64, hashes.data()), what);
  return hashes;
}

bool overlap(const TilePiece& a, const TilePiece& b) {
  return a.row0 < b.row0 + b.rows && b.row0 < a.row0 + a.rows && a.col0 < b.col0 + b.cols &&
         b.col0 < a.col0 + a.cols;
}

// The stem of tile file names: the main file's whole name ("run.h5"), so that outputs with
// different names ("run.h5", "run.hdf5", "run") never share a tile file.
std::string tile_stem(const std::string& main_file_name) {
  return file_name_of(main_file_name);
}

struct TileName {
  std::string set;
  long long rank = -1;
  long long ranks = -1;
};

// Reads the digits at `i` of `text` as a number (at most 9 digits); -1 when there are none.
long long digits_at(const std::string& text, std::size_t& i) {
  const std::size_t start = i;
  long long value = 0;
  while (i < text.size() && i - start < 9 && std::isdigit(static_cast<unsigned char>(text[i])))
    value = value * 10 + (text[i++] - '0');
  return i == start ? -1 : value;
}

// Whether `rest` is "<set>.rank<R>of<P>.h5" with a set token of kSetTokenLength lowercase hex
// digits, and if so, its parts.
std::optional<TileName> parse_tile_tail(const std::string& rest) {
  if (rest.size() < kSetTokenLength)
    return std::nullopt;
  TileName parsed;
  parsed.set = rest.substr(0, kSetTokenLength);
  for (const char c : parsed.set) {
    if (!std::isxdigit(static_cast<unsigned char>(c)) ||
        std::isupper(static_cast<unsigned char>(c)))
      return std::nullopt;
  }
  std::size_t i = kSetTokenLength;
  if (rest.compare(i, 5, ".rank") != 0)
    return std::nullopt;
  i += 5;
  parsed.rank = digits_at(rest, i);
  if (parsed.rank < 0 || rest.compare(i, 2, "of") != 0)
    return std::nullopt;
  i += 2;
  parsed.ranks = digits_at(rest, i);
  if (parsed.ranks < 0 || rest.substr(i) != ".h5")
    return std::nullopt;
  return parsed;
}

// Whether `name` is "<stem>.<set>.rank<R>of<P>.h5", and if so, which set.
std::optional<std::string> tile_set_of(const std::string& name, const std::string& stem) {
  const std::string head = stem + ".";
  if (name.size() <= head.size() || name.compare(0, head.size(), head) != 0)
    return std::nullopt;
  const std::optional<TileName> parsed = parse_tile_tail(name.substr(head.size()));
  if (!parsed)
    return std::nullopt;
  return parsed->set;
}

// Whether `name` (a mapping's file) is a plain file name of the form this program gives the
// tile file of `rank` of `ranks`, under any stem (the set may have been renamed with its main
// file). `prefix` receives "<stem>.<set>", which every mapping of one state shares.
bool is_tile_file_name(const std::string& name, std::size_t rank, std::size_t ranks,
                       std::string& prefix) {
  if (name.find('/') != std::string::npos)
    return false;
  const std::size_t tail = name.size() > kSetTokenLength ? name.rfind(".rank") : std::string::npos;
  if (tail == std::string::npos || tail < kSetTokenLength + 1 ||
      name[tail - kSetTokenLength - 1] != '.')
    return false;
  const std::size_t set_start = tail - kSetTokenLength;
  const std::optional<TileName> parsed = parse_tile_tail(name.substr(set_start));
  if (!parsed || parsed->rank != static_cast<long long>(rank) ||
      parsed->ranks != static_cast<long long>(ranks))
    return false;
  prefix = name.substr(0, tail);
  return set_start > 1;  // a stem of at least one character
}

}  // namespace

std::string tile_file_name(const std::string& main_file_name, const std::string& set, int rank,
                           int ranks) {
  return tile_stem(main_file_name) + "." + set + ".rank" + std::to_string(rank) + "of" +
         std::to_string(ranks) + ".h5";
}

void remove_other_tile_sets(const std::string& main_path, const std::string& keep_set) {
  const std::string directory = directory_of(main_path);
  const std::string stem = tile_stem(main_path);
  DIR* listing = ::opendir(directory.c_str());
  if (listing == nullptr)
    return;  // best effort: the new set is in place either way
  std::vector<std::string> doomed;
  while (const dirent* entry = ::readdir(listing)) {
    const std::optional<std::string> set = tile_set_of(entry->d_name, stem);
    if (set && *set != keep_set)
      doomed.push_back(directory + "/" + entry->d_name);
  }
  ::closedir(listing);
  for (const std::string& path : doomed)
    ::unlink(path.c_str());
}

void remove_stale_tile_temporaries(const std::string& main_path) {
  const std::string directory = directory_of(main_path);
  const std::string stem = tile_stem(main_path);
  constexpr std::string_view kTemporaryMark = ".tmp-";
  DIR* listing = ::opendir(directory.c_str());
  if (listing == nullptr)
    return;  // best effort, like the main file's sweep
  std::vector<std::string> stale;
  while (const dirent* entry = ::readdir(listing)) {
    // "." + the tile file's name + ".tmp-<pid>-XXXXXX" (AtomicFile's temporary).
    const std::string name = entry->d_name;
    const std::size_t mark = name.rfind(kTemporaryMark);
    if (name.empty() || name[0] != '.' || mark == std::string::npos)
      continue;
    if (tile_set_of(name.substr(1, mark - 1), stem) &&
        left_by_dead_writer(name, mark + kTemporaryMark.size())) {
      stale.push_back(directory + "/" + name);
    }
  }
  ::closedir(listing);
  for (const std::string& path : stale)
    ::unlink(path.c_str());
}

Handle create_virtual_state(hid_t group, int dimensions, std::int64_t n, std::int64_t iteration,
                            const std::vector<TilePiece>& pieces, Precision precision) {
  const std::string what = "writing the virtual dataset " + step_dataset_path(iteration);
  const hsize_t extent[2] = {static_cast<hsize_t>(n), static_cast<hsize_t>(n)};
  const Handle space(H5Screate_simple(dimensions, extent, nullptr), H5Sclose, what);
  const Handle dcpl(H5Pcreate(H5P_DATASET_CREATE), H5Pclose, what);
  // An unmapped or unreadable region reads as NaN, not as plausible zeros.
  with_element_type(precision, [&](auto zero) {
    const auto fill = std::numeric_limits<decltype(zero)>::quiet_NaN();
    hdf5::check(H5Pset_fill_value(dcpl.id(), native_cell_type(precision), &fill), what);
  });
  hdf5::check(H5Pset_obj_track_times(dcpl.id(), false), what);
  const std::string source_dataset = step_dataset_path(iteration);
  bool every_hash = !pieces.empty();
  std::vector<std::uint64_t> hashes;
  for (const TilePiece& piece : pieces) {
    hsize_t start[2], count[2];
    region_of(piece, dimensions, start, count);
    const Handle region(H5Scopy(space.id()), H5Sclose, what);
    hdf5::check(H5Sselect_hyperslab(region.id(), H5S_SELECT_SET, start, nullptr, count, nullptr),
                what);
    const Handle source(H5Screate_simple(dimensions, count, nullptr), H5Sclose, what);
    hdf5::check(H5Pset_virtual(dcpl.id(), region.id(), piece.file.c_str(), source_dataset.c_str(),
                               source.id()),
                what);
    every_hash = every_hash && piece.content_hash.has_value();
    hashes.push_back(piece.content_hash.value_or(0));
  }
  Handle dataset(H5Dcreate2(group, kStateName, stored_cell_type(precision), space.id(), H5P_DEFAULT,
                            dcpl.id(), H5P_DEFAULT),
                 H5Dclose, what);
  hdf5::write_integer(dataset.id(), kIterationAttribute, iteration);
  if (every_hash)
    hdf5::write_unsigned_array(dataset.id(), kTileHashesAttribute, hashes);
  const std::optional<SaveSetId> id = pieces.empty() ? std::nullopt : pieces.front().save_set_id;
  for (const TilePiece& piece : pieces) {
    if (piece.save_set_id != id)
      throw std::logic_error("create_virtual_state: the pieces belong to different saves");
  }
  if (id)
    write_save_set_id(dataset.id(), *id);
  return dataset;
}

std::vector<TilePiece> read_virtual_pieces(hid_t dataset, const std::string& dataset_path,
                                           int dimensions, std::int64_t n,
                                           const std::string& where) {
  const Handle dcpl(H5Dget_create_plist(dataset), H5Pclose, "cannot read the storage layout");
  size_t count = 0;
  hdf5::check(H5Pget_virtual_count(dcpl.id(), &count), "cannot read the virtual mappings");
  if (count == 0)
    throw FileRejected(where + " is a virtual dataset without mappings; it holds no data");
  std::vector<TilePiece> pieces(count);
  std::int64_t mapped = 0;
  std::string set_prefix;  // "<stem>.<set>" of mapping 0
  for (size_t i = 0; i < count; ++i) {
    TilePiece& piece = pieces[i];
    const std::string what = "cannot read virtual mapping " + std::to_string(i);
    const Handle region(H5Pget_virtual_vspace(dcpl.id(), i), H5Sclose, what);
    hsize_t start[2] = {0, 0}, end[2] = {0, 0};
    const hssize_t points = H5Sget_select_npoints(region.id());
    if (H5Sget_select_type(region.id()) != H5S_SEL_HYPERSLABS ||
        H5Sget_select_bounds(region.id(), start, end) < 0 || points <= 0) {
      throw FileRejected(where + ": virtual mapping " + std::to_string(i) +
                         " is not one block of the grid; not a state saved across ranks");
    }
    if (dimensions == 2) {
      piece.row0 = start[0], piece.rows = end[0] - start[0] + 1;
      piece.col0 = start[1], piece.cols = end[1] - start[1] + 1;
    } else {
      piece.col0 = start[0], piece.cols = end[0] - start[0] + 1;
    }
    if (piece.cells() != points) {
      throw FileRejected(where + ": virtual mapping " + std::to_string(i) +
                         " is not one block of the grid; not a state saved across ranks");
    }
    const Handle source(H5Pget_virtual_srcspace(dcpl.id(), i), H5Sclose, what);
    // The whole source dataset; its shape is checked against the block when it is opened.
    if (H5Sget_select_type(source.id()) != H5S_SEL_ALL) {
      throw FileRejected(where + ": virtual mapping " + std::to_string(i) +
                         " does not map a whole tile dataset of its block's shape");
    }
    piece.file = mapping_string(
        [&](char* text, size_t size) { return H5Pget_virtual_filename(dcpl.id(), i, text, size); },
        what);
    const std::string source_dataset = mapping_string(
        [&](char* text, size_t size) { return H5Pget_virtual_dsetname(dcpl.id(), i, text, size); },
        what);
    // Each tile file holds the state under the same path as the main file: a mapping onto any
    // other dataset (another step, another file's layout) is no state saved across ranks.
    const std::string source_path = !source_dataset.empty() && source_dataset.front() == '/'
                                        ? source_dataset
                                        : "/" + source_dataset;
    if (source_path != dataset_path) {
      throw FileRejected(where + ": virtual mapping " + std::to_string(i) + " reads '" +
                         source_dataset + "' of its tile file, not '" + dataset_path +
                         "'; the file is corrupt or was altered");
    }
    std::string prefix;
    if (!is_tile_file_name(piece.file, i, count, prefix) || (i > 0 && prefix != set_prefix)) {
      throw FileRejected(where + ": virtual mapping " + std::to_string(i) + " names the file '" +
                         piece.file + "', not tile file " + std::to_string(i) + " of " +
                         std::to_string(count) +
                         " of one save set beside the main file; the file is corrupt or was "
                         "altered");
    }
    set_prefix = prefix;
    mapped += points;
  }
  // Cells counted once each and no two blocks overlapping: the blocks tile the extent exactly.
  const std::int64_t extent = dimensions == 2 ? n * n : n;
  bool overlapping = false;
  for (size_t i = 0; i < count && !overlapping; ++i) {
    for (size_t j = i + 1; j < count && !overlapping; ++j)
      overlapping = overlap(pieces[i], pieces[j]);
  }
  if (mapped != extent || overlapping) {
    throw FileRejected(where +
                       ": its virtual mappings do not cover the grid exactly once; the "
                       "file is corrupt");
  }
  const std::vector<std::uint64_t> hashes = read_recorded_hashes(dataset, count, where);
  for (size_t i = 0; i < hashes.size(); ++i)
    pieces[i].content_hash = hashes[i];
  const std::optional<SaveSetId> id = read_save_set_id(dataset, where);
  for (TilePiece& piece : pieces)
    piece.save_set_id = id;
  return pieces;
}

std::string tile_file_path(const std::string& main_file, const TilePiece& piece) {
  // Beside the file a symlink at the main path points to, where the save put them.
  return directory_of(resolve_symlinks(main_file)) + "/" + piece.file;
}

void verify_tile_hashes(const Cells& cells, std::int64_t n, const std::vector<TilePiece>& pieces,
                        const std::string& main_file, const std::string& where) {
  const std::size_t cell_bytes = element_bytes(cells.precision());
  const auto* whole = static_cast<const std::byte*>(cells.data());
  for (const TilePiece& piece : pieces) {
    if (!piece.content_hash)
      continue;
    Cells tile(cells.precision(), static_cast<std::size_t>(piece.cells()));
    auto* out = static_cast<std::byte*>(tile.data());
    for (std::int64_t r = 0; r < piece.rows; ++r) {
      const std::byte* row = whole + ((piece.row0 + r) * n + piece.col0) * cell_bytes;
      std::memcpy(out + r * piece.cols * cell_bytes, row, piece.cols * cell_bytes);
    }
    const std::optional<std::uint64_t> computed = content_hash(tile);
    if (computed && *computed != *piece.content_hash) {
      throw FileRejected(where + ": the tile from '" + tile_file_path(main_file, piece) +
                         "' does not match the hash recorded for it (recorded " +
                         hex(*piece.content_hash) + ", computed " + hex(*computed) +
                         "); the tile file is missing, corrupt or from another save");
    }
  }
}

}  // namespace stencil::io
