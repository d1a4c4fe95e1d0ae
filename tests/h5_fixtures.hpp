// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Test fixtures written with HDF5's C API directly, independent of the io library under test:
// scratch directories, files of any shape and type (the bad inputs), byte-level damage.
#pragma once

#include <hdf5.h>

#include <optional>
#include <string>
#include <vector>

namespace stencil::test {

// A fresh directory under /tmp, removed with everything in it when the object goes.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::string& path() const { return path_; }
  std::string operator/(const std::string& name) const { return path_ + "/" + name; }
  // Names in the directory, sorted (hidden ones included).
  std::vector<std::string> names() const;

 private:
  std::string path_;
};

// Writes `dataset` (groups on the way are created) into `file` (created when missing) with the
// given file type, shape and raw bytes in the matching native memory type. Chunked with Fletcher32
// when `checksum` is set. An `iteration` attribute is added when given.
void write_dataset(const std::string& file, const std::string& dataset, hid_t file_type,
                   hid_t memory_type, const std::vector<hsize_t>& dims, const void* data,
                   bool checksum = false, std::optional<long long> iteration = {});

// Shorthands: float32 grids, float64 grids (little-endian unless `file_type` says otherwise).
void write_floats(const std::string& file, const std::string& dataset,
                  const std::vector<hsize_t>& dims, const std::vector<float>& values,
                  bool checksum = false, std::optional<long long> iteration = {});
void write_doubles(const std::string& file, const std::string& dataset,
                   const std::vector<hsize_t>& dims, const std::vector<double>& values,
                   bool checksum = false, std::optional<long long> iteration = {},
                   hid_t file_type = H5T_IEEE_F64LE);

// A 16-bit IEEE float type (half precision: 5 exponent bits, 10 mantissa bits), which HDF5 1.10
// does not predefine but h5py writes for numpy's float16. The caller closes it (H5Tclose).
hid_t half_float_type();

std::string read_bytes(const std::string& path);
void write_bytes(const std::string& path, const std::string& bytes);

// All values of a float dataset, converted to float32 by HDF5 (empty when it cannot be read).
std::vector<float> read_floats(const std::string& file, const std::string& dataset);
// The same as float64, read as h5py reads a float64 dataset: H5Dread into native doubles (empty
// when it cannot be read).
std::vector<double> read_doubles(const std::string& file, const std::string& dataset);
// Whether the dataset's file type is `type` (H5Tequal), as h5py's dtype reports it.
bool dataset_type_is(const std::string& file, const std::string& dataset, hid_t type);

// Root-group link names of an HDF5 file, in name order.
std::vector<std::string> root_links(const std::string& file);

}  // namespace stencil::test
