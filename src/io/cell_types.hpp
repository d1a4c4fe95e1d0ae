// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The HDF5 types of a state's cells in each precision: stored as IEEE little-endian float32 or
// float64 (H5T_IEEE_F32LE, H5T_IEEE_F64LE), held in memory as the native float or double. A
// saved state keeps the precision it was computed in; one file holds states of one precision.
#pragma once

#include <hdf5.h>

#include <optional>
#include <string>

#include "stencil/precision.hpp"

namespace stencil::io {

// The file type a state of `precision` is written as.
hid_t stored_cell_type(Precision precision);
// The memory type of cells of `precision` (float or double).
hid_t native_cell_type(Precision precision);
// The precision of a dataset of file type `type`: IEEE float32 or float64 in either byte order
// (HDF5 converts big-endian values on reading); nullopt for any other type.
std::optional<Precision> cell_precision_of(hid_t type);
// The type in words for a refusal: "32-bit integers", "16-bit floats", "strings", ...
std::string describe_stored_type(hid_t type);

}  // namespace stencil::io
