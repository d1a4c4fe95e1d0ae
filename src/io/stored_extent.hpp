// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Whether every byte of a dataset's grid is really stored in the file. HDF5 reads a chunk it
// cannot find in the chunk index as the fill value, without an error, and skips the checksum of a
// chunk whose filter mask says the Fletcher32 filter was not applied: one flipped bit in a chunk
// key or a filter mask would otherwise restart a run from zeros or from unchecked values.
#pragma once

#include <hdf5.h>

#include <string>

namespace stencil::io {

// Throws FileRejected (naming `where`) unless the dataset's storage is allocated in full: for a
// chunked dataset, every chunk of the extent is in the index with filter mask 0 (all filters
// applied); for a contiguous or compact one, the whole extent is allocated and its block is as
// long as the dataset. Storage in external raw files is refused (no checksum, and HDF5 reads a
// short raw file's missing tail as the fill value). Needs HDF5 >= 1.10.5.
void require_stored_in_full(hid_t dataset, const std::string& where);

}  // namespace stencil::io
