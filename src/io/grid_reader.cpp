// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "io/grid_reader.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <new>
#include <optional>

#include "io/cell_types.hpp"
#include "io/content_hash.hpp"
#include "io/errors.hpp"
#include "io/grid_file.hpp"
#include "io/hdf5_handle.hpp"
#include "io/save_set_id.hpp"
#include "io/stored_extent.hpp"
#include "io/tile_piece.hpp"
#include "stencil/memory_budget.hpp"
#include "stencil/variants.hpp"

namespace stencil::io {
namespace {

using hdf5::Handle;

std::string quoted(const std::string& s) {
  return "'" + s + "'";
}

void require_readable_file(const std::string& file) {
  struct stat info {};
  if (::stat(file.c_str(), &info) != 0) {
    if (errno == ENOENT)
      throw FileRejected("input file " + quoted(file) + " does not exist");
    throw FileRejected("cannot read input file " + quoted(file) + ": " + std::strerror(errno));
  }
  if (!S_ISREG(info.st_mode))
    throw FileRejected("input " + quoted(file) + " is not a regular file");
  if (::access(file.c_str(), R_OK) != 0)
    throw FileRejected("cannot read input file " + quoted(file) + ": " + std::strerror(errno));
  const htri_t is_hdf5 = H5Fis_hdf5(file.c_str());
  if (is_hdf5 == 0)
    throw FileRejected("input " + quoted(file) + " is not an HDF5 file");
  if (is_hdf5 < 0) {
    throw FileRejected("cannot read input file " + quoted(file) + ": " + hdf5::innermost_error());
  }
}

Handle open_file(const std::string& file) {
  try {
    const Handle fapl = hdf5::file_access_properties();
    return Handle(H5Fopen(file.c_str(), H5F_ACC_RDONLY, fapl.id()), H5Fclose, "cannot open");
  } catch (const hdf5::Failure& e) {
    // The signature was found (H5Fis_hdf5), so the rest of the file is damaged.
    throw FileRejected("input " + quoted(file) + " is truncated or corrupt (" + e.what() + ")");
  }
}

// The last /step_*/u by iteration number (not by name: step_1000000 sorts before step_999999),
// or /u when the file has no step groups.
std::string default_dataset(hid_t file, const std::string& file_name) {
  H5G_info_t info{};
  hdf5::check(H5Gget_info(file, &info), "cannot list the root group");
  std::int64_t last = -1;
  std::string last_name;  // as stored: a step number may have more digits than this program writes
  for (hsize_t i = 0; i < info.nlinks; ++i) {
    char name[256] = {};
    const ssize_t length = H5Lget_name_by_idx(file, ".", H5_INDEX_NAME, H5_ITER_INC, i, name,
                                              sizeof name, H5P_DEFAULT);
    hdf5::check(static_cast<herr_t>(length < 0 ? -1 : 0), "cannot list the root group");
    if (static_cast<std::size_t>(length) >= sizeof name)
      continue;  // a name this long is no step group
    const std::int64_t step = parse_step_group_name(name);
    if (step > last) {
      last = step;
      last_name = name;
    }
  }
  if (last >= 0)
    return "/" + last_name + "/" + kStateName;
  if (H5Lexists(file, kStateName, H5P_DEFAULT) > 0)
    return std::string("/") + kStateName;
  throw FileRejected("input " + quoted(file_name) + " holds no grid state (no /step_*/u, no /u)");
}

// H5Lexists needs every group on the way to exist, so the path is checked one link at a time.
bool path_exists(hid_t file, const std::string& path) {
  std::size_t end = 0;
  while (end != std::string::npos) {
    end = path.find('/', end + 1);
    const std::string prefix = path.substr(0, end);
    if (prefix.size() <= 1)
      continue;
    if (H5Lexists(file, prefix.c_str(), H5P_DEFAULT) <= 0)
      return false;
  }
  return true;
}

std::string rank_text(int rank) {
  return rank == 2   ? "rank 2 (N x N)"
         : rank == 1 ? "rank 1 (N cells)"
                     : "rank " + std::to_string(rank);
}

std::string cell_text(std::size_t index, int dimensions, std::int64_t n) {
  if (dimensions == 1)
    return "cell " + std::to_string(index);
  const auto width = static_cast<std::size_t>(n);
  return "(x=" + std::to_string(index % width) + ", y=" + std::to_string(index / width) + ")";
}

// The dataset's type and shape, checked against the rules before anything is allocated.
Precision read_shape(hid_t dataset, const std::string& where, const ReadRules& rules,
                     GridState& state) {
  const Handle type(H5Dget_type(dataset), H5Tclose, "cannot read the type");
  const std::optional<Precision> precision = cell_precision_of(type.id());
  if (!precision) {
    throw FileRejected(where + " holds " + describe_stored_type(type.id()) +
                       "; a grid state is float32 or float64");
  }
  const Handle space(H5Dget_space(dataset), H5Sclose, "cannot read the shape");
  if (H5Sget_simple_extent_type(space.id()) == H5S_NULL)
    throw FileRejected(where + " holds no data (null dataspace)");
  const int rank = hdf5::check(H5Sget_simple_extent_ndims(space.id()), "cannot read the rank");
  if (rank != 1 && rank != 2) {
    throw FileRejected(where + " has " + rank_text(rank) +
                       "; a grid state has rank 2 (N x N) or rank 1 (N cells)");
  }
  if (rules.dimensions != 0 && rank != rules.dimensions) {
    throw FileRejected(where + " has " + rank_text(rank) + ", but " + rules.purpose + " needs " +
                       rank_text(rules.dimensions));
  }
  hsize_t dims[2] = {0, 0};
  hdf5::check(H5Sget_simple_extent_dims(space.id(), dims, nullptr), "cannot read the shape");
  if (dims[0] == 0 || (rank == 2 && dims[1] == 0))
    throw FileRejected(where + " is empty");
  if (rank == 2 && dims[0] != dims[1]) {
    throw FileRejected(where + " is " + std::to_string(dims[0]) + " x " + std::to_string(dims[1]) +
                       "; a 2-D grid state must be square (N x N)");
  }
  // A 2-D N is at most what its kernels index in an int, a 1-D N what fits an int64; whether the
  // cells fit in memory is checked before they are read.
  const hsize_t limit = rank == 2 ? INT_MAX : INT64_MAX;
  if (dims[0] > limit) {
    throw FileRejected(where + " has N = " + std::to_string(dims[0]) + ", more than the " +
                       std::to_string(limit) + " a " + std::to_string(rank) + "-D grid may have");
  }
  state.dimensions = rank;
  state.n = static_cast<std::int64_t>(dims[0]);
  return *precision;
}

std::int64_t read_iteration(hid_t dataset, const std::string& where) {
  const htri_t exists = H5Aexists(dataset, kIterationAttribute);
  hdf5::check(exists < 0 ? -1 : 0, "cannot read the attributes");
  if (exists == 0)
    return 0;
  const std::string bad =
      where + " has an attribute 'iteration' that is not one integer >= 0 that fits in int64";
  const Handle attribute(H5Aopen(dataset, kIterationAttribute, H5P_DEFAULT), H5Aclose,
                         "cannot open attribute 'iteration'");
  const Handle type(H5Aget_type(attribute.id()), H5Tclose, "cannot read attribute 'iteration'");
  const Handle space(H5Aget_space(attribute.id()), H5Sclose, "cannot read attribute 'iteration'");
  if (H5Tget_class(type.id()) != H5T_INTEGER || H5Sget_simple_extent_npoints(space.id()) != 1)
    throw FileRejected(bad);
  // HDF5 converts an unsigned value past int64's range by clamping it, so such a value is read
  // as the unsigned type it is stored as.
  if (H5Tget_sign(type.id()) == H5T_SGN_NONE) {
    unsigned long long value = 0;
    hdf5::check(H5Aread(attribute.id(), H5T_NATIVE_ULLONG, &value),
                "cannot read attribute 'iteration'");
    if (value > static_cast<unsigned long long>(std::numeric_limits<std::int64_t>::max()))
      throw FileRejected(bad);
    return static_cast<std::int64_t>(value);
  }
  long long value = -1;
  hdf5::check(H5Aread(attribute.id(), H5T_NATIVE_LLONG, &value),
              "cannot read attribute 'iteration'");
  if (value < 0)
    throw FileRejected(bad);
  return value;
}

// The stored content hash of the dataset, when it has one. A hash attribute that is not one
// unsigned 64-bit integer is damage, not absence.
std::optional<std::uint64_t> read_content_hash(hid_t dataset, const std::string& where) {
  const htri_t exists = H5Aexists(dataset, kContentHashAttribute);
  hdf5::check(exists < 0 ? -1 : 0, "cannot read the attributes");
  if (exists == 0)
    return std::nullopt;
  const std::string what = std::string("cannot read attribute '") + kContentHashAttribute + "'";
  const Handle attribute(H5Aopen(dataset, kContentHashAttribute, H5P_DEFAULT), H5Aclose, what);
  const Handle type(H5Aget_type(attribute.id()), H5Tclose, what);
  const Handle space(H5Aget_space(attribute.id()), H5Sclose, what);
  if (H5Tget_class(type.id()) != H5T_INTEGER || H5Tget_size(type.id()) != 8 ||
      H5Tget_sign(type.id()) != H5T_SGN_NONE || H5Sget_simple_extent_npoints(space.id()) != 1) {
    throw FileRejected(where + " has an attribute '" + kContentHashAttribute +
                       "' that is not one unsigned 64-bit integer; the file is corrupt");
  }
  unsigned long long value = 0;
  hdf5::check(H5Aread(attribute.id(), H5T_NATIVE_ULLONG, &value), what);
  return value;
}

std::string hex(std::uint64_t value) {
  char text[24];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(value));
  return text;
}

// Compares the cells read with the stored hash; records why when they cannot be compared.
void verify_content(hid_t dataset, const std::string& where, GridState& state) {
  const std::optional<std::uint64_t> stored = read_content_hash(dataset, where);
  if (!stored) {
    state.unverified_reason = "no content hash";
    return;
  }
  const std::optional<std::uint64_t> computed = content_hash(state.cells);
  if (!computed) {
    state.unverified_reason = "this build has no xxHash";
    return;
  }
  if (*computed != *stored) {
    throw FileRejected(where + " does not match its content hash (stored " + hex(*stored) +
                       ", computed " + hex(*computed) + "); the file is corrupt");
  }
}

// Refuses a non-finite cell, and one larger than `max_magnitude` in magnitude (when not 0).
template <class T>
void require_finite_values(const std::vector<T>& cells, int dimensions, std::int64_t n,
                           const std::string& where, double max_magnitude) {
  std::size_t bad = 0;
  std::size_t first = 0;
  std::size_t large = 0;
  std::size_t first_large = 0;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    if (!std::isfinite(cells[i])) {
      if (bad++ == 0)
        first = i;
    } else if (max_magnitude > 0.0 && std::fabs(static_cast<double>(cells[i])) > max_magnitude &&
               large++ == 0) {
      first_large = i;
    }
  }
  if (bad == 0 && large > 0) {
    // max_digits10 significant digits of the cells' type name the value and the bound exactly:
    // with fewer, a value at the bound may print above the printed bound.
    constexpr int digits = std::numeric_limits<T>::max_digits10;
    char text[64];
    std::snprintf(text, sizeof text, "%.*g", digits, static_cast<double>(cells[first_large]));
    char bound[64];
    std::snprintf(bound, sizeof bound, "%.*g", digits, max_magnitude);
    throw FileRejected(where + " contains " + std::to_string(large) + " cell" +
                       (large == 1 ? "" : "s") + " larger than " + bound +
                       " in magnitude (first: " + text + " at " +
                       cell_text(first_large, dimensions, n) +
                       "); a restart's cells must stay below it, or a step could overflow to Inf");
  }
  if (bad > 0) {
    const char* what = std::isnan(cells[first]) ? "NaN" : "Inf";
    throw FileRejected(where + " contains " + std::to_string(bad) + " non-finite cell" +
                       (bad == 1 ? "" : "s") + " (first: " + what + " at " +
                       cell_text(first, dimensions, n) + "); a grid state must be finite");
  }
}

