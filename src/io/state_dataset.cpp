// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "io/state_dataset.hpp"

#include <algorithm>
#include <stdexcept>

#include "io/cell_types.hpp"
#include "io/content_hash.hpp"
#include "io/grid_file.hpp"
#include "io/hdf5_attributes.hpp"

namespace stencil::io {
namespace {

using hdf5::Handle;

// About 1 MiB per chunk: whole rows, so a reader of a row band touches few chunks, and small
// enough that HDF5's default 1 MiB chunk cache does not hold back a full disk until close.
constexpr std::size_t kChunkBytes = std::size_t{1} << 20;
constexpr unsigned kGzipLevel = 4;

}  // namespace

std::string other_precision_refusal(const std::string& path, const Cells& cells,
                                    Precision file_precision) {
  return "writing '" + path + "': a " + std::string(element_type_name(cells.precision())) +
         " state cannot go into a file of " + std::string(element_type_name(file_precision)) +
         " states (one output file holds one precision)";
}

// Chunked (required for filters), Fletcher32 on every chunk so a corrupted file is refused on
// reading instead of restarting from damaged values, no timestamps in object headers (two saves of
// the same run differ only in the `created` attribute), optionally shuffle + gzip.
Handle state_dataset_properties(const StateShape& shape, bool compress) {
  Handle dcpl(H5Pcreate(H5P_DATASET_CREATE), H5Pclose, "creating dataset properties");
  const hsize_t row_cells = shape.rank == 2 ? shape.extent[1] : 1;
  const hsize_t rows = std::clamp<hsize_t>(
      kChunkBytes / (element_bytes(shape.precision) * row_cells), 1, shape.extent[0]);
  const hsize_t chunk[2] = {rows, shape.rank == 2 ? shape.extent[1] : 1};
  hdf5::check(H5Pset_chunk(dcpl.id(), shape.rank, chunk), "setting the chunk shape");
  if (compress) {
    hdf5::check(H5Pset_shuffle(dcpl.id()), "enabling shuffle");
    hdf5::check(H5Pset_deflate(dcpl.id(), kGzipLevel), "enabling gzip");
  }
  hdf5::check(H5Pset_fletcher32(dcpl.id()), "enabling checksums");
  hdf5::check(H5Pset_obj_track_times(dcpl.id(), false), "disabling timestamps");
  return dcpl;
}

std::optional<std::uint64_t> write_state(hid_t file, hid_t dcpl, std::int64_t iteration,
                                         const StateShape& shape, const Cells& cells,
                                         const std::optional<SaveSetId>& save_set_id) {
  if (cells.size() != shape.cells())
    throw std::logic_error("write_state: the cells do not have the state's shape");
  if (cells.precision() != shape.precision)
    throw std::logic_error("write_state: the cells are not of the state's precision");
  const std::string name = step_group_name(iteration);
  const std::string what = "writing " + step_dataset_path(iteration);
  Handle group(H5Gcreate2(file, name.c_str(), H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT), H5Gclose,
               what);
  const Handle space(H5Screate_simple(shape.rank, shape.extent, nullptr), H5Sclose, what);
  Handle dataset(H5Dcreate2(group.id(), kStateName, stored_cell_type(shape.precision), space.id(),
                            H5P_DEFAULT, dcpl, H5P_DEFAULT),
                 H5Dclose, what);
  hdf5::check(H5Dwrite(dataset.id(), native_cell_type(shape.precision), H5S_ALL, H5S_ALL,
                       H5P_DEFAULT, cells.data()),
              what);
  hdf5::write_integer(dataset.id(), kIterationAttribute, iteration);
  const std::optional<std::uint64_t> hash = content_hash(cells);
  if (hash)
    hdf5::write_unsigned(dataset.id(), kContentHashAttribute, *hash);
  if (save_set_id)
    write_save_set_id(dataset.id(), *save_set_id);
  dataset.close(what);
  group.close(what);
  hdf5::check(H5Fflush(file, H5F_SCOPE_LOCAL), what);
  return hash;
}

}  // namespace stencil::io
