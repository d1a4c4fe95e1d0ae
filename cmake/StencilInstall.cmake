# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# cmake --install build --prefix P lays out the usual tree:
#   P/bin/                      stencil_miniapp, stencil_check, stencil_bench
#   P/lib/stencil_miniapp/      the Kokkos Tools the build found (kernel logger, kernel timer)
#   P/share/stencil_miniapp/    sample inputs, docs, the report script (with the model registry
#                               it reads), licence and citation
# An installed binary finds share/ and lib/ from its own path (miniapp/install_layout.cpp).
set(STENCIL_INSTALL_DATADIR ${CMAKE_INSTALL_DATADIR}/stencil_miniapp)
set(STENCIL_INSTALL_TOOLSDIR ${CMAKE_INSTALL_LIBDIR}/stencil_miniapp)

install(TARGETS stencil_miniapp stencil_check RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
if(TARGET stencil_bench)
  install(TARGETS stencil_bench RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()

if(STENCIL_KOKKOS_TOOLS_DIR)
  file(GLOB _stencil_tool_libraries ${STENCIL_KOKKOS_TOOLS_DIR}/*.so)
  install(FILES ${_stencil_tool_libraries} DESTINATION ${STENCIL_INSTALL_TOOLSDIR})
  if(EXISTS ${STENCIL_KOKKOS_TOOLS_DIR}/kp_reader)
    install(PROGRAMS ${STENCIL_KOKKOS_TOOLS_DIR}/kp_reader DESTINATION ${STENCIL_INSTALL_TOOLSDIR})
  endif()
endif()

install(DIRECTORY ${PROJECT_SOURCE_DIR}/inputs ${PROJECT_SOURCE_DIR}/docs
        DESTINATION ${STENCIL_INSTALL_DATADIR})
install(PROGRAMS ${PROJECT_SOURCE_DIR}/perf/report.py DESTINATION ${STENCIL_INSTALL_DATADIR})
# The report reads the model registry through registry.py, which looks for models.hpp beside it.
install(FILES ${PROJECT_SOURCE_DIR}/perf/registry.py ${PROJECT_SOURCE_DIR}/src/stencil/models.hpp
        DESTINATION ${STENCIL_INSTALL_DATADIR})
install(FILES ${PROJECT_SOURCE_DIR}/README.md ${PROJECT_SOURCE_DIR}/LICENSE
              ${PROJECT_SOURCE_DIR}/CITATION.cff
        DESTINATION ${STENCIL_INSTALL_DATADIR})
