// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "io/hdf5_attributes.hpp"

#include "io/hdf5_handle.hpp"

namespace stencil::io::hdf5 {
namespace {

std::string writing(const char* name) {
  return std::string("writing attribute '") + name + "'";
}

// One attribute of `count` values (scalar when count is 0) of file type `stored`.
void write_values(hid_t object, const char* name, hid_t stored, hid_t memory, std::size_t count,
                  bool scalar, const void* values) {
  const std::string what = writing(name);
  const hsize_t extent = count;
  const Handle space(scalar ? H5Screate(H5S_SCALAR) : H5Screate_simple(1, &extent, nullptr),
                     H5Sclose, what);
  Handle attribute(H5Acreate2(object, name, stored, space.id(), H5P_DEFAULT, H5P_DEFAULT), H5Aclose,
                   what);
  check(H5Awrite(attribute.id(), memory, values), what);
  attribute.close(what);
}

}  // namespace

void write_string(hid_t object, const char* name, const std::string& value) {
  const std::string what = writing(name);
  const Handle type(H5Tcopy(H5T_C_S1), H5Tclose, what);
  check(H5Tset_size(type.id(), H5T_VARIABLE), what);
  check(H5Tset_cset(type.id(), H5T_CSET_UTF8), what);
  const char* text = value.c_str();
  write_values(object, name, type.id(), type.id(), 1, true, &text);
}

void write_integer(hid_t object, const char* name, long long value) {
  write_values(object, name, H5T_STD_I64LE, H5T_NATIVE_LLONG, 1, true, &value);
}

void write_unsigned(hid_t object, const char* name, unsigned long long value) {
  write_values(object, name, H5T_STD_U64LE, H5T_NATIVE_ULLONG, 1, true, &value);
}

void write_unsigned_array(hid_t object, const char* name,
                          const std::vector<std::uint64_t>& values) {
  write_values(object, name, H5T_STD_U64LE, H5T_NATIVE_UINT64, values.size(), false, values.data());
}

void write_integer_array(hid_t object, const char* name, const std::vector<std::int64_t>& values) {
  write_values(object, name, H5T_STD_I64LE, H5T_NATIVE_INT64, values.size(), false, values.data());
}

void write_floats(hid_t object, const char* name, const std::vector<float>& values) {
  write_values(object, name, H5T_IEEE_F32LE, H5T_NATIVE_FLOAT, values.size(), false, values.data());
}

}  // namespace stencil::io::hdf5
