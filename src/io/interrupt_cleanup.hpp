// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// SIGINT, SIGTERM and the other signals that end a process by default (SIGHUP, SIGQUIT, SIGUSR1,
// SIGUSR2, SIGPIPE, SIGALRM, SIGXCPU) during a run: the temporaries and the lock of
// unfinished outputs are removed, the files at the output paths stay as they were, and the
// process exits 128 + the signal's number with one line, which claims the cleanup only for a run
// that writes files (SIGPIPE ends a run that writes none without a line, as it ends `cat`). A
// process already leaving with its own status (leaving_with) exits with it, silently. A signal
// inherited as ignored (nohup) stays ignored. The
// handler only unlinks registered paths and writes one line (async-signal-safe calls), so it may
// run on any thread at any moment; while an output pair is being renamed into place it only
// notes the signal, which is acted on once both renames are done (never a mixed pair).
#pragma once

#include <string>

namespace stencil::io {

// Installs the handlers; `program` starts the line ("stencil_miniapp: interrupted by SIGINT...").
void remove_temporaries_on_interrupt(const char* program);

// The run writes files (-output): the signal's line says their unfinished parts were removed.
void expect_outputs();

// The process has printed its last line and leaves with `status` (under mpirun: a refusal every
// rank agreed on). A signal from here on, such as the launcher's SIGTERM to the ranks still
// finishing, ends it with `status` and no line of its own, unless it had temporaries to remove.
void leaving_with(int status);

// A line without its newline (the progress line) is on stderr while `open`: the signal's line
// starts on a line of its own.
void set_line_open(bool open);

// Paths the handler removes. Registration is a no-op without installed handlers.
void register_temporary(const std::string& path);
void unregister_temporary(const std::string& path);

// While one lives, an interrupt waits; it takes effect when the last one goes.
class InterruptsDeferred {
 public:
  InterruptsDeferred();
  ~InterruptsDeferred();
  InterruptsDeferred(const InterruptsDeferred&) = delete;
  InterruptsDeferred& operator=(const InterruptsDeferred&) = delete;
};

}  // namespace stencil::io
