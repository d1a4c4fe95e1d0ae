#include "io/grid_writer.hpp"

#include <algorithm>
#include <ctime>
#include <fstream>

#include "io/atomic_file.hpp"
#include "io/content_hash.hpp"
#include "io/errors.hpp"
#include "io/grid_file.hpp"
#include "io/hdf5_handle.hpp"
#include "io/interrupt_cleanup.hpp"
#include "io/output_lock.hpp"
#include "io/output_path.hpp"
#include "io/xdmf.hpp"
#include "stencil/arithmetic.hpp"

namespace stencil::io {
namespace {

using hdf5::Handle;

// About 1 MiB per chunk: whole rows, so a reader of a row band touches few chunks, and small
// enough that HDF5's default 1 MiB chunk cache does not hold back a full disk until close.
constexpr std::size_t kChunkBytes = std::size_t{1} << 20;
constexpr unsigned kGzipLevel = 4;

std::string utc_now() {
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

void write_string(hid_t object, const char* name, const std::string& value) {
  const std::string what = std::string("writing attribute '") + name + "'";
  const Handle type(H5Tcopy(H5T_C_S1), H5Tclose, what);
  hdf5::check(H5Tset_size(type.id(), H5T_VARIABLE), what);
  hdf5::check(H5Tset_cset(type.id(), H5T_CSET_UTF8), what);
  const Handle space(H5Screate(H5S_SCALAR), H5Sclose, what);
  Handle attribute(H5Acreate2(object, name, type.id(), space.id(), H5P_DEFAULT, H5P_DEFAULT),
                   H5Aclose, what);
  const char* text = value.c_str();
  hdf5::check(H5Awrite(attribute.id(), type.id(), &text), what);
  attribute.close(what);
}

void write_integer(hid_t object, const char* name, long long value) {
  const std::string what = std::string("writing attribute '") + name + "'";
  const Handle space(H5Screate(H5S_SCALAR), H5Sclose, what);
  Handle attribute(H5Acreate2(object, name, H5T_STD_I64LE, space.id(), H5P_DEFAULT, H5P_DEFAULT),
                   H5Aclose, what);
  hdf5::check(H5Awrite(attribute.id(), H5T_NATIVE_LLONG, &value), what);
  attribute.close(what);
}

void write_unsigned(hid_t object, const char* name, unsigned long long value) {
  const std::string what = std::string("writing attribute '") + name + "'";
  const Handle space(H5Screate(H5S_SCALAR), H5Sclose, what);
  Handle attribute(H5Acreate2(object, name, H5T_STD_U64LE, space.id(), H5P_DEFAULT, H5P_DEFAULT),
                   H5Aclose, what);
  hdf5::check(H5Awrite(attribute.id(), H5T_NATIVE_ULLONG, &value), what);
  attribute.close(what);
}

void write_floats(hid_t object, const char* name, const std::vector<float>& values) {
  const std::string what = std::string("writing attribute '") + name + "'";
  const hsize_t count = values.size();
  const Handle space(H5Screate_simple(1, &count, nullptr), H5Sclose, what);
  Handle attribute(H5Acreate2(object, name, H5T_IEEE_F32LE, space.id(), H5P_DEFAULT, H5P_DEFAULT),
                   H5Aclose, what);
  hdf5::check(H5Awrite(attribute.id(), H5T_NATIVE_FLOAT, values.data()), what);
  attribute.close(what);
}

void write_run_attributes(hid_t root, const RunMetadata& m) {
  write_integer(root, "n", m.n);
  write_integer(root, "dimensions", m.dimensions);
  if (m.dimensions == 2) {
    write_string(root, "stencil",
                 "out = 0.5*c + 0.125*(((left + right) + up) + down); border cells copied");
    write_string(root, "coefficient_names", "centre, neighbour");
    write_floats(root, "coefficients", {kCentreWeight2D, kNeighbourWeight2D});
  } else {
    write_string(root, "stencil", "out = (0.25*left + 0.5*c) + 0.25*right; end cells copied");
    write_string(root, "coefficient_names", "left, centre, right");
    write_floats(root, "coefficients", {kSideWeight1D, kCentreWeight1D, kSideWeight1D});
  }
  write_string(root, "variant", m.variant);
  write_string(root, "implementation", m.implementation);
  write_string(root, "execution_space", m.execution_space);
  write_string(root, "app_version", m.app_version);
  write_string(root, "app_commit", m.app_commit);
  write_string(root, "created", utc_now());
  write_string(root, "initial_state", m.initial_state);
  write_integer(root, "save_every", m.save_every);
}

// Chunked (required for filters), Fletcher32 on every chunk so a corrupted file is refused on
// reading instead of restarting from damaged values, no timestamps in object headers (two saves of
// the same run differ only in the `created` attribute), optionally shuffle + gzip.
Handle dataset_properties(const RunMetadata& m, bool compress) {
  Handle dcpl(H5Pcreate(H5P_DATASET_CREATE), H5Pclose, "creating dataset properties");
  const hsize_t n = static_cast<hsize_t>(m.n);
  const hsize_t row_cells = m.dimensions == 2 ? n : 1;
  const hsize_t rows = std::clamp<hsize_t>(kChunkBytes / (sizeof(float) * row_cells), 1, n);
  const hsize_t chunk[2] = {rows, n};
  hdf5::check(H5Pset_chunk(dcpl.id(), m.dimensions, m.dimensions == 2 ? chunk : &rows),
              "setting the chunk shape");
  if (compress) {
    hdf5::check(H5Pset_shuffle(dcpl.id()), "enabling shuffle");
    hdf5::check(H5Pset_deflate(dcpl.id(), kGzipLevel), "enabling gzip");
  }
  hdf5::check(H5Pset_fletcher32(dcpl.id()), "enabling checksums");
  hdf5::check(H5Pset_obj_track_times(dcpl.id(), false), "disabling timestamps");
  return dcpl;
}

}  // namespace

struct GridFileWriter::Impl {
  RunMetadata metadata;
  std::string h5_name;  // as the user named it: the sidecar beside that name refers to it
  OutputLock lock;      // first: held until both files are in place or removed
  AtomicFile h5;
  AtomicFile xmf;
  Handle file;  // declared after the AtomicFiles: closed before they remove their temporaries
  Handle dcpl;
  std::vector<std::int64_t> steps;

