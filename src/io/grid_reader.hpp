// Reading one saved grid state, with every check a restart or a comparison relies on. Anything
// wrong with the file or the dataset is a FileRejected with one line naming the file, the dataset
// and the problem; nothing is allocated before the shape has been validated.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "io/dataset_ref.hpp"

namespace stencil::io {

struct GridState {
  int dimensions = 2;          // rank of the dataset: 2 (N x N) or 1 (N cells)
  int n = 0;                   // N
  std::int64_t iteration = 0;  // the dataset's `iteration` attribute (0 when it has none)
  std::string dataset;         // the path read, e.g. /step_000100/u
  std::vector<float> cells;    // row-major, y slowest
  // Empty when the cells matched the dataset's content hash; otherwise why they could not be
  // verified (a file from h5py or an older version has no hash).
  std::string unverified_reason;
};

struct ReadRules {
  int dimensions = 0;             // required rank (1 or 2); 0 accepts either
  std::string purpose;            // who needs that rank, for the message ("the 2-D variant ...")
  bool allow_non_finite = false;  // stencil_check compares broken outputs too
};

// The state `ref` names: its dataset, or by default the last /step_*/u (by iteration number),
// or /u when the file has no step groups.
GridState read_grid(const DatasetRef& ref, const ReadRules& rules = {});

}  // namespace stencil::io
