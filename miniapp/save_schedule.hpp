// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Which iterations a run saves: its first state, every iteration that is a multiple of K
// (-save-every K; absolute step numbers, so a restarted run saves the same steps as an
// uninterrupted one), and its last state.
#pragma once

#include <algorithm>
#include <cstdint>

namespace stencil::app {

struct SaveSchedule {
  std::int64_t first = 0;  // the initial state's step number
  std::int64_t last = 0;   // the final state's step number
  int every = 0;           // 0: only first and last

  bool saves(std::int64_t step) const {
    return step == first || step == last || (every > 0 && step % every == 0);
  }
  // The first save point after `step` (never beyond last).
  std::int64_t next_after(std::int64_t step) const {
    if (every <= 0)
      return last;
    return std::min(last, (step / every + 1) * every);
  }
};

}  // namespace stencil::app
