// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// "file.h5" or "file.h5:/step_000050/u": which state a command-line argument names.
#pragma once

#include <string>

namespace stencil::io {

struct DatasetRef {
  std::string file;
  std::string dataset;  // empty: the file's default state (see grid_reader.hpp)

  std::string text() const { return dataset.empty() ? file : file + ":" + dataset; }
};

// An argument that names an existing file is that file, whatever characters it contains;
// otherwise it splits into file and dataset at the first ":/" before which a file exists (a path
// may hold ":/" itself), or with none at the first ":/". Throws FileRejected when the file part
// is empty.
DatasetRef parse_dataset_ref(const std::string& spec);

}  // namespace stencil::io
