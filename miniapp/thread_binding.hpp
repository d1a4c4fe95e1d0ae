// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// OpenMP thread binding for a first run. Kokkos warns on every OpenMP start where
// OMP_PROC_BIND is unset (four lines before the result, and before many error lines) and
// recommends OMP_PROC_BIND=spread with OMP_PLACES=threads. Where the user set neither, the
// mini-app sets that pair; a user's own setting of either always wins. The OpenMP runtime reads
// them once, when it is loaded, so the process re-executes itself with them (same pid, same
// arguments) before anything else has run.
#pragma once

#include <string>

namespace stencil::app {

// Call first in main, with whether this run will use Kokkos' OpenMP space. Returns only when no
// re-execution is needed (or it failed, which leaves the binding as it was).
void apply_default_thread_binding(char* argv[], bool uses_openmp);

// Under an MPI launcher: the process is not re-executed, and the result says why where the user
// set neither variable. Call instead of apply_default_thread_binding, for an OpenMP run.
void leave_thread_binding_to_launcher();
// Where the process is not re-executed with a binding: under mpirun (it has joined the job, and
// the launcher binds the ranks), and for a run whose model computes on no OpenMP threads (stdpar,
// Kokkos' serial space, CUDA; Kokkos' OpenMP space still starts, and warns). Where the user set
// neither OMP_PROC_BIND nor OMP_PLACES, sets OMP_PROC_BIND=false in the environment, naming the
// runtime's own state (its threads unbound; the runtime read its settings when it was loaded),
// so that Kokkos' four-line warning is not printed ahead of the result or of a refusal.
// docs/mpi.md says how to bind threads within the ranks.
void name_unbound_binding();

// What the result block says: "" when the user chose (or OpenMP is not used), otherwise the
// values set and why.
std::string thread_binding_note();

}  // namespace stencil::app
