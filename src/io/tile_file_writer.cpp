// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "io/tile_file_writer.hpp"

#include <unistd.h>

#include <stdexcept>

#include "io/atomic_file.hpp"
#include "io/errors.hpp"
#include "io/hdf5_attributes.hpp"
#include "io/hdf5_handle.hpp"
#include "io/state_dataset.hpp"

namespace stencil::io {

using hdf5::Handle;

struct TileFileWriter::Impl {
  AtomicFile file_on_disk;
  Handle file;  // after the AtomicFile: closed before it removes the temporary
  Handle dcpl;
  StateShape shape;
  SaveSetId save_set_id;
  std::int64_t last_iteration = -1;
  bool committed = false;

  explicit Impl(const std::string& path) : file_on_disk(path) {}

  std::string failure(const std::string& reason) const {
    return "writing the tile file '" + file_on_disk.final_path() + "' failed: " + reason;
  }
};

TileFileWriter::TileFileWriter(const std::string& path, const RunMetadata& metadata,
                               const TilePiece& place, int rank, int ranks, bool compress,
                               const SaveSetId& save_set_id) {
  hdf5::silence_error_stack();
  impl_ = std::make_unique<Impl>(path);
  Impl& w = *impl_;
  w.save_set_id = save_set_id;
  w.shape.rank = metadata.dimensions;
  w.shape.extent[0] = static_cast<hsize_t>(metadata.dimensions == 2 ? place.rows : place.cols);
  w.shape.extent[1] = static_cast<hsize_t>(place.cols);
  w.shape.precision = metadata.precision;
  try {
    const Handle fapl = hdf5::file_access_properties();
    hdf5::check(H5Pset_libver_bounds(fapl.id(), H5F_LIBVER_V110, H5F_LIBVER_V110),
                "choosing the file format");
    w.file =
        Handle(H5Fcreate(w.file_on_disk.temp_path().c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, fapl.id()),
               H5Fclose, "creating the file");
    write_run_attributes(w.file.id(), metadata);
    hdf5::write_integer(w.file.id(), "rank", rank);
    hdf5::write_integer(w.file.id(), "ranks", ranks);
    hdf5::write_integer_array(w.file.id(), "tile_rows", {place.row0, place.rows});
    hdf5::write_integer_array(w.file.id(), "tile_cols", {place.col0, place.cols});
    w.dcpl = state_dataset_properties(w.shape, compress);
  } catch (const hdf5::Failure& e) {
    throw WriteFailed(w.failure(e.what()));
  }
}

TileFileWriter::~TileFileWriter() = default;

std::optional<std::uint64_t> TileFileWriter::write_step(std::int64_t iteration, const Cells& tile) {
  Impl& w = *impl_;
  if (iteration <= w.last_iteration)
    throw std::logic_error("TileFileWriter::write_step: iterations must increase");
  if (tile.precision() != w.shape.precision) {
    throw std::logic_error(
        other_precision_refusal(w.file_on_disk.final_path(), tile, w.shape.precision));
  }
  try {
    const auto hash =
        write_state(w.file.id(), w.dcpl.id(), iteration, w.shape, tile, w.save_set_id);
    w.last_iteration = iteration;
    return hash;
  } catch (const hdf5::Failure& e) {
    throw WriteFailed(w.failure(e.what()));
  }
}

void TileFileWriter::close() {
  Impl& w = *impl_;
  try {
    w.dcpl.close("closing the dataset properties");
    w.file.close("closing the file");
  } catch (const hdf5::Failure& e) {
    throw WriteFailed(w.failure(e.what()));
  }
}

void TileFileWriter::commit() {
  impl_->file_on_disk.commit();
  impl_->committed = true;
}

void TileFileWriter::remove() {
  if (impl_->committed)
    ::unlink(impl_->file_on_disk.final_path().c_str());
  impl_->committed = false;
}

const std::string& TileFileWriter::path() const {
  return impl_->file_on_disk.final_path();
}

}  // namespace stencil::io
