// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// A progress line with an ETA on stderr, shown only when stderr is a terminal.
#pragma once

#include <chrono>

namespace stencil::app {

class Progress {
 public:
  Progress(int total, bool enabled);
  // Iterations to run before the next update (the caller fences, then calls update), chosen so
  // an update comes about every quarter second whatever the speed.
  int next_batch(int done) const;
  void update(int done);
  void finish();
  bool enabled() const { return enabled_; }

 private:
  int total_;
  bool enabled_;
  bool printed_ = false;
  std::chrono::steady_clock::time_point start_;
  double seconds_per_iteration_ = 0.0;
};

}  // namespace stencil::app
