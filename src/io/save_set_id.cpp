// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "io/save_set_id.hpp"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <random>
#include <vector>

#include "io/errors.hpp"
#include "io/hdf5_attributes.hpp"
#include "io/hdf5_handle.hpp"

namespace stencil::io {

using hdf5::Handle;

std::string SaveSetId::text() const {
  char digits[40];
  std::snprintf(digits, sizeof digits, "%016llx%016llx", static_cast<unsigned long long>(high),
                static_cast<unsigned long long>(low));
  return digits;
}

SaveSetId new_save_set_id() {
  std::random_device device;
  const auto draw64 = [&device] {
    return (static_cast<std::uint64_t>(device()) << 32) ^ static_cast<std::uint64_t>(device());
  };
  const auto now = std::chrono::system_clock::now().time_since_epoch();
  SaveSetId id;
  id.high = draw64() ^ static_cast<std::uint64_t>(
                           std::chrono::duration_cast<std::chrono::nanoseconds>(now).count());
  id.low = draw64() ^ (static_cast<std::uint64_t>(::getpid()) << 32);
  return id;
}

void write_save_set_id(hid_t object, const SaveSetId& id) {
  hdf5::write_unsigned_array(object, kSaveSetIdAttribute, {id.high, id.low});
}

std::optional<SaveSetId> read_save_set_id(hid_t object, const std::string& where) {
  const htri_t exists = H5Aexists(object, kSaveSetIdAttribute);
  hdf5::check(exists < 0 ? -1 : 0, "cannot read the attributes");
  if (exists == 0)
    return std::nullopt;
  const std::string what = std::string("cannot read attribute '") + kSaveSetIdAttribute + "'";
  const Handle attribute(H5Aopen(object, kSaveSetIdAttribute, H5P_DEFAULT), H5Aclose, what);
  const Handle type(H5Aget_type(attribute.id()), H5Tclose, what);
  const Handle space(H5Aget_space(attribute.id()), H5Sclose, what);
  if (H5Tget_class(type.id()) != H5T_INTEGER || H5Tget_size(type.id()) != 8 ||
      H5Tget_sign(type.id()) != H5T_SGN_NONE || H5Sget_simple_extent_npoints(space.id()) != 2) {
    throw FileRejected(where + " has an attribute '" + kSaveSetIdAttribute +
                       "' that is not two unsigned 64-bit integers; the file is corrupt");
  }
  std::uint64_t values[2] = {0, 0};
  hdf5::check(H5Aread(attribute.id(), H5T_NATIVE_UINT64, values), what);
  return SaveSetId{values[0], values[1]};
}

}  // namespace stencil::io