void require_finite(const GridState& state, const std::string& where, double max_magnitude) {
  state.cells.visit([&](const auto& values) {
    require_finite_values(values, state.dimensions, state.n, where, max_magnitude);
  });
}

bool is_virtual(hid_t dataset) {
  const Handle dcpl(H5Dget_create_plist(dataset), H5Pclose, "cannot read the storage layout");
  return H5Pget_layout(dcpl.id()) == H5D_VIRTUAL;
}

// The file, the dataset and what a reader checks before reading cells.
struct OpenedState {
  Handle file;
  Handle dataset;
  std::string where;                        // "input 'file:/dataset'"
  GridState state;                          // without cells
  Precision precision = kDefaultPrecision;  // of the dataset
  std::vector<TilePiece> pieces;            // of a virtual dataset
};

OpenedState open_state(const DatasetRef& ref, const ReadRules& rules) {
  require_readable_file(ref.file);
  OpenedState opened;
  GridState& state = opened.state;
  opened.file = open_file(ref.file);
  const hid_t file = opened.file.id();
  state.dataset = ref.dataset.empty() ? default_dataset(file, ref.file) : ref.dataset;
  if (state.dataset.front() != '/')
    state.dataset.insert(0, "/");
  opened.where = "input " + quoted(ref.file + ":" + state.dataset);
  if (!path_exists(file, state.dataset))
    throw FileRejected("input " + quoted(ref.file) + " has no dataset " + quoted(state.dataset));
  opened.dataset = Handle(H5Oopen(file, state.dataset.c_str(), H5P_DEFAULT), H5Oclose,
                          "cannot open " + state.dataset);
  if (H5Iget_type(opened.dataset.id()) != H5I_DATASET)
    throw FileRejected(opened.where + " is a group, not a dataset");
  opened.precision = read_shape(opened.dataset.id(), opened.where, rules, state);
  state.iteration = read_iteration(opened.dataset.id(), opened.where);
  if (is_virtual(opened.dataset.id())) {
    opened.pieces = read_virtual_pieces(opened.dataset.id(), state.dataset, state.dimensions,
                                        state.n, opened.where);
  } else {
    require_stored_in_full(opened.dataset.id(), opened.where);
  }
  return opened;
}

