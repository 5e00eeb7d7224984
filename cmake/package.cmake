# cmake/package.cmake: `cmake --install` of the library: libraries, public headers, the CMake
# package (find_package(seacurve): seacurve::seacurve) and the pkg-config file seacurve.pc.
#
#   SC_INSTALL_TARGETS  the library targets to install (host: static and shared; mote: static)
#   SC_PKG_MCU          the -mmcu of a mote build, empty on the host
#
# The configuration a user's code must share with the library (the limb width, the curve
# selection, SC_AVR_ASM, config.h options) is the static library's INTERFACE_COMPILE_DEFINITIONS:
# the CMake package carries them on the imported target and seacurve.pc in its Cflags, so a
# program compiled either way sees the same config.h as the library.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)
install(TARGETS ${SC_INSTALL_TARGETS} EXPORT seacurveTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${SC_HEADERS} DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/seacurve)
install(EXPORT seacurveTargets NAMESPACE seacurve:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/seacurve)

get_target_property(sc_pkg_defs seacurve INTERFACE_COMPILE_DEFINITIONS)
if(NOT sc_pkg_defs)
  set(sc_pkg_defs "")
endif()
set(SC_PKG_DEFS "${sc_pkg_defs}")
configure_package_config_file(cmake/seacurveConfig.cmake.in
  ${PROJECT_BINARY_DIR}/seacurveConfig.cmake INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/seacurve)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/seacurveConfigVersion.cmake COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_BINARY_DIR}/seacurveConfig.cmake ${PROJECT_BINARY_DIR}/seacurveConfigVersion.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/seacurve)

set(SC_PC_CFLAGS "")
foreach(d ${sc_pkg_defs})
  string(APPEND SC_PC_CFLAGS " -D${d}")
endforeach()
string(STRIP "${SC_PC_CFLAGS}" SC_PC_CFLAGS)
file(RELATIVE_PATH SC_PC_UP "/r/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/r")
# On the host, Libs carries an rpath to libdir, so a program linked through pkg-config finds
# libseacurve.so at run time from any prefix without LD_LIBRARY_PATH (the CMake package does
# the same by CMake's own rule for imported libraries); a mote build links statically.
if(SC_PKG_MCU STREQUAL "")
  set(SC_PC_RPATH " -Wl,-rpath,\${libdir}")
else()
  set(SC_PC_RPATH "")
endif()
# the static library's own dependencies: POSIX threads for the batch layer (SC_BATCH)
if(SC_BATCH AND SC_PKG_MCU STREQUAL "")
  set(SC_PC_LIBS_PRIVATE "-pthread")
else()
  set(SC_PC_LIBS_PRIVATE "")
endif()
configure_file(cmake/seacurve.pc.in ${PROJECT_BINARY_DIR}/seacurve.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/seacurve.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
install(FILES ${PROJECT_SOURCE_DIR}/LICENSE ${PROJECT_SOURCE_DIR}/CHANGELOG.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
