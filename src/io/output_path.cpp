// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "io/output_path.hpp"

#include <dirent.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#include "io/atomic_file.hpp"
#include "io/errors.hpp"

namespace stencil::io {
namespace {

constexpr int kMaxLinks = 40;  // as the kernel's own limit on following symlinks
// Room the temporary name needs after ".<name>.tmp-": up to 10 pid digits, "-XXXXXX".
constexpr std::size_t kTemporaryTail = 10 + 1 + 6;
// "-" and 16 hex digits: what stands for the cut part of a shortened name.
constexpr std::size_t kDigestLength = 1 + 16;

std::size_t name_max(const std::string& directory) {
  const long limit = ::pathconf(directory.c_str(), _PC_NAME_MAX);
  return limit > 0 ? static_cast<std::size_t>(limit) : NAME_MAX;
}

// FNV-1a: a stable digest of the whole name, the same in every build and run, so that two
// names cut to the same prefix still get different shortened names.
std::uint64_t name_digest(const std::string& name) {
  std::uint64_t hash = 14695981039346656037ULL;
  for (const unsigned char c : name) {
    hash ^= c;
    hash *= 1099511628211ULL;
  }
  return hash;
}

std::string special_kind(mode_t mode) {
  if (S_ISFIFO(mode))
    return "a FIFO";
  if (S_ISCHR(mode) || S_ISBLK(mode))
    return "a device";
  if (S_ISSOCK(mode))
    return "a socket";
  return "not a regular file";
}

bool process_exists(pid_t pid) {
  return ::kill(pid, 0) == 0 || errno == EPERM;
}

}  // namespace

bool left_by_dead_writer(const std::string& name, std::size_t pid_start) {
  // "<pid>-XXXXXX" follows; names without a pid (older versions) are left alone.
  const std::size_t dash = name.find('-', pid_start);
  if (dash == std::string::npos || dash == pid_start || dash - pid_start > 10)
    return false;
  const std::string digits = name.substr(pid_start, dash - pid_start);
  if (digits.find_first_not_of("0123456789") != std::string::npos)
    return false;
  const long long pid = std::stoll(digits);
  if (pid <= 0 || pid > INT_MAX || pid == ::getpid())
    return false;
  return !process_exists(static_cast<pid_t>(pid));
}

namespace {

// Follows the symlinks of the last component of `path`; `looped` says whether it stopped at
// kMaxLinks hops, `unreadable` whether a link could not be read. `info` is the lstat of the
// result (zeroed when nothing is there).
std::string follow_links(const std::string& path, struct stat& info, bool& looped,
                         bool& unreadable) {
  std::string current = path;
  looped = unreadable = false;
  for (int hops = 0;; ++hops) {
    info = {};
    if (::lstat(current.c_str(), &info) != 0) {
      info = {};
      return current;
    }
    if (!S_ISLNK(info.st_mode))
      return current;
    if (hops == kMaxLinks) {
      looped = true;
      return current;
    }
    std::vector<char> target(static_cast<std::size_t>(info.st_size > 0 ? info.st_size : 255) + 1);
    const ssize_t length = ::readlink(current.c_str(), target.data(), target.size());
    if (length <= 0 || static_cast<std::size_t>(length) >= target.size()) {
      unreadable = true;
      return current;
    }
    const std::string text(target.data(), static_cast<std::size_t>(length));
    current = text.front() == '/' ? text : directory_of(current) + "/" + text;
  }
}

}  // namespace

std::string resolve_symlinks(const std::string& path) {
  struct stat info {};
  bool looped = false, unreadable = false;
  return follow_links(path, info, looped, unreadable);
}

std::string resolve_output_path(const std::string& path) {
  struct stat info {};
  bool looped = false, unreadable = false;
  const std::string current = follow_links(path, info, looped, unreadable);
  if (looped)
    throw FileRejected("output '" + path + "': too many levels of symbolic links");
  if (unreadable)
    throw FileRejected("output '" + path + "': cannot read the symbolic link '" + current + "'");
  if (info.st_mode == 0)
    return current;  // nothing there yet (or unreadable: creating the temporary says why)
  if (S_ISDIR(info.st_mode))
    throw FileRejected("output '" + path + "' is a directory");
  if (!S_ISREG(info.st_mode)) {
    throw FileRejected("output '" + path + "' is " + special_kind(info.st_mode) +
                       "; only a regular file is replaced");
  }
  return current;
}

std::string fitted_name(const std::string& directory, const std::string& name,
                        const std::string& suffix, std::size_t room) {
  const std::size_t limit = name_max(directory);
  if (name.size() + suffix.size() + room <= limit)
    return name + suffix;
  char digest[kDigestLength + 1];
  std::snprintf(digest, sizeof digest, "-%016llx",
                static_cast<unsigned long long>(name_digest(name)));
  const std::size_t overhead = kDigestLength + suffix.size() + room;
  const std::size_t keep = limit > overhead + 1 ? limit - overhead : 1;
  return name.substr(0, keep) + digest + suffix;
}

std::string temporary_prefix(const std::string& path) {
  const std::string name = file_name_of(path);
  const std::string prefix = path.substr(0, path.size() - name.size());
  return prefix + fitted_name(directory_of(path), "." + name, ".tmp-", kTemporaryTail);
}

std::string lock_path(const std::string& path) {
  const std::string name = file_name_of(path);
  const std::string prefix = path.substr(0, path.size() - name.size());
  return prefix + fitted_name(directory_of(path), "." + name, ".lock");
}

void require_fitting_name(const std::string& path, const std::string& what) {
  const std::string name = file_name_of(path);
  const std::size_t limit = name_max(directory_of(path));
  if (name.size() > limit) {
    throw FileRejected(what + " '" + path + "': its name has " + std::to_string(name.size()) +
                       " bytes, more than the " + std::to_string(limit) +
                       " this file system allows; choose a shorter -output");
  }
  if (path.size() >= PATH_MAX) {
    throw FileRejected(what + " '" + path.substr(0, 64) + "...': its path has " +
                       std::to_string(path.size()) + " bytes, more than the " +
                       std::to_string(PATH_MAX - 1) +
                       " the system allows; choose a shorter -output");
  }
}

void remove_stale_temporaries(const std::string& path) {
  const std::string directory = directory_of(path);
  const std::string start = file_name_of(temporary_prefix(path));
  DIR* listing = ::opendir(directory.c_str());
  if (!listing)
    return;  // creating the temporary reports the directory's problem
  std::vector<std::string> stale;
  while (const dirent* entry = ::readdir(listing)) {
    const std::string name = entry->d_name;
    if (name.compare(0, start.size(), start) == 0 && left_by_dead_writer(name, start.size()))
      stale.push_back(directory + "/" + name);
  }
  ::closedir(listing);
  for (const auto& file : stale)
    ::unlink(file.c_str());
}

}  // namespace stencil::io
