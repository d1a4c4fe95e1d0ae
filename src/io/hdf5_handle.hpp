// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Thin RAII over HDF5 identifiers and the io library's error policy: HDF5's automatic printing of
// error stacks is switched off, every return value is checked, and a failed call becomes one
// hdf5::Failure whose message says what was being done plus HDF5's innermost reason. The public
// functions turn a Failure into FileRejected (reading) or WriteFailed (writing).
#pragma once

#include <hdf5.h>

#include <stdexcept>
#include <string>

namespace stencil::io::hdf5 {

class Failure : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Switches off HDF5's automatic error-stack printing to stderr; idempotent. Every public io entry
// point calls it before its first HDF5 call.
void silence_error_stack();

// The innermost description on the current HDF5 error stack ("" when empty). Must be called right
// after the failing call: the next API call clears the stack.
std::string innermost_error();

// Throw Failure("<what>: <HDF5 reason>") when the status or identifier is negative.
herr_t check(herr_t status, const std::string& what);
hid_t check_id(hid_t id, const std::string& what);

class Handle;

// File-access properties for every file the library opens or creates: HDF5's file locking where
// the file system supports it, and no failure where it does not (Lustre, NFS without locks).
Handle file_access_properties();

// Owns one identifier and closes it with the matching H5?close. close() reports a failed close
// (where HDF5 flushes a file and a full disk shows up); the destructor closes silently.
class Handle {
 public:
  using Closer = herr_t (*)(hid_t);

  Handle() = default;
  Handle(hid_t id, Closer closer, const std::string& what);
  ~Handle();
  Handle(Handle&& other) noexcept;
  Handle& operator=(Handle&& other) noexcept;
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;

  hid_t id() const { return id_; }
  void close(const std::string& what);

 private:
  hid_t id_ = H5I_INVALID_HID;
  Closer closer_ = nullptr;
};

}  // namespace stencil::io::hdf5
