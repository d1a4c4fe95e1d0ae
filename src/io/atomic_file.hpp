// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Replacing a file without ever exposing a half-written one: the new content goes to a temporary
// file in the same directory (so rename cannot cross file systems), and commit() renames it over
// the final path, which POSIX makes atomic. Until then the final path keeps whatever it had; a
// failed or interrupted run removes its temporary. A killed run can leave only the temporary
// behind, under the distinct name ".<name>.tmp-<pid>-XXXXXX", which the next run to the same path
// removes once that pid is gone. A symlink at the final path is followed (output_path.hpp).
#pragma once

#include <string>

namespace stencil::io {

class AtomicFile {
 public:
  // Creates the temporary (empty, mode 0666 minus the umask, like a plain new file) beside the
  // file `final_path` resolves to. Throws FileRejected when that is a directory, a FIFO, a device
  // or a socket, when its name cannot be created (require_fitting_name), or when its directory
  // cannot take a new file; WriteFailed when the file system is full (file_system_full).
  explicit AtomicFile(const std::string& final_path);
  // Not committed: removes the temporary; the final path is never touched.
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  const std::string& final_path() const { return final_path_; }
  const std::string& temp_path() const { return temp_path_; }

  // Flushes the temporary to the disk, renames it to the final path and flushes the directory,
  // so that after a crash the final path holds the old or the new file in full. Throws
  // WriteFailed (the temporary is then removed by the destructor).
  void commit();

 private:
  std::string final_path_;
  std::string temp_path_;
  bool committed_ = false;
};

// Whether `error` (an errno) says the file system is full: out of space or out of inodes
// (ENOSPC), or over a quota (EDQUOT). Either is a failed save (WriteFailed, exit 1), like a disk
// that fills up during the run, never bad input.
bool file_system_full(int error);

// The directory part of `path` ("." when it has none).
std::string directory_of(const std::string& path);
// The last component of `path`.
std::string file_name_of(const std::string& path);

}  // namespace stencil::io
