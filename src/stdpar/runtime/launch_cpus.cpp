// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#include "stdpar/runtime/launch_cpus.hpp"

#include <sched.h>
#include <tbb/info.h>

#include <vector>

#if defined(_OPENMP)
#include <omp.h>
#endif

namespace stencil::stdpar {
namespace {

// The CPUs the program was started on. libgomp binds the main thread at load time, before any
// static initialiser here runs, so the thread's own mask no longer says; the OpenMP places do:
// libgomp draws them from the mask it found (every CPU of it, one place each, under the
// defaults). Empty without OpenMP or places: then nothing was bound and TBB reads the right mask.
cpu_set_t launch_cpus() {
  cpu_set_t cpus;
  CPU_ZERO(&cpus);
#if defined(_OPENMP)
  for (int place = 0; place < omp_get_num_places(); ++place) {
    std::vector<int> ids(static_cast<std::size_t>(omp_get_place_num_procs(place)));
    omp_get_place_proc_ids(place, ids.data());
    for (const int id : ids) {
      if (id >= 0 && id < CPU_SETSIZE)
        CPU_SET(id, &cpus);
    }
  }
#endif
  return cpus;
}

int start_tbb() {
  const cpu_set_t started_on = launch_cpus();
  cpu_set_t now;
  const bool widen = CPU_COUNT(&started_on) > 0 && sched_getaffinity(0, sizeof now, &now) == 0 &&
                     !CPU_EQUAL(&now, &started_on);
  // TBB keeps the mask it reads here as the process's, and starts every worker on it.
  if (widen)
    sched_setaffinity(0, sizeof started_on, &started_on);
  const int threads = tbb::info::default_concurrency();
  if (widen)
    sched_setaffinity(0, sizeof now, &now);  // the binding the OpenMP runtime chose stays its own
  return threads;
}

}  // namespace

int start_tbb_on_launch_cpus() {
  static const int threads = start_tbb();
  return threads;
}

}  // namespace stencil::stdpar
