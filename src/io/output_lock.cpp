// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "io/output_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "io/atomic_file.hpp"
#include "io/errors.hpp"
#include "io/interrupt_cleanup.hpp"
#include "io/output_path.hpp"

namespace stencil::io {

OutputLock::OutputLock(const std::string& path) : lock_path_(lock_path(path)) {
  // A holder removes the lock file while still holding it; a file opened just before that is
  // no longer the one at the path, so the lock is taken again on the current one.
  for (;;) {
    const int fd = ::open(lock_path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0666);
    if (fd < 0) {
      const std::string what = "cannot create output '" + path + "': " + std::strerror(errno) +
                               " (lock file '" + lock_path_ + "')";
      if (file_system_full(errno))
        throw WriteFailed(what + "; the file system has no free space or no free inodes");
      throw FileRejected(what);
    }
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
      const int error = errno;
      ::close(fd);
      if (error == EWOULDBLOCK) {
        throw FileRejected("output '" + path +
                           "' is being written by another run; wait for it to finish or choose "
                           "another -output");
      }
      throw FileRejected("cannot lock output '" + path + "': " + std::strerror(error));
    }
    struct stat held {
    }, current{};
    if (::fstat(fd, &held) == 0 && ::stat(lock_path_.c_str(), &current) == 0 &&
        held.st_ino == current.st_ino && held.st_dev == current.st_dev) {
      fd_ = fd;
      register_temporary(lock_path_);
      return;
    }
    ::close(fd);
  }
}

OutputLock::~OutputLock() {
  release();
}

void OutputLock::release() {
  if (fd_ < 0)
    return;
  // Unlinked while still held, so no other run can lock this file and find it gone afterwards
  // without noticing (the constructor's inode check).
  unregister_temporary(lock_path_);
  ::unlink(lock_path_.c_str());
  ::close(fd_);
  fd_ = -1;
}

}  // namespace stencil::io
