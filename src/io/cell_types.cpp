// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "io/cell_types.hpp"

namespace stencil::io {

hid_t stored_cell_type(Precision precision) {
  return precision == Precision::fp64 ? H5T_IEEE_F64LE : H5T_IEEE_F32LE;
}

hid_t native_cell_type(Precision precision) {
  return precision == Precision::fp64 ? H5T_NATIVE_DOUBLE : H5T_NATIVE_FLOAT;
}

std::optional<Precision> cell_precision_of(hid_t type) {
  if (H5Tequal(type, H5T_IEEE_F32LE) > 0 || H5Tequal(type, H5T_IEEE_F32BE) > 0)
    return Precision::fp32;
  if (H5Tequal(type, H5T_IEEE_F64LE) > 0 || H5Tequal(type, H5T_IEEE_F64BE) > 0)
    return Precision::fp64;
  return std::nullopt;
}

std::string describe_stored_type(hid_t type) {
  const std::size_t size = H5Tget_size(type);
  const std::string bits = std::to_string(8 * size) + "-bit ";
  switch (H5Tget_class(type)) {
    case H5T_INTEGER:
      return bits + "integers";
    case H5T_FLOAT:
      // A float of 4 or 8 bytes that is not IEEE's layout (another exponent or mantissa width).
      return (size == 4 || size == 8) && !cell_precision_of(type) ? bits + "non-IEEE floats"
                                                                  : bits + "floats";
    case H5T_STRING:
      return "strings";
    case H5T_COMPOUND:
      return "compound records";
    default:
      return "values that are not numbers";
  }
}

}  // namespace stencil::io
