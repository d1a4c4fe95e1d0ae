# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# What a new user of the package meets (included from tests/CMakeLists.txt): the installed tree,
# the result schema, the citation file, the presets, ParaView reading the sidecars.
# Exit 77: not checkable here (skipped, with the reason on the output).

# The installed tree and the result schema run the main build's Kokkos spaces (serial, openmp) and
# -impl openmp; a build without them (a directive model's) leaves both out.
if(kokkos IN_LIST STENCIL_BUILT_MODELS AND openmp IN_LIST STENCIL_BUILT_MODELS)
# cmake --install into a temporary prefix, moved elsewhere; the installed binary runs -list and a
# -verify run from its own paths. Needs every installed target built (the default build).
add_test(NAME installed_tree_runs_on_its_own
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/install_test.sh ${PROJECT_BINARY_DIR}
          ${CMAKE_CURRENT_BINARY_DIR}/installed_tree)
set_tests_properties(installed_tree_runs_on_its_own PROPERTIES LABELS cpu TIMEOUT 300)

# -json output of several kinds of run against docs/result.schema.json (Debian's
# python3-jsonschema), and the -csv columns against the same names; two MPI ranks where MPI is on.
# With MPI it also runs a job under mpirun, so it carries the mpi label too: the sanitizer build
# runs MPI jobs without the leak check (OpenMPI's own allocations, scripts/sanitize.sh).
set(_stencil_schema_mpirun "")
set(_stencil_schema_labels cpu)
if(STENCIL_ENABLE_MPI)
  set(_stencil_schema_mpirun ${MPIEXEC_EXECUTABLE})
  set(_stencil_schema_labels cpu mpi)
endif()
add_test(NAME results_match_their_schema
  COMMAND ${STENCIL_PYTHON} ${CMAKE_CURRENT_SOURCE_DIR}/check_result_schema.py
          $<TARGET_FILE:stencil_miniapp> ${PROJECT_SOURCE_DIR}/docs/result.schema.json
          ${CMAKE_CURRENT_BINARY_DIR}/result_schema "${_stencil_schema_mpirun}")
set_tests_properties(results_match_their_schema PROPERTIES
  LABELS "${_stencil_schema_labels}" SKIP_RETURN_CODE 77 TIMEOUT 300)
endif()

add_test(NAME citation_file_is_valid
  COMMAND ${STENCIL_PYTHON} ${CMAKE_CURRENT_SOURCE_DIR}/check_citation.py
          ${PROJECT_SOURCE_DIR}/CITATION.cff ${PROJECT_VERSION})
set_tests_properties(citation_file_is_valid PROPERTIES LABELS cpu SKIP_RETURN_CODE 77 TIMEOUT 60)

# The presets the docs name are there and CMake reads the file (configuring them is CI's job).
add_test(NAME presets_are_listed
  COMMAND ${CMAKE_COMMAND} -DSOURCE_DIR=${PROJECT_SOURCE_DIR}
          "-DPRESETS=default;cpu;cuda;mpi;sanitize;openacc;omptarget"
          -P ${CMAKE_CURRENT_SOURCE_DIR}/check_presets.cmake)
set_tests_properties(presets_are_listed PROPERTIES LABELS cpu TIMEOUT 60)

# ParaView (label paraview, not cpu: it needs scripts/install-deps.sh --paraview, ~700 MB):
# pvbatch opens each kind of sidecar with XDMFReader, Xdmf3ReaderS and Xdmf3ReaderT and compares
# every value with h5py. Skipped with the reason where pvbatch is missing.
set(_stencil_paraview_mpirun "")
if(STENCIL_ENABLE_MPI)
  set(_stencil_paraview_mpirun ${MPIEXEC_EXECUTABLE})
endif()
add_test(NAME paraview_reads_every_sidecar
  COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/paraview_test.sh $<TARGET_FILE:stencil_miniapp>
          ${CMAKE_CURRENT_BINARY_DIR}/paraview "${_stencil_paraview_mpirun}")
set_tests_properties(paraview_reads_every_sidecar PROPERTIES
  LABELS paraview SKIP_RETURN_CODE 77 TIMEOUT 600 RUN_SERIAL TRUE)

# The same pieces without a process: CPU model, bare-name lookups, the binding note.
add_executable(stencil_package_tests package_test.cpp)
target_link_libraries(stencil_package_tests PRIVATE stencil_app GTest::gtest_main)
gtest_discover_tests(stencil_package_tests DISCOVERY_MODE PRE_TEST PROPERTIES LABELS cpu)

# -list and a run agree on the OpenMP binding where the user set none (-impl openmp).
if(openmp IN_LIST STENCIL_BUILT_MODELS)
  add_test(NAME list_reports_the_binding_a_run_gets
    COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/list_binding_test.sh $<TARGET_FILE:stencil_miniapp>)
  set_tests_properties(list_reports_the_binding_a_run_gets PROPERTIES LABELS cpu TIMEOUT 60)
endif()
