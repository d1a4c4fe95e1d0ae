# The commit the binary was built from, recorded in results and HDF5 outputs.
find_package(Git QUIET)
set(STENCIL_GIT_COMMIT "unknown")
if(GIT_FOUND AND EXISTS ${CMAKE_CURRENT_SOURCE_DIR}/.git)
  execute_process(COMMAND ${GIT_EXECUTABLE} describe --always --dirty --abbrev=12
                  WORKING_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}
                  OUTPUT_VARIABLE STENCIL_GIT_COMMIT OUTPUT_STRIP_TRAILING_WHITESPACE
                  ERROR_QUIET)
  if(NOT STENCIL_GIT_COMMIT)
    set(STENCIL_GIT_COMMIT "unknown")
  endif()
endif()
