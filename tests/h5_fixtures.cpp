// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "h5_fixtures.hpp"

#include <stdlib.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <stdexcept>

namespace stencil::test {
namespace {

void require(bool ok, const std::string& what) {
  if (!ok)
    throw std::runtime_error("test fixture: " + what + " failed");
}

}  // namespace

TempDir::TempDir() {
  char pattern[] = "/tmp/stencil_io_test_XXXXXX";
  require(mkdtemp(pattern) != nullptr, "mkdtemp");
  path_ = pattern;
}

TempDir::~TempDir() {
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}

std::vector<std::string> TempDir::names() const {
  std::vector<std::string> out;
  for (const auto& entry : std::filesystem::directory_iterator(path_))
    out.push_back(entry.path().filename().string());
  std::sort(out.begin(), out.end());
  return out;
}

void write_dataset(const std::string& file, const std::string& dataset, hid_t file_type,
                   hid_t memory_type, const std::vector<hsize_t>& dims, const void* data,
                   bool checksum, std::optional<long long> iteration) {
  H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
  const bool exists = std::filesystem::exists(file);
  const hid_t f = exists ? H5Fopen(file.c_str(), H5F_ACC_RDWR, H5P_DEFAULT)
                         : H5Fcreate(file.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
  require(f >= 0, "opening " + file);
  const hid_t lcpl = H5Pcreate(H5P_LINK_CREATE);
  H5Pset_create_intermediate_group(lcpl, 1);
  const hid_t space = dims.empty()
                          ? H5Screate(H5S_SCALAR)
                          : H5Screate_simple(static_cast<int>(dims.size()), dims.data(), nullptr);
  const hid_t dcpl = H5Pcreate(H5P_DATASET_CREATE);
  if (checksum) {
    std::vector<hsize_t> chunk(dims);
    for (auto& c : chunk)
      c = std::clamp<hsize_t>(c, 1, 256);  // a chunk holds at most 4 GiB
    H5Pset_chunk(dcpl, static_cast<int>(chunk.size()), chunk.data());
    H5Pset_fletcher32(dcpl);
  }
  const hid_t d = H5Dcreate2(f, dataset.c_str(), file_type, space, lcpl, dcpl, H5P_DEFAULT);
  require(d >= 0, "creating " + dataset);
  if (data)
    require(H5Dwrite(d, memory_type, H5S_ALL, H5S_ALL, H5P_DEFAULT, data) >= 0, "writing");
  if (iteration) {
    const hid_t scalar = H5Screate(H5S_SCALAR);
    const hid_t a = H5Acreate2(d, "iteration", H5T_STD_I64LE, scalar, H5P_DEFAULT, H5P_DEFAULT);
    require(H5Awrite(a, H5T_NATIVE_LLONG, &*iteration) >= 0, "writing iteration");
    H5Aclose(a);
    H5Sclose(scalar);
  }
  H5Dclose(d);
  H5Pclose(dcpl);
  H5Sclose(space);
  H5Pclose(lcpl);
  require(H5Fclose(f) >= 0, "closing " + file);
}

void write_floats(const std::string& file, const std::string& dataset,
                  const std::vector<hsize_t>& dims, const std::vector<float>& values, bool checksum,
                  std::optional<long long> iteration) {
  write_dataset(file, dataset, H5T_IEEE_F32LE, H5T_NATIVE_FLOAT, dims, values.data(), checksum,
                iteration);
}

void write_doubles(const std::string& file, const std::string& dataset,
                   const std::vector<hsize_t>& dims, const std::vector<double>& values,
                   bool checksum, std::optional<long long> iteration, hid_t file_type) {
  write_dataset(file, dataset, file_type, H5T_NATIVE_DOUBLE, dims, values.data(), checksum,
                iteration);
}

hid_t half_float_type() {
  const hid_t type = H5Tcopy(H5T_IEEE_F32LE);
  require(type >= 0, "copying a float type");
  // Sign at bit 15, exponent bits 10..14 (bias 15), mantissa bits 0..9.
  require(H5Tset_fields(type, 15, 10, 5, 0, 10) >= 0 && H5Tset_size(type, 2) >= 0 &&
              H5Tset_ebias(type, 15) >= 0,
          "making a 16-bit float type");
  return type;
}

std::string read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void write_bytes(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << bytes;
  require(static_cast<bool>(out), "writing " + path);
}

namespace {

// A dataset's cells read as `memory_type` (HDF5 converts); empty when it cannot be read.
template <class T>
std::vector<T> read_values(const std::string& file, const std::string& dataset, hid_t memory_type) {
  H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
  std::vector<T> values;
  const hid_t f = H5Fopen(file.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
  if (f < 0)
    return values;
  const hid_t d = H5Dopen2(f, dataset.c_str(), H5P_DEFAULT);
  if (d >= 0) {
    const hid_t space = H5Dget_space(d);
    values.resize(static_cast<std::size_t>(H5Sget_simple_extent_npoints(space)));
    if (H5Dread(d, memory_type, H5S_ALL, H5S_ALL, H5P_DEFAULT, values.data()) < 0)
      values.clear();
    H5Sclose(space);
    H5Dclose(d);
  }
  H5Fclose(f);
  return values;
}

}  // namespace

std::vector<float> read_floats(const std::string& file, const std::string& dataset) {
  return read_values<float>(file, dataset, H5T_NATIVE_FLOAT);
}

std::vector<double> read_doubles(const std::string& file, const std::string& dataset) {
  return read_values<double>(file, dataset, H5T_NATIVE_DOUBLE);
}

bool dataset_type_is(const std::string& file, const std::string& dataset, hid_t type) {
  H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
  const hid_t f = H5Fopen(file.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
  require(f >= 0, "opening " + file);
  const hid_t d = H5Dopen2(f, dataset.c_str(), H5P_DEFAULT);
  const hid_t stored = d >= 0 ? H5Dget_type(d) : -1;
  const bool same = stored >= 0 && H5Tequal(stored, type) > 0;
  if (stored >= 0)
    H5Tclose(stored);
  if (d >= 0)
    H5Dclose(d);
  H5Fclose(f);
  return same;
}

std::vector<std::string> root_links(const std::string& file) {
  H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
  const hid_t f = H5Fopen(file.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT);
  require(f >= 0, "opening " + file);
  H5G_info_t info{};
  H5Gget_info(f, &info);
  std::vector<std::string> names;
  for (hsize_t i = 0; i < info.nlinks; ++i) {
    char name[256] = {};
    H5Lget_name_by_idx(f, ".", H5_INDEX_NAME, H5_ITER_INC, i, name, sizeof name, H5P_DEFAULT);
    names.emplace_back(name);
  }
  H5Fclose(f);
  return names;
}

}  // namespace stencil::test
