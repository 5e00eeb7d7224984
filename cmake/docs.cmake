# The API reference (docs/api.md): `cmake --build B --target docs` runs Doxygen over the
# public headers into B/docs/html, failing on any warning (docs/Doxyfile.in).  The target
# exists only where Doxygen is installed.
find_package(Doxygen QUIET)
if(DOXYGEN_FOUND)
  set(SC_DOCS_OUT ${CMAKE_CURRENT_BINARY_DIR}/docs)
  configure_file(${PROJECT_SOURCE_DIR}/docs/Doxyfile.in ${SC_DOCS_OUT}/Doxyfile @ONLY)
  add_custom_target(docs
    COMMAND ${CMAKE_COMMAND} -DSC_INCLUDE_DIR=${PROJECT_SOURCE_DIR}/include/seacurve
            -P ${PROJECT_SOURCE_DIR}/cmake/docs_check_files.cmake
    COMMAND ${DOXYGEN_EXECUTABLE} ${SC_DOCS_OUT}/Doxyfile
    WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
    COMMENT "API reference: ${SC_DOCS_OUT}/html/index.html"
    VERBATIM)
endif()
