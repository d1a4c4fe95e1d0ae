// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// SIGINT, SIGTERM and the other signals that end a process by default (SIGHUP, SIGQUIT, SIGUSR1,
// SIGUSR2, SIGPIPE, SIGALRM, SIGXCPU) during a run: the temporaries and the lock of
// unfinished outputs are removed, the files at the output paths stay as they were, and the
// process exits 128 + the signal's number with one line. A signal inherited as ignored (nohup)
// stays ignored. The
// handler only unlinks registered paths and writes one line (async-signal-safe calls), so it may
// run on any thread at any moment; while an output pair is being renamed into place it only
// notes the signal, which is acted on once both renames are done (never a mixed pair).
#pragma once

#include <string>

namespace stencil::io {

// Installs the handlers; `program` starts the line ("stencil_miniapp: interrupted by SIGINT...").
void remove_temporaries_on_interrupt(const char* program);

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
