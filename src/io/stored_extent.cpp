// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "io/stored_extent.hpp"

#include "io/errors.hpp"
#include "io/hdf5_handle.hpp"

namespace stencil::io {
namespace {

using hdf5::Handle;

std::string offset_text(const hsize_t* offset, int rank) {
  std::string text = "(";
  for (int d = 0; d < rank; ++d)
    text += (d ? ", " : "") + std::to_string(offset[d]);
  return text + ")";
}

void require_every_chunk(hid_t dataset, hid_t dcpl, const hsize_t* dims, int rank,
                         const std::string& where) {
  hsize_t chunk[2] = {1, 1};
  if (H5Pget_chunk(dcpl, rank, chunk) != rank || chunk[0] == 0 || (rank == 2 && chunk[1] == 0))
    throw FileRejected(where + " has an unreadable chunk shape");
  // Walk the chunk grid in row-major order; `offset` is the first cell of each chunk.
  hsize_t offset[2] = {0, 0};
  while (offset[0] < dims[0]) {
    unsigned filter_mask = 0;
    haddr_t address = HADDR_UNDEF;
    hsize_t size = 0;
    if (H5Dget_chunk_info_by_coord(dataset, offset, &filter_mask, &address, &size) < 0) {
      throw FileRejected(where + " has a corrupt chunk index (" + hdf5::innermost_error() + ")");
    }
    if (address == HADDR_UNDEF || size == 0) {
      throw FileRejected(where + ": the chunk at " + offset_text(offset, rank) +
                         " is missing from the chunk index; the file is corrupt or incomplete");
    }
    if (filter_mask != 0) {
      throw FileRejected(where + ": the chunk at " + offset_text(offset, rank) +
                         " skips filters (mask " + std::to_string(filter_mask) +
                         "), so its checksum would not be verified; the file is corrupt");
    }
    int d = rank - 1;
    offset[d] += chunk[d];
    while (d > 0 && offset[d] >= dims[d]) {
      offset[d] = 0;
      --d;
      offset[d] += chunk[d];
    }
  }
}

// Contiguous and compact storage hold every cell in one block inside the HDF5 file, whose size
// HDF5 knows: a block shorter than the dataset would read its tail as the fill value.
void require_whole_block(hid_t dataset, hid_t space, const std::string& where) {
  const Handle type(H5Dget_type(dataset), H5Tclose, "cannot read the type");
  const hssize_t points = H5Sget_simple_extent_npoints(space);
  const hsize_t needed = static_cast<hsize_t>(points < 0 ? 0 : points) * H5Tget_size(type.id());
  const hsize_t stored = H5Dget_storage_size(dataset);
  if (stored < needed) {
    throw FileRejected(where + " stores " + std::to_string(stored) + " of its " +
                       std::to_string(needed) + " bytes; the file is truncated or corrupt");
  }
}

}  // namespace

void require_stored_in_full(hid_t dataset, const std::string& where) {
  const Handle dcpl(H5Dget_create_plist(dataset), H5Pclose, "cannot read the storage layout");
  const Handle space(H5Dget_space(dataset), H5Sclose, "cannot read the shape");
  const int rank = hdf5::check(H5Sget_simple_extent_ndims(space.id()), "cannot read the rank");
  hsize_t dims[2] = {0, 0};
  if (rank < 1 || rank > 2)
    return;  // the shape check refuses it with a better message
  hdf5::check(H5Sget_simple_extent_dims(space.id(), dims, nullptr), "cannot read the shape");
  // Cells in a raw file outside the HDF5 file have no checksum, and HDF5 reads whatever that file
  // lacks as the fill value without an error; a saved state never uses them.
  const int external = H5Pget_external_count(dcpl.id());
  if (external != 0) {
    throw FileRejected(where +
                       " keeps its cells in external raw files; a grid state must be stored "
                       "inside the HDF5 file");
  }
  switch (H5Pget_layout(dcpl.id())) {
    case H5D_CHUNKED:
      require_every_chunk(dataset, dcpl.id(), dims, rank, where);
      return;
    case H5D_CONTIGUOUS: {
      H5D_space_status_t status{};
      hdf5::check(H5Dget_space_status(dataset, &status), "cannot read the storage status");
      if (status != H5D_SPACE_STATUS_ALLOCATED)
        throw FileRejected(where + " has no stored data (only its fill value)");
      require_whole_block(dataset, space.id(), where);
      return;
    }
    case H5D_COMPACT:
      // Stored inside the object header, which carries its own checksum.
      require_whole_block(dataset, space.id(), where);
      return;
    default:
      throw FileRejected(where + " has a storage layout this reader does not know");
  }
}

}  // namespace stencil::io
