// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Where the binary finds its sample inputs and the Kokkos Tools, found from its own path so that
// an installed tree (bin/, share/stencil_miniapp/, lib/stencil_miniapp/) works with no source
// tree around, and a binary in the build tree uses the source tree's inputs/ and the tools the
// build found.
#pragma once

#include <string>

namespace stencil::app {

struct DataFolders {
  std::string inputs;        // folder of the sample grid states; "" where none is found
  std::string kokkos_tools;  // folder of kp_kernel_logger.so, kp_kernel_timer.so; "" where none
};

// Looks beside the running executable (/proc/self/exe) first, then in the build's folders.
DataFolders data_folders();

// -input NAME[:DATASET] with a bare file name (no '/') that is not a file in the working folder
// names a sample input: returns the reference with that sample's full path. Otherwise returns
// `input` unchanged.
std::string resolve_sample_input(const std::string& input, const DataFolders& folders);

// --kokkos-tools-libs=NAME (or the old --kokkos-tools-library): a bare library name that is a
// file of the tools folder gets that file's full path, so Kokkos' dlopen finds it. Returns the
// argument with each such name replaced (';' separates libraries), or unchanged.
std::string resolve_tool_library(const std::string& argument, const DataFolders& folders);

}  // namespace stencil::app
