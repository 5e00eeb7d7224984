# Every public header must carry a Doxygen @file block: Doxygen checks the functions, types
# and macros of documented files only, so a header without one would pass unchecked.
# Run by the docs target: cmake -DSC_INCLUDE_DIR=<dir> -P cmake/docs_check_files.cmake
file(GLOB headers "${SC_INCLUDE_DIR}/*.h")
if(NOT headers)
  message(FATAL_ERROR "no headers in ${SC_INCLUDE_DIR}")
endif()
set(missing "")
foreach(h IN LISTS headers)
  file(STRINGS "${h}" hit REGEX "@file" LIMIT_COUNT 1)
  if(NOT hit)
    list(APPEND missing "${h}")
  endif()
endforeach()
if(missing)
  list(JOIN missing "\n  " text)
  message(FATAL_ERROR "public headers without a Doxygen @file block:\n  ${text}")
endif()