// Refuses a tile whose save_set_id is not the one the main file records: a tile file of another
// save copied over this set's, caught without any hash. The absence of an id counts as a value:
// a main file and tile files that all lack one (older files) pass.
void require_same_save(hid_t tile, const TilePiece& piece, const std::string& tile_where) {
  const std::optional<SaveSetId> own = read_save_set_id(tile, tile_where);
  if (own == piece.save_set_id)
    return;
  const std::string from_another = "; the tile file is from another save";
  if (!own) {
    throw FileRejected(tile_where + " has no " + kSaveSetIdAttribute +
                       ", but the main file records save set " + piece.save_set_id->text() +
                       from_another);
  }
  if (!piece.save_set_id) {
    throw FileRejected(tile_where + " is of save set " + own->text() +
                       ", but the main file records none" + from_another);
  }
  throw FileRejected(tile_where + " is of save set " + own->text() +
                     ", but the main file records save set " + piece.save_set_id->text() +
                     from_another);
}

// Opens the tile file of `piece` and checks what needs no cells: present, a dataset of the main
// file's precision and the piece's shape, stored in full, of the main file's save set, and its own
// hash equal to the main file's record. Returns the open dataset (and keeps its file open through
// `file`).
Handle open_tile(const std::string& main_file, const std::string& dataset_path, int dimensions,
                 Precision precision, const TilePiece& piece, const std::string& where,
                 Handle& file) {
  const std::string path = tile_file_path(main_file, piece);
  const std::string tile_where = where + ": tile file " + quoted(path);
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0 || !S_ISREG(info.st_mode)) {
    throw FileRejected(tile_where +
                       " is missing (the main file and its tile files must stay "
                       "together)");
  }
  if (H5Fis_hdf5(path.c_str()) <= 0)
    throw FileRejected(tile_where + " is not an HDF5 file");
  try {
    const Handle fapl = hdf5::file_access_properties();
    file = Handle(H5Fopen(path.c_str(), H5F_ACC_RDONLY, fapl.id()), H5Fclose, "cannot open");
  } catch (const hdf5::Failure& e) {
    throw FileRejected(tile_where + " is truncated or corrupt (" + e.what() + ")");
  }
  if (!path_exists(file.id(), dataset_path))
    throw FileRejected(tile_where + " has no dataset " + quoted(dataset_path));
  Handle dataset(H5Dopen2(file.id(), dataset_path.c_str(), H5P_DEFAULT), H5Dclose,
                 "cannot open " + dataset_path);
  const Handle type(H5Dget_type(dataset.id()), H5Tclose, "cannot read the type");
  const Handle space(H5Dget_space(dataset.id()), H5Sclose, "cannot read the shape");
  hsize_t dims[2] = {0, 0};
  const int rank = H5Sget_simple_extent_ndims(space.id());
  if (rank == dimensions)
    H5Sget_simple_extent_dims(space.id(), dims, nullptr);
  const bool shape_fits = dimensions == 2
                              ? dims[0] == hsize_t(piece.rows) && dims[1] == hsize_t(piece.cols)
                              : rank == 1 && dims[0] == hsize_t(piece.cols);
  if (cell_precision_of(type.id()) != precision || rank != dimensions || !shape_fits) {
    throw FileRejected(tile_where + " does not hold a " +
                       std::string(element_type_name(precision)) + " tile of the mapped shape");
  }
  require_stored_in_full(dataset.id(), tile_where);
  require_same_save(dataset.id(), piece, tile_where);
  const std::optional<std::uint64_t> own = read_content_hash(dataset.id(), tile_where);
  if (own && piece.content_hash && *own != *piece.content_hash) {
    throw FileRejected(tile_where + " has content hash " + hex(*own) + ", but the main file " +
                       "records " + hex(*piece.content_hash) + " for it; the tile file is from " +
                       "another save or corrupt");
  }
  return dataset;
}

