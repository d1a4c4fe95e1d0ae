// Where an output really goes and what its temporaries are called. A symlink at the output path
// is followed, so the file is replaced beside its target and the link keeps pointing at it; a
// FIFO, device or socket is refused, never replaced (as root, -output /dev/null would otherwise
// replace the system's /dev/null). Temporary and lock names carry the writer's pid and stay
// within the file system's NAME_MAX, so every legal output name works and a later run can tell a
// dead writer's leftovers from a live one's.
#pragma once

#include <string>

namespace stencil::io {

// `path` with every symlink in its last component followed (a dangling link gives the path it
// names). Throws FileRejected for a loop of links, and when the path names a directory, a FIFO,
// a device or a socket.
std::string resolve_output_path(const std::string& path);

// ".<name>.tmp-" for the output `path`: every temporary of it starts so, then "<pid>-XXXXXX".
// <name> is shortened where the whole temporary name would pass NAME_MAX.
std::string temporary_prefix(const std::string& path);

// ".<name>.lock" beside the output `path` (the advisory lock of the output and its sidecar).
std::string lock_path(const std::string& path);

// Removes temporaries of `path` left by writers that are gone (killed, crashed): their pid no
// longer exists. A live writer's temporaries are kept.
void remove_stale_temporaries(const std::string& path);

// Whether the temporary named `name`, whose "<pid>-XXXXXX" tail starts at `pid_start`, was left by
// a process that no longer runs on this machine. Names without a pid are never stale.
bool left_by_dead_writer(const std::string& name, std::size_t pid_start);

}  // namespace stencil::io
