// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Writing the attributes a saved file carries (scalars, strings, small arrays), shared by the
// single-file writer, the per-rank tile files and the virtual datasets that join them. Each
// throws hdf5::Failure naming the attribute.
#pragma once

#include <hdf5.h>

#include <cstdint>
#include <string>
#include <vector>

namespace stencil::io::hdf5 {

void write_string(hid_t object, const char* name, const std::string& value);
void write_integer(hid_t object, const char* name, long long value);
void write_unsigned(hid_t object, const char* name, unsigned long long value);
void write_unsigned_array(hid_t object, const char* name, const std::vector<std::uint64_t>& values);
void write_integer_array(hid_t object, const char* name, const std::vector<std::int64_t>& values);
void write_floats(hid_t object, const char* name, const std::vector<float>& values);

}  // namespace stencil::io::hdf5