// A region of the grid: rows [row0, row0 + rows) x columns [col0, col0 + cols); 1-D: row0 0,
// rows 1.
struct Region {
  std::int64_t row0 = 0, rows = 1, col0 = 0, cols = 0;
};

// Reads the part of `piece` that lies in `region` from the piece's own tile dataset `tile` into
// `cells` (the region, row-major, of `precision`): the bytes the tile's checks cover, wherever
// HDF5's virtual dataset lookup would go.
void read_piece_part(hid_t tile, int dimensions, Precision precision, const TilePiece& piece,
                     const Region& region, void* cells) {
  const std::int64_t r0 = std::max(region.row0, piece.row0);
  const std::int64_t r1 = std::min(region.row0 + region.rows, piece.row0 + piece.rows);
  const std::int64_t c0 = std::max(region.col0, piece.col0);
  const std::int64_t c1 = std::min(region.col0 + region.cols, piece.col0 + piece.cols);
  if (r0 >= r1 || c0 >= c1)
    return;
  const bool flat = dimensions == 1;
  const hsize_t file_start[2] = {hsize_t(flat ? c0 - piece.col0 : r0 - piece.row0),
                                 hsize_t(c0 - piece.col0)};
  const hsize_t count[2] = {hsize_t(flat ? c1 - c0 : r1 - r0), hsize_t(c1 - c0)};
  const Handle file_space(H5Dget_space(tile), H5Sclose, "cannot read the shape");
  hdf5::check(
      H5Sselect_hyperslab(file_space.id(), H5S_SELECT_SET, file_start, nullptr, count, nullptr),
      "selecting the tile's part");
  const hsize_t extent[2] = {hsize_t(flat ? region.cols : region.rows), hsize_t(region.cols)};
  const hsize_t memory_start[2] = {hsize_t(flat ? c0 - region.col0 : r0 - region.row0),
                                   hsize_t(c0 - region.col0)};
  const Handle memory(H5Screate_simple(dimensions, extent, nullptr), H5Sclose,
                      "describing the region");
  hdf5::check(
      H5Sselect_hyperslab(memory.id(), H5S_SELECT_SET, memory_start, nullptr, count, nullptr),
      "selecting the tile's place");
  hdf5::check(
      H5Dread(tile, native_cell_type(precision), memory.id(), file_space.id(), H5P_DEFAULT, cells),
      "cannot read the data");
}

