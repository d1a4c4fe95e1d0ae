# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# One stencil_miniapp job under mpirun, checked (cmake -P, started by CTest).
#   -DMPIEXEC=... -DNP=... -DAPP=... -DARGS="a|b|..." [-DDECOMP=RxC] -DEXPECT=pass|usage
# pass:  exit 0, -verify PASSED, the decomposition and one ratio spread line (rank 0's) in the
#        result block, and the checksum equal to the same run in one plain process (no mpirun):
#        the ranks computed the same grid.
# usage: exit 2 from the job and exactly one line of the ranks' on stderr, "stencil_miniapp:
#        error:" (rank 0's), within the test's timeout, i.e. no rank hangs, and none killed on its
#        way out says more. EXPECT_ERROR, when set, must be in that line.
string(REPLACE "|" ";" ARGS "${ARGS}")
set(job_args ${ARGS})
if(DECOMP)
  list(APPEND job_args -decomp ${DECOMP})
endif()
# A session directory of its own: OpenMPI launchers started at the same moment (ctest -j) race
# to create the shared default one ("mkdir ... File exists"). Short, for its Unix sockets.
execute_process(COMMAND mktemp -d /tmp/stencil-mpi.XXXXXX OUTPUT_VARIABLE session_dir
                OUTPUT_STRIP_TRAILING_WHITESPACE)
set(ENV{OMPI_MCA_orte_tmpdir_base} "${session_dir}")
execute_process(COMMAND ${MPIEXEC} -n ${NP} ${APP} ${job_args} -no-progress
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 100)
file(REMOVE_RECURSE "${session_dir}")
# Count the prefixes: a message may itself contain ';', which would split a list of whole lines.
string(REGEX MATCHALL "stencil_miniapp: error:" errors "${err}")
list(LENGTH errors error_count)

if(EXPECT STREQUAL "usage")
  if(NOT rc EQUAL 2)
    message(FATAL_ERROR "expected exit 2, got '${rc}'\nstdout:\n${out}\nstderr:\n${err}")
  endif()
  if(NOT error_count EQUAL 1)
    message(FATAL_ERROR "expected one error line, got ${error_count}:\n${err}")
  endif()
  # Any other line of the program, such as a signal's, is noise the launcher's kill caused.
  string(REGEX MATCHALL "stencil_miniapp:" own_lines "${err}")
  list(LENGTH own_lines own_count)
  if(NOT own_count EQUAL 1)
    message(FATAL_ERROR "expected one line from the ranks, got ${own_count}:\n${err}")
  endif()
  string(REGEX MATCH "stencil_miniapp: error:[^\n]*" error_line "${err}")
  if(EXPECT_ERROR AND NOT error_line MATCHES "${EXPECT_ERROR}")
    message(FATAL_ERROR "the error line does not say '${EXPECT_ERROR}': ${error_line}")
  endif()
  return()
endif()

if(NOT rc EQUAL 0)
  message(FATAL_ERROR "exit '${rc}'\nstdout:\n${out}\nstderr:\n${err}")
endif()
if(NOT out MATCHES "verification     : PASSED")
  message(FATAL_ERROR "no PASSED verification:\n${out}")
endif()
# The job's stencil/copy ratio, from interleaved pairs like a single process's, once (rank 0).
string(REGEX MATCHALL "ratio spread     : [^\n]* step/copy pairs" spreads "${out}")
list(LENGTH spreads spread_count)
if(NOT spread_count EQUAL 1)
  message(FATAL_ERROR "expected one ratio spread line, got ${spread_count}:\n${out}")
endif()
if(DECOMP AND NOT out MATCHES "decomposition    : ${DECOMP} ")
  message(FATAL_ERROR "decomposition ${DECOMP} not reported:\n${out}")
endif()
execute_process(COMMAND ${APP} ${ARGS} -no-progress RESULT_VARIABLE single_rc
                OUTPUT_VARIABLE single_out ERROR_VARIABLE single_err TIMEOUT 100)
if(NOT single_rc EQUAL 0)
  message(FATAL_ERROR "the single-process run failed: ${single_err}")
endif()
string(REGEX MATCH "checksum         : [^ ]+" job_sum "${out}")
string(REGEX MATCH "checksum         : [^ ]+" single_sum "${single_out}")
if(job_sum STREQUAL "" OR NOT job_sum STREQUAL single_sum)
  message(FATAL_ERROR "checksums differ: job '${job_sum}', one process '${single_sum}'")
endif()
