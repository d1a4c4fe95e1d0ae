// The SASS metrics behind the shared-memory columns of -profile sectors, named once for the
// counter that configures them and the report that cites them. Plain C++.
#pragma once

namespace stencil::profile {

// Warp-level shared load instructions executed (LDS and kin): one per warp, whatever its lanes.
inline constexpr const char* kSharedLoadRequestsMetric = "smsp__sass_inst_executed_op_shared_ld";
// Shared-memory data-stage wavefronts of those loads: one per request when conflict-free.
inline constexpr const char* kSharedLoadWavefrontsMetric =
    "smsp__sass_l1tex_data_pipe_lsu_wavefronts_mem_shared_op_ld";
// Wavefronts of every shared-memory operation, and the number they would take without bank
// conflicts; the difference is Nsight Compute's "excessive wavefronts".
inline constexpr const char* kSharedWavefrontsMetric =
    "smsp__sass_l1tex_pipe_lsu_wavefronts_mem_shared";
inline constexpr const char* kSharedIdealWavefrontsMetric =
    "smsp__sass_l1tex_pipe_lsu_wavefronts_mem_shared_ideal";
// Bank conflicts of shared stores. CUDA 13.0 knows no load counterpart as a SASS metric, so load
// conflicts are the excess wavefronts less these.
inline constexpr const char* kSharedStoreConflictsMetric =
    "smsp__sass_l1tex_data_bank_conflicts_pipe_lsu_mem_shared_op_st";

}  // namespace stencil::profile