// Reads `region` of a virtual state from its tile files (checked as open_tile does).
void read_virtual_region(const std::string& main_file, const std::string& dataset_path,
                         int dimensions, Precision precision, const std::vector<TilePiece>& pieces,
                         const Region& region, const std::string& where, void* cells) {
  for (const TilePiece& piece : pieces) {
    if (piece.row0 >= region.row0 + region.rows || region.row0 >= piece.row0 + piece.rows ||
        piece.col0 >= region.col0 + region.cols || region.col0 >= piece.col0 + piece.cols)
      continue;
    Handle file;
    const Handle tile =
        open_tile(main_file, dataset_path, dimensions, precision, piece, where, file);
    try {
      read_piece_part(tile.id(), dimensions, precision, piece, region, cells);
    } catch (const hdf5::Failure& e) {
      throw FileRejected(where + ": tile file " + quoted(tile_file_path(main_file, piece)) +
                         " is truncated or corrupt (" + e.what() + ")");
    }
  }
}

std::string virtual_unverified_reason(const std::vector<TilePiece>& pieces) {
  for (const TilePiece& piece : pieces) {
    if (!piece.content_hash)
      return "no tile hashes";
  }
  return content_hash_available() ? "" : "this build has no xxHash";
}

}  // namespace

GridState read_grid(const DatasetRef& ref, const ReadRules& rules) {
  hdf5::silence_error_stack();
  GridState state;
  try {
    OpenedState opened = open_state(ref, rules);
    state = std::move(opened.state);
    const std::string& where = opened.where;
    for (const TilePiece& piece : opened.pieces) {
      Handle tile_file;
      open_tile(ref.file, state.dataset, state.dimensions, opened.precision, piece, where,
                tile_file);
    }
    const std::size_t cells = state.dimensions == 2 ? static_cast<std::size_t>(state.n) * state.n
                                                    : static_cast<std::size_t>(state.n);
    const std::size_t bytes = cells * element_bytes(opened.precision);
    if (bytes > host_available_bytes()) {
      throw FileRejected(where + " needs " + format_bytes(bytes) +
                         ", more memory than this machine has available");
    }
    try {
      state.cells = Cells(opened.precision, cells);
    } catch (const std::bad_alloc&) {
      throw FileRejected(where + " needs " + format_bytes(bytes) + ", which cannot be allocated");
    }
    if (!opened.pieces.empty()) {
      const Region whole{0, state.dimensions == 2 ? state.n : 1, 0, state.n};
      read_virtual_region(ref.file, state.dataset, state.dimensions, opened.precision,
                          opened.pieces, whole, where, state.cells.data());
    } else {
      try {
        hdf5::check(H5Dread(opened.dataset.id(), native_cell_type(opened.precision), H5S_ALL,
                            H5S_ALL, H5P_DEFAULT, state.cells.data()),
                    "cannot read the data");
      } catch (const hdf5::Failure& e) {
        throw FileRejected(where + " is truncated or corrupt (" + e.what() + ")");
      }
    }
    if (opened.pieces.empty()) {
      verify_content(opened.dataset.id(), where, state);
    } else {
      // The cells read from the tile files against the main file's record.
      verify_tile_hashes(state.cells, state.dimensions == 2 ? state.n : 0, opened.pieces, ref.file,
                         where);
      state.unverified_reason = virtual_unverified_reason(opened.pieces);
    }
    if (!rules.allow_non_finite)
      require_finite(state, where, rules.max_magnitude);
  } catch (const hdf5::Failure& e) {
    throw FileRejected("input " + quoted(ref.file) + " is corrupt or unreadable (" + e.what() +
                       ")");
  }
  return state;
}

