# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# cmake -DSOURCE_DIR=... -DOUTPUT=... -DVERSION=... -P WriteVersionHeader.cmake
set(commit "unknown")
find_package(Git QUIET)
if(DEFINED ENV{STENCIL_GIT_COMMIT})
  # Copies of the tree without .git (e.g. on the GPU machine) are told their commit.
  set(commit "$ENV{STENCIL_GIT_COMMIT}")
elseif(GIT_FOUND)
  execute_process(COMMAND ${GIT_EXECUTABLE} describe --always --dirty --abbrev=12
                  WORKING_DIRECTORY ${SOURCE_DIR} OUTPUT_VARIABLE described
                  OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE failed)
  if(NOT failed AND described)
    set(commit "${described}")
  endif()
endif()
set(text "#pragma once\nnamespace stencil::app {\ninline constexpr const char* kVersion = \"${VERSION}\";\ninline constexpr const char* kGitCommit = \"${commit}\";\n}  // namespace stencil::app\n")
if(EXISTS ${OUTPUT})
  file(READ ${OUTPUT} old)
endif()
if(NOT "${old}" STREQUAL "${text}")
  file(WRITE ${OUTPUT} "${text}")
endif()
