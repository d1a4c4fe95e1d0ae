// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The SASS metrics behind the shared-memory columns of -profile sectors, named once for the plan
// that configures them and the report that cites them. All four are offered by GH100's SASS
// Metrics API (`-profile sass-metrics` lists what a chip offers). Plain C++.
#pragma once

namespace stencil::profile {

// Warp-level shared load and store instructions executed (LDS, STS and kin): one per warp,
// whatever its active lanes.
inline constexpr const char* kSharedLoadRequestsMetric = "smsp__sass_inst_executed_op_shared_ld";
inline constexpr const char* kSharedStoreRequestsMetric = "smsp__sass_inst_executed_op_shared_st";
// Wavefronts of every shared-memory operation, and the number they would take without bank
// conflicts; the difference is Nsight Compute's "excessive wavefronts". GH100 offers no load-only
// wavefront metric and no store-conflict metric, so the conflicts are loads and stores together.
inline constexpr const char* kSharedWavefrontsMetric =
    "smsp__sass_l1tex_pipe_lsu_wavefronts_mem_shared";
inline constexpr const char* kSharedIdealWavefrontsMetric =
    "smsp__sass_l1tex_pipe_lsu_wavefronts_mem_shared_ideal";

}  // namespace stencil::profile
