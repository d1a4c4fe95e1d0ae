// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The XDMF sidecar of a saved run: a small XML file next to run.h5 that describes the grid and
// points at each /step_*/u, so ParaView and VisIt open the time series directly (File > Open
// run.xmf). The data stays in the HDF5 file; the sidecar holds no values.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "stencil/precision.hpp"

namespace stencil::io {

struct XdmfSeries {
  std::string h5_file_name;  // relative to the sidecar, which sits in the same directory
  int dimensions = 2;        // 2: N x N nodes; 1: shown as a 1 x N strip of nodes
  std::int64_t n = 0;
  std::vector<std::int64_t> iterations;     // one temporal step per saved state
  Precision precision = kDefaultPrecision;  // of the states: Precision="4" or "8" in the sidecar
};

// XDMF 2 text: a temporal collection of uniform grids, one per saved iteration, with Time = the
// iteration and a node-centred scalar `u` read from "<h5_file_name>:/step_XXXXXX/u", declared
// as floats of the states' width (Precision 4 or 8 bytes).
std::string xdmf_text(const XdmfSeries& series);

// run.h5 -> run.xmf; any other name keeps its whole name and gets ".xdmf" (run.hdf5 ->
// run.hdf5.xdmf, run -> run.xdmf), so different output names never share a sidecar. A name that
// would pass NAME_MAX is cut with a digest of the whole (fitted_name in output_path.hpp).
std::string xdmf_sidecar_path(const std::string& h5_path);

}  // namespace stencil::io
