// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "io/hdf5_handle.hpp"

#include <mutex>
#include <utility>

namespace stencil::io::hdf5 {
namespace {

herr_t keep_deepest(unsigned depth, const H5E_error2_t* error, void* data) {
  auto* deepest = static_cast<std::string*>(data);
  // Walking downward, the last entry is the innermost: the most specific reason ("truncated
  // file: eof = ...", "data error detected by Fletcher32 checksum", "file write failed ...").
  (void)depth;
  if (error->desc && *error->desc)
    *deepest = error->desc;
  return 0;
}

// The sec2 driver's write failure is a multi-line dump of its arguments; the system's own words
// ("File too large", "No space left on device") are what the user needs.
std::string concise(std::string reason) {
  const std::string marker = "error message = '";
  if (const auto at = reason.find(marker); at != std::string::npos) {
    const auto start = at + marker.size();
    const auto end = reason.find('\'', start);
    if (end != std::string::npos)
      reason = reason.substr(start, end - start);
  }
  for (char& c : reason) {
    if (c == '\n')
      c = ' ';
  }
  return reason;
}

}  // namespace

void silence_error_stack() {
  static std::once_flag once;
  std::call_once(once, [] {
    // HDF5 1.10 crashes in its exit handler (H5F__close_cb) when a file's close has failed, as
    // it does on a full disk. Every handle is closed by its owner, so the library's clean-up at
    // exit has nothing to do: it is not installed. Only effective before HDF5's first use.
    H5dont_atexit();
    H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
  });
}

std::string innermost_error() {
  std::string deepest;
  H5Ewalk2(H5E_DEFAULT, H5E_WALK_DOWNWARD, keep_deepest, &deepest);
  return concise(deepest);
}

herr_t check(herr_t status, const std::string& what) {
  if (status < 0) {
    const std::string reason = innermost_error();
    throw Failure(reason.empty() ? what : what + ": " + reason);
  }
  return status;
}

hid_t check_id(hid_t id, const std::string& what) {
  if (id < 0) {
    const std::string reason = innermost_error();
    throw Failure(reason.empty() ? what : what + ": " + reason);
  }
  return id;
}

Handle file_access_properties() {
  Handle fapl(H5Pcreate(H5P_FILE_ACCESS), H5Pclose, "creating file-access properties");
#if H5_VERSION_GE(1, 10, 7)
  check(H5Pset_file_locking(fapl.id(), true, true), "configuring file locking");
#endif
  return fapl;
}

Handle::Handle(hid_t id, Closer closer, const std::string& what)
    : id_(check_id(id, what)), closer_(closer) {}

Handle::~Handle() {
  if (id_ >= 0)
    closer_(id_);
}

Handle::Handle(Handle&& other) noexcept
    : id_(std::exchange(other.id_, H5I_INVALID_HID)), closer_(other.closer_) {}

Handle& Handle::operator=(Handle&& other) noexcept {
  if (this != &other) {
    if (id_ >= 0)
      closer_(id_);
    id_ = std::exchange(other.id_, H5I_INVALID_HID);
    closer_ = other.closer_;
  }
  return *this;
}

void Handle::close(const std::string& what) {
  const hid_t id = std::exchange(id_, H5I_INVALID_HID);
  if (id >= 0)
    check(closer_(id), what);
}

}  // namespace stencil::io::hdf5