  Impl(const std::string& path, const RunMetadata& m)
      : metadata(m),
        h5_name(file_name_of(path)),
        lock(resolve_output_path(path)),
        h5(path),
        xmf(xdmf_sidecar_path(path)) {}

  std::string failure(const std::string& reason) const {
    return "writing '" + h5.final_path() + "' failed: " + reason + " (the file at that path, if " +
           "any, is unchanged)";
  }
};

GridFileWriter::GridFileWriter(const std::string& path, const RunMetadata& metadata,
                               bool compress) {
  hdf5::silence_error_stack();
  if (compress && H5Zfilter_avail(H5Z_FILTER_DEFLATE) <= 0)
    throw FileRejected("-compress: this HDF5 library has no gzip (deflate) filter");
  impl_ = std::make_unique<Impl>(path, metadata);
  try {
    // Format of HDF5 1.10 and later: all metadata carries checksums, the chunk index included
    // (1.8's B-tree keys have none, and a flipped key hides a chunk); readable by HDF5 >= 1.10.
    const Handle fapl = hdf5::file_access_properties();
    hdf5::check(H5Pset_libver_bounds(fapl.id(), H5F_LIBVER_V110, H5F_LIBVER_V110),
                "choosing the file format");
    impl_->file =
        Handle(H5Fcreate(impl_->h5.temp_path().c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, fapl.id()),
               H5Fclose, "creating the file");
    write_run_attributes(impl_->file.id(), metadata);
    impl_->dcpl = dataset_properties(metadata, compress);
  } catch (const hdf5::Failure& e) {
    throw WriteFailed(impl_->failure(e.what()));
  }
}

GridFileWriter::~GridFileWriter() = default;

void GridFileWriter::write_step(std::int64_t iteration, const std::vector<float>& cells) {
  Impl& w = *impl_;
  const std::size_t n = static_cast<std::size_t>(w.metadata.n);
  if (cells.size() != (w.metadata.dimensions == 2 ? n * n : n))
    throw std::logic_error("write_step: the state does not have the run's shape");
  if (!w.steps.empty() && iteration <= w.steps.back())
    throw std::logic_error("write_step: iterations must increase");
  const std::string name = step_group_name(iteration);
  const std::string what = "writing " + step_dataset_path(iteration);
  try {
    Handle group(H5Gcreate2(w.file.id(), name.c_str(), H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT),
                 H5Gclose, what);
    const hsize_t dims[2] = {n, n};
    const Handle space(H5Screate_simple(w.metadata.dimensions, dims, nullptr), H5Sclose, what);
    Handle dataset(H5Dcreate2(group.id(), kStateName, H5T_IEEE_F32LE, space.id(), H5P_DEFAULT,
                              w.dcpl.id(), H5P_DEFAULT),
                   H5Dclose, what);
    hdf5::check(
        H5Dwrite(dataset.id(), H5T_NATIVE_FLOAT, H5S_ALL, H5S_ALL, H5P_DEFAULT, cells.data()),
        what);
    write_integer(dataset.id(), kIterationAttribute, iteration);
    if (const auto hash = content_hash(cells))
      write_unsigned(dataset.id(), kContentHashAttribute, *hash);
    dataset.close(what);
    group.close(what);
    hdf5::check(H5Fflush(w.file.id(), H5F_SCOPE_LOCAL), what);
  } catch (const hdf5::Failure& e) {
    throw WriteFailed(w.failure(e.what()));
  }
  w.steps.push_back(iteration);
}

void GridFileWriter::commit() {
  Impl& w = *impl_;
  try {
    w.dcpl.close("closing the dataset properties");
    w.file.close("closing the file");
  } catch (const hdf5::Failure& e) {
    throw WriteFailed(w.failure(e.what()));
  }
  {
    std::ofstream out(w.xmf.temp_path(), std::ios::binary | std::ios::trunc);
    out << xdmf_text({w.h5_name, w.metadata.dimensions, w.metadata.n, w.steps});
    out.close();
    if (!out) {
      throw WriteFailed("writing '" + w.xmf.final_path() +
                        "' failed (disk full?); the file at that path, if any, is unchanged");
    }
  }
  // SIGINT/SIGTERM between the two renames would leave a new .h5 beside the old .xmf.
  const InterruptsDeferred both_or_neither;
  w.h5.commit();
  w.xmf.commit();
  w.lock.release();
}

const std::string& GridFileWriter::path() const {
  return impl_->h5.final_path();
}

std::string GridFileWriter::sidecar_path() const {
  return impl_->xmf.final_path();
}

std::size_t GridFileWriter::states_written() const {
  return impl_->steps.size();
}

}  // namespace stencil::io
