// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The two ways the io library fails, so callers can tell the user's mistake from a failed write.
#pragma once

#include <stdexcept>

namespace stencil::io {

// A file the user named cannot be used: an input that is missing, not HDF5, truncated, corrupt or
// holds the wrong dataset, or an output path whose directory cannot take a new file. Detected
// before any work is done; the mini-app and stencil_check exit with status 2.
class FileRejected : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Writing an output failed part-way (disk full, file size limit, I/O error). The final path is
// untouched and the temporary file is removed; the mini-app exits with status 1.
class WriteFailed : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace stencil::io
