// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// One writer per output: an advisory lock (flock) on ".<name>.lock" beside the output, held from
// the start of a run that saves to it until its output and sidecar are in place. A second run to
// the same output fails at once with one line instead of racing the first one's renames (which
// could leave one run's .h5 beside the other's .xmf). The lock file is removed on release; a
// killed holder's lock is released by the kernel, and the next run takes it over.
#pragma once

#include <string>

namespace stencil::io {

class OutputLock {
 public:
  // `path` as resolved by resolve_output_path. Throws FileRejected when another process holds
  // the lock, or when the lock file cannot be created (the directory's problem, named).
  explicit OutputLock(const std::string& path);
  ~OutputLock();  // release()
  OutputLock(const OutputLock&) = delete;
  OutputLock& operator=(const OutputLock&) = delete;

  // Removes the lock file and releases the lock; idempotent.
  void release();

 private:
  std::string lock_path_;
  int fd_ = -1;
};

}  // namespace stencil::io
