// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "io/grid_writer.hpp"

#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <string>

#include "io/atomic_file.hpp"
#include "io/errors.hpp"
#include "io/grid_file.hpp"
#include "io/hdf5_handle.hpp"
#include "io/interrupt_cleanup.hpp"
#include "io/output_lock.hpp"
#include "io/output_path.hpp"
#include "io/state_dataset.hpp"
#include "io/xdmf.hpp"
#include "stencil/utf8.hpp"

namespace stencil::io {
using hdf5::Handle;

struct GridFileWriter::Impl {
  RunMetadata metadata;
  std::string h5_name;  // as the user named it: the sidecar beside that name refers to it
  OutputLock lock;      // first: held until both files are in place or removed
  AtomicFile h5;
  AtomicFile xmf;
  Handle file;  // declared after the AtomicFiles: closed before they remove their temporaries
  Handle dcpl;
  StateShape shape;
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

namespace {

// XML 1.0 has no way to write a control character, not even as a character reference, so the
// sidecar could not name the file. Nor can an XML document in UTF-8 hold a byte that is no part of
// a valid UTF-8 sequence (a Latin-1 name): its readers reject the whole file. Such a name is
// refused rather than escaped, since an escaped name would no longer be the file's.
void require_name_the_sidecar_can_hold(const std::string& path) {
  const std::string name = file_name_of(path);
  for (const char c : name) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20) {
      char code[8];
      std::snprintf(code, sizeof code, "0x%02x", byte);
      throw FileRejected("output '" + path + "': its name contains the control character " + code +
                         ", which the XDMF sidecar cannot name; choose another -output");
    }
  }
  if (const std::size_t at = first_invalid_utf8(name); at != std::string::npos) {
    char code[8];
    std::snprintf(code, sizeof code, "0x%02x", static_cast<unsigned char>(name[at]));
    throw FileRejected("output '" + path + "': its name is not valid UTF-8 (byte " + code +
                       " at offset " + std::to_string(at) +
                       "), which the XDMF sidecar (an XML file) cannot name; choose another "
                       "-output");
  }
}

}  // namespace

GridFileWriter::GridFileWriter(const std::string& path, const RunMetadata& metadata,
                               bool compress) {
  hdf5::silence_error_stack();
  require_name_the_sidecar_can_hold(path);
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
    StateShape& shape = impl_->shape;
    shape.rank = metadata.dimensions;
    shape.extent[0] = shape.extent[1] = static_cast<hsize_t>(metadata.n);
    shape.precision = metadata.precision;
    impl_->dcpl = state_dataset_properties(shape, compress);
  } catch (const hdf5::Failure& e) {
    throw WriteFailed(impl_->failure(e.what()));
  }
}

GridFileWriter::~GridFileWriter() = default;

void GridFileWriter::write_step(std::int64_t iteration, const Cells& cells) {
  Impl& w = *impl_;
  if (cells.size() != w.shape.cells())
    throw std::logic_error("write_step: the state does not have the run's shape");
  if (cells.precision() != w.shape.precision)
    throw std::logic_error(other_precision_refusal(w.h5.final_path(), cells, w.shape.precision));
  if (!w.steps.empty() && iteration <= w.steps.back())
    throw std::logic_error("write_step: iterations must increase");
  try {
    write_state(w.file.id(), w.dcpl.id(), iteration, w.shape, cells);
  } catch (const hdf5::Failure& e) {
    throw WriteFailed(w.failure(e.what()));
  }
  w.steps.push_back(iteration);
}

void GridFileWriter::write_virtual_step(std::int64_t iteration,
                                        const std::vector<TilePiece>& pieces) {
  Impl& w = *impl_;
  if (!w.steps.empty() && iteration <= w.steps.back())
    throw std::logic_error("write_virtual_step: iterations must increase");
  const std::string what = "writing " + step_dataset_path(iteration);
  try {
    Handle group(H5Gcreate2(w.file.id(), step_group_name(iteration).c_str(), H5P_DEFAULT,
                            H5P_DEFAULT, H5P_DEFAULT),
                 H5Gclose, what);
    Handle dataset = create_virtual_state(group.id(), w.metadata.dimensions, w.metadata.n,
                                          iteration, pieces, w.metadata.precision);
    dataset.close(what);
    group.close(what);
    hdf5::check(H5Fflush(w.file.id(), H5F_SCOPE_LOCAL), what);
  } catch (const hdf5::Failure& e) {
    throw WriteFailed(w.failure(e.what()));
  }
  w.steps.push_back(iteration);
}

void GridFileWriter::commit(const std::string& tile_set) {
  Impl& w = *impl_;
  try {
    w.dcpl.close("closing the dataset properties");
    w.file.close("closing the file");
  } catch (const hdf5::Failure& e) {
    throw WriteFailed(w.failure(e.what()));
  }
  {
    std::ofstream out(w.xmf.temp_path(), std::ios::binary | std::ios::trunc);
    out << xdmf_text(
        {w.h5_name, w.metadata.dimensions, w.metadata.n, w.steps, w.metadata.precision});
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
  // The tile files of the set just replaced (or left by a killed run) belong to no main file now.
  remove_other_tile_sets(w.h5.final_path(), tile_set);
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