GridOutline outline_grid(const DatasetRef& ref, const ReadRules& rules) {
  hdf5::silence_error_stack();
  GridOutline outline;
  try {
    OpenedState opened = open_state(ref, rules);
    outline.file = ref.file;
    outline.dataset = opened.state.dataset;
    outline.dimensions = opened.state.dimensions;
    outline.n = opened.state.n;
    outline.iteration = opened.state.iteration;
    outline.precision = opened.precision;
    outline.pieces = std::move(opened.pieces);
    if (!outline.pieces.empty()) {
      outline.unverified_reason = virtual_unverified_reason(outline.pieces);
    } else if (!read_content_hash(opened.dataset.id(), opened.where)) {
      outline.unverified_reason = "no content hash";
    } else if (!content_hash_available()) {
      outline.unverified_reason = "this build has no xxHash";
    }
  } catch (const hdf5::Failure& e) {
    throw FileRejected("input " + quoted(ref.file) + " is corrupt or unreadable (" + e.what() +
                       ")");
  }
  return outline;
}

void verify_tile(const GridOutline& outline, std::size_t index, const ReadRules& rules) {
  hdf5::silence_error_stack();
  const TilePiece& piece = outline.pieces.at(index);
  const std::string where = "input " + quoted(outline.file + ":" + outline.dataset);
  try {
    Handle file;
    const Handle dataset = open_tile(outline.file, outline.dataset, outline.dimensions,
                                     outline.precision, piece, where, file);
    GridState tile;
    tile.dimensions = 2;
    tile.n = piece.cols;
    tile.cells = Cells(outline.precision, static_cast<std::size_t>(piece.cells()));
    try {
      hdf5::check(H5Dread(dataset.id(), native_cell_type(outline.precision), H5S_ALL, H5S_ALL,
                          H5P_DEFAULT, tile.cells.data()),
                  "cannot read the data");
    } catch (const hdf5::Failure& e) {
      throw FileRejected(where + ": tile file " + quoted(tile_file_path(outline.file, piece)) +
                         " is truncated or corrupt (" + e.what() + ")");
    }
    TilePiece whole = piece;
    whole.row0 = whole.col0 = 0;
    verify_tile_hashes(tile.cells, piece.cols, {whole}, outline.file, where);
    if (!rules.allow_non_finite)
      require_finite(tile, where + ": tile file " + quoted(tile_file_path(outline.file, piece)),
                     rules.max_magnitude);
  } catch (const hdf5::Failure& e) {
    throw FileRejected(where + ": a tile file is corrupt or unreadable (" + e.what() + ")");
  }
}

