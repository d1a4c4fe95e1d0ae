// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "io/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <vector>

#include "io/errors.hpp"
#include "io/interrupt_cleanup.hpp"
#include "io/output_path.hpp"

namespace stencil::io {
namespace {

std::string system_error() {
  return std::strerror(errno);
}

// fsync through a fresh descriptor: the writer (HDF5, an ofstream) has closed its own.
void sync_path(const std::string& path, int flags, const std::string& what) {
  const int fd = ::open(path.c_str(), flags | O_CLOEXEC);
  if (fd < 0)
    throw WriteFailed(what + ": " + system_error());
  const int synced = ::fsync(fd);
  const std::string reason = synced != 0 ? system_error() : "";
  ::close(fd);
  if (synced != 0)
    throw WriteFailed(what + ": " + reason);
}

}  // namespace

bool file_system_full(int error) {
  return error == ENOSPC || error == EDQUOT;
}

std::string directory_of(const std::string& path) {
  const auto slash = path.find_last_of('/');
  if (slash == std::string::npos)
    return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

std::string file_name_of(const std::string& path) {
  const auto slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

AtomicFile::AtomicFile(const std::string& final_path) {
  const std::string name = file_name_of(final_path);
  if (name.empty() || name == "." || name == "..") {
    throw FileRejected("output '" + final_path + "' names a directory, not a file");
  }
  final_path_ = resolve_output_path(final_path);
  require_fitting_name(final_path_, "output");
  const std::string directory = directory_of(final_path_);
  remove_stale_temporaries(final_path_);
  const std::string pattern =
      temporary_prefix(final_path_) + std::to_string(::getpid()) + "-XXXXXX";
  std::vector<char> buffer(pattern.begin(), pattern.end());
  buffer.push_back('\0');
  const int fd = ::mkstemp(buffer.data());
  if (fd < 0) {
    const std::string what = "cannot create output '" + final_path_ + "' (in directory '" +
                             directory + "'): " + system_error();
    if (file_system_full(errno))
      throw WriteFailed(what + " (the file system has no free space or no free inodes)");
    throw FileRejected(what);
  }
  // mkstemp creates mode 0600; a renamed-in output should look like any new file the user makes.
  const mode_t mask = ::umask(0);
  ::umask(mask);
  ::fchmod(fd, 0666 & ~mask);
  ::close(fd);
  temp_path_ = buffer.data();
  register_temporary(temp_path_);
}

AtomicFile::~AtomicFile() {
  if (!committed_) {
    ::unlink(temp_path_.c_str());
    unregister_temporary(temp_path_);
  }
}

void AtomicFile::commit() {
  sync_path(temp_path_, O_RDONLY, "flushing '" + temp_path_ + "' to disk");
  if (::rename(temp_path_.c_str(), final_path_.c_str()) != 0) {
    throw WriteFailed("renaming '" + temp_path_ + "' to '" + final_path_ + "': " + system_error());
  }
  committed_ = true;
  unregister_temporary(temp_path_);
  // Makes the rename itself durable; some file systems cannot sync a directory, which is harmless.
  const int fd = ::open(directory_of(final_path_).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd >= 0) {
    ::fsync(fd);
    ::close(fd);
  }
}

}  // namespace stencil::io
