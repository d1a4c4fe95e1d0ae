# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The commit the binary was built from, recorded in results and outputs. Refreshed at every build
# (not only at configure time), and the header is rewritten only when the text changes, so an
# unchanged commit triggers no recompilation.
set(STENCIL_VERSION_HEADER ${CMAKE_CURRENT_BINARY_DIR}/generated/stencil_version.hpp)
add_custom_target(stencil_version_header
  COMMAND ${CMAKE_COMMAND} -DSOURCE_DIR=${CMAKE_CURRENT_SOURCE_DIR}
          -DOUTPUT=${STENCIL_VERSION_HEADER} -DVERSION=${PROJECT_VERSION}
          -P ${CMAKE_CURRENT_SOURCE_DIR}/cmake/WriteVersionHeader.cmake
  BYPRODUCTS ${STENCIL_VERSION_HEADER}
  COMMENT "Recording the git commit in stencil_version.hpp")