Cells read_region(const GridOutline& outline, std::int64_t row0, std::int64_t rows,
                  std::int64_t col0, std::int64_t cols) {
  hdf5::silence_error_stack();
  const std::string where = "input " + quoted(outline.file + ":" + outline.dataset);
  Cells cells(outline.precision, static_cast<std::size_t>(rows * cols));
  try {
    if (!outline.pieces.empty()) {
      // From the tile files themselves: the bytes verify_tile checked, never the files HDF5's
      // virtual dataset lookup might find instead.
      read_virtual_region(outline.file, outline.dataset, outline.dimensions, outline.precision,
                          outline.pieces, Region{row0, rows, col0, cols}, where, cells.data());
      return cells;
    }
    const Handle file = open_file(outline.file);
    const Handle dataset(H5Dopen2(file.id(), outline.dataset.c_str(), H5P_DEFAULT), H5Dclose,
                         "cannot open " + outline.dataset);
    const Handle type(H5Dget_type(dataset.id()), H5Tclose, "cannot read the type");
    // HDF5 would convert another precision silently: a file replaced since it was outlined.
    if (cell_precision_of(type.id()) != outline.precision) {
      throw FileRejected(where + " is no longer of " +
                         std::string(element_type_name(outline.precision)) +
                         "; it changed while it was being read");
    }
    const Handle space(H5Dget_space(dataset.id()), H5Sclose, "cannot read the shape");
    const bool flat = outline.dimensions == 1;
    const hsize_t start[2] = {hsize_t(flat ? col0 : row0), hsize_t(col0)};
    const hsize_t count[2] = {hsize_t(flat ? cols : rows), hsize_t(cols)};
    hdf5::check(H5Sselect_hyperslab(space.id(), H5S_SELECT_SET, start, nullptr, count, nullptr),
                "selecting the region");
    const Handle memory(H5Screate_simple(outline.dimensions, count, nullptr), H5Sclose,
                        "describing the region");
    hdf5::check(H5Dread(dataset.id(), native_cell_type(outline.precision), memory.id(), space.id(),
                        H5P_DEFAULT, cells.data()),
                "cannot read the data");
  } catch (const hdf5::Failure& e) {
    throw FileRejected(where + " is truncated or corrupt (" + e.what() + ")");
  }
  return cells;
}

}  // namespace stencil::io
