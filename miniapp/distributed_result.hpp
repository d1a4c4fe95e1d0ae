// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The result of a run across ranks: the single-process result block, plus the decomposition,
// the per-rank step times and the share of them spent exchanging ghost cells (text, CSV and JSON).
#pragma once

#include <cstdint>
#include <ostream>
#include <string>

#include "run_result.hpp"

namespace stencil::app {

struct DistributedResult {
  RunResult run;  // global N, global rate; seconds = the slowest rank's loop time
  int ranks = 1;
  std::string decomposition;            // "2x2": rank rows x rank columns
  int ghost_depth = 1;                  // cells, = iterations per step
  double step_seconds_min = 0.0;        // per step, the fastest rank's mean
  double step_seconds_max = 0.0;        // per step, the slowest rank's mean
  double exchange_share = 0.0;          // boundary exchange time / loop time, summed over all ranks
  std::int64_t exchange_bytes_max = 0;  // bytes one rank sends per exchange, the busiest rank
  std::string exchange_transport = "mpi";  // -halo
  bool overlap = false;                    // ghost cells sent ahead while the step runs
  double exchange_seconds_per_step = 0.0;  // time in the exchange calls per step, slowest rank
  // The cost model of one host-staged exchange (mpi/exchange_cost_model.hpp); model_seconds 0: not
  // measured.
  double model_seconds = 0.0;
  double model_latency_seconds = 0.0;
  double model_bandwidth = 0.0;  // bytes per second
  double model_staging_seconds = 0.0;
  int model_messages = 0;
  double model_measured_seconds = 0.0;  // the exchange alone, no step between
};

void print_distributed_result(std::ostream& out, const DistributedResult& result,
                              OutputFormat format);

}  // namespace stencil::app
