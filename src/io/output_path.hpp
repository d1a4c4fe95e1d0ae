// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Where an output really goes and what its temporaries are called. A symlink at the output path
// is followed, so the file is replaced beside its target and the link keeps pointing at it; a
// FIFO, device or socket is refused, never replaced (as root, -output /dev/null would otherwise
// replace the system's /dev/null). Temporary and lock names carry the writer's pid and stay
// within the file system's NAME_MAX, so every legal output name works and a later run can tell a
// dead writer's leftovers from a live one's.
#pragma once

#include <cstddef>
#include <string>

namespace stencil::io {

// `path` with every symlink in its last component followed (a dangling link gives the path it
// names). Throws FileRejected for a loop of links, and when the path names a directory, a FIFO,
// a device or a socket.
std::string resolve_output_path(const std::string& path);

// `path` with every symlink in its last component followed, as resolve_output_path does, without
// its checks: where a reader finds what a save through that path wrote (a link it cannot follow
// gives the path reached so far).
std::string resolve_symlinks(const std::string& path);

// `name` + `suffix`, as a file name of `directory` with `room` characters to spare: when that
// passes the file system's NAME_MAX, `name` is cut and "-<16 hex digits>" (a digest of the
// whole of `name`) put before the suffix, so two names that share their first characters still
// get different names.
std::string fitted_name(const std::string& directory, const std::string& name,
                        const std::string& suffix, std::size_t room = 0);

// ".<name>.tmp-" for the output `path`: every temporary of it starts so, then "<pid>-XXXXXX".
// Fitted (fitted_name) so that the whole temporary name stays within NAME_MAX.
std::string temporary_prefix(const std::string& path);

// ".<name>.lock" beside the output `path` (the advisory lock of the output and its sidecar),
// fitted within NAME_MAX.
std::string lock_path(const std::string& path);

// Throws FileRejected (naming `what`, e.g. "output") unless `path` can be created: its last
// component within the file system's NAME_MAX and the whole within PATH_MAX. Checked for every
// final name before a run computes, so a name that cannot be renamed into place fails at once.
void require_fitting_name(const std::string& path, const std::string& what);

// Removes temporaries of `path` left by writers that are gone (killed, crashed): their pid no
// longer exists. A live writer's temporaries are kept.
void remove_stale_temporaries(const std::string& path);

// Whether the temporary named `name`, whose "<pid>-XXXXXX" tail starts at `pid_start`, was left by
// a process that no longer runs on this machine. Names without a pid are never stale.
bool left_by_dead_writer(const std::string& name, std::size_t pid_start);

}  // namespace stencil::io
