// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "progress.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdio>

#include "io/interrupt_cleanup.hpp"

namespace stencil::app {

Progress::Progress(int total, bool enabled)
    : total_(total),
      enabled_(enabled && isatty(STDERR_FILENO)),
      start_(std::chrono::steady_clock::now()) {}

int Progress::next_batch(int done) const {
  const int left = total_ - done;
  if (!enabled_)
    return left;  // no fences between launches when nobody watches
  if (seconds_per_iteration_ <= 0.0)
    return std::min(left, 1);
  const int batch = static_cast<int>(0.25 / seconds_per_iteration_);
  return std::clamp(batch, 1, left);
}

void Progress::update(int done) {
  if (!enabled_ || done <= 0)
    return;
  const double elapsed =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  seconds_per_iteration_ = elapsed / done;
  const double eta = seconds_per_iteration_ * (total_ - done);
  std::fprintf(stderr, "\r  %3d%%  %d/%d iterations  %.1f s elapsed  ETA %.1f s   ",
               static_cast<int>(100.0 * done / total_), done, total_, elapsed, eta);
  std::fflush(stderr);
  printed_ = true;
  io::set_line_open(true);
}

void Progress::finish() {
  if (printed_)
    std::fprintf(stderr, "\r%70s\r", "");
  io::set_line_open(false);
}

}  // namespace stencil::app
