// Saving a run: the states of chosen iterations go into one HDF5 file (layout in grid_file.hpp),
// written as a temporary next to the final path and renamed into place with its XDMF sidecar only
// by commit(). A run that fails or is killed before that leaves the final path as it was.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace stencil::io {

// What a reader needs besides the grids: stored as attributes of the root group.
struct RunMetadata {
  int dimensions = 2;  // 2: states are N x N; 1: N cells
  int n = 0;
  std::string variant;
  std::string implementation;
  std::string execution_space;
  std::string app_version;
  std::string app_commit;
  std::string initial_state;  // "random field, seed 20261130" or "file.h5:/step_000040/u"
  int save_every = 0;         // 0: only the initial and the final state are saved
};

class GridFileWriter {
 public:
  // Creates the temporaries and writes the root attributes. Throws FileRejected when the output
  // path cannot take a file (missing or read-only directory, a directory of that name), and
  // WriteFailed when writing fails; `compress` needs HDF5's gzip filter (FileRejected if absent).
  GridFileWriter(const std::string& path, const RunMetadata& metadata, bool compress);
  // Without commit(): removes the temporaries; the final path and its sidecar are untouched.
  ~GridFileWriter();
  GridFileWriter(const GridFileWriter&) = delete;
  GridFileWriter& operator=(const GridFileWriter&) = delete;

  // Writes /step_<iteration>/u and flushes the file, so a full disk shows up here, at the state
  // that did not fit. Iterations must increase. Throws WriteFailed.
  void write_step(std::int64_t iteration, const std::vector<float>& cells);
  // Closes the file, writes the XDMF sidecar and renames both into place. Throws WriteFailed.
  void commit();

  const std::string& path() const;
  std::string sidecar_path() const;
  std::size_t states_written() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace stencil::io
