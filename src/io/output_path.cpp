#include "io/output_path.hpp"

#include <dirent.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstring>
#include <vector>

#include "io/atomic_file.hpp"
#include "io/errors.hpp"

namespace stencil::io {
namespace {

constexpr int kMaxLinks = 40;  // as the kernel's own limit on following symlinks
// Room the temporary name needs around <name>: ".", ".tmp-", up to 10 pid digits, "-XXXXXX".
constexpr std::size_t kTemporaryOverhead = 1 + 5 + 10 + 1 + 6;

std::size_t name_max(const std::string& directory) {
  const long limit = ::pathconf(directory.c_str(), _PC_NAME_MAX);
  return limit > 0 ? static_cast<std::size_t>(limit) : NAME_MAX;
}

// The output's name, shortened so that its temporaries' names fit NAME_MAX.
std::string short_name(const std::string& path) {
  const std::string name = file_name_of(path);
  const std::size_t limit = name_max(directory_of(path));
  const std::size_t keep = limit > kTemporaryOverhead ? limit - kTemporaryOverhead : 1;
  return name.substr(0, keep);
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

std::string resolve_output_path(const std::string& path) {
  std::string current = path;
  for (int hops = 0;; ++hops) {
    struct stat info {};
    if (::lstat(current.c_str(), &info) != 0)
      return current;  // nothing there yet (or unreadable: creating the temporary says why)
    if (S_ISLNK(info.st_mode)) {
      if (hops == kMaxLinks)
        throw FileRejected("output '" + path + "': too many levels of symbolic links");
      std::vector<char> target(static_cast<std::size_t>(info.st_size > 0 ? info.st_size : 255) + 1);
      const ssize_t length = ::readlink(current.c_str(), target.data(), target.size());
      if (length < 0 || static_cast<std::size_t>(length) >= target.size())
        throw FileRejected("output '" + path + "': cannot read the symbolic link '" + current +
                           "'");
      const std::string text(target.data(), static_cast<std::size_t>(length));
      current = text.front() == '/' ? text : directory_of(current) + "/" + text;
      continue;
    }
    if (S_ISDIR(info.st_mode))
      throw FileRejected("output '" + path + "' is a directory");
    if (!S_ISREG(info.st_mode)) {
      throw FileRejected("output '" + path + "' is " + special_kind(info.st_mode) +
                         "; only a regular file is replaced");
    }
    return current;
  }
}

std::string temporary_prefix(const std::string& path) {
  const std::string prefix = path.substr(0, path.size() - file_name_of(path).size());
  return prefix + "." + short_name(path) + ".tmp-";
}

std::string lock_path(const std::string& path) {
  const std::string prefix = path.substr(0, path.size() - file_name_of(path).size());
  return prefix + "." + short_name(path) + ".lock";
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
