# ctest pkg_mote_example (tests/pkg/CMakeLists.txt): the mote install and examples/mote as a
# user would build them, in WORK:
#   1. the top-level project with cmake/avr-gcc.cmake for the atmega128, secp160r1: built and
#      installed into WORK/prefix (libseacurve.a, headers, CMake package, seacurve.pc);
#   2. examples/mote configured against that prefix with find_package (MOTE_EXAMPLE_STANDIN: the
#      simulator's ADC gives no noise), built, run under sc-avrsim: exit 0, the console lines of
#      every step, and the public key, signature and ECDH secret checked with OpenSSL
#      (mote_example_check.py);
#   3. the same firmware through pkg-config (examples/mote/Makefile): same console output; and
#      built without the simulator's stand-in readings, it stops (exit 1) before making a key;
#   4. no -Werror reaches the user's code (the package's flags and seacurve.pc's Cflags), and
#      the package refuses a project for another MCU;
#   5. a C++ firmware (avr-g++) links the installed library;
#   6. an unknown name in SC_CURVES stops the configure step.
# -D: ROOT WORK SIM PYTHON3, MAKE PKG_CONFIG OPENSSL (step 3 is skipped without make or
# pkg-config; OpenSSL is required).
foreach(v ROOT WORK SIM PYTHON3)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "mote_example.cmake: -D${v}= missing")
  endif()
endforeach()
if(NOT OPENSSL)
  message(FATAL_ERROR "mote_example.cmake: the openssl command is needed to check the results")
endif()
set(MCU atmega128)
set(TC ${ROOT}/cmake/avr-gcc.cmake)
# The host's compiler settings must not reach the AVR builds.
set(CLEAN_ENV ${CMAKE_COMMAND} -E env --unset=CC --unset=CFLAGS --unset=LDFLAGS --unset=CPPFLAGS
  --unset=CMAKE_PREFIX_PATH --unset=PKG_CONFIG_PATH)
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})

function(step name)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${name} failed (${rc}):\n${out}\n${err}")
  endif()
  message(STATUS "${name}: ok")
endfunction()

# 1. the library
step("configure the mote build" ${CLEAN_ENV} ${CMAKE_COMMAND} -S ${ROOT} -B ${WORK}/lib
  -DCMAKE_TOOLCHAIN_FILE=${TC} -DSC_AVR_MCU=${MCU} -DSC_CURVES=secp160r1)
step("build the mote library" ${CMAKE_COMMAND} --build ${WORK}/lib -j2)
step("install it" ${CMAKE_COMMAND} --install ${WORK}/lib --prefix ${WORK}/prefix)
foreach(f lib/libseacurve.a include/seacurve/seacurve.h lib/cmake/seacurve/seacurveConfig.cmake
    lib/pkgconfig/seacurve.pc)
  if(NOT EXISTS ${WORK}/prefix/${f})
    message(FATAL_ERROR "install: ${f} missing")
  endif()
endforeach()

# 2. examples/mote with find_package
step("configure examples/mote (find_package)" ${CLEAN_ENV} ${CMAKE_COMMAND} -S ${ROOT}/examples/mote
  -B ${WORK}/example -DCMAKE_TOOLCHAIN_FILE=${TC} -DSC_AVR_MCU=${MCU} -DCMAKE_PREFIX_PATH=${WORK}/prefix
  -DMOTE_EXAMPLE_STANDIN=ON)
step("build examples/mote (find_package)" ${CMAKE_COMMAND} --build ${WORK}/example)
set(bad "")
file(GLOB_RECURSE flags ${WORK}/example/CMakeFiles/*/flags.make)
foreach(f ${flags})
  file(READ ${f} t)
  if(t MATCHES "-Werror")
    string(APPEND bad "the example's compile flags carry -Werror (${f})\n")
  endif()
endforeach()
execute_process(COMMAND ${SIM} --mcu ${MCU} --timeout 300 ${WORK}/example/mote_example.elf
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}${err}")
if(NOT rc EQUAL 0)
  string(APPEND bad "examples/mote (find_package): sc-avrsim exit ${rc}\n")
endif()
foreach(l "seacurve mote example: secp160r1" "entropy: the ADC source refused itself (a stuck channel or no ADC)"
    "entropy: stand-in readings (simulator build): NOT random" "key: ok" "sign: ok" "verify: ok"
    "verify changed reading: rejected" "ecdh: ok" "done")
  string(FIND "${out}" "${l}\n" at)
  if(at EQUAL -1)
    string(APPEND bad "console line missing: ${l}\n")
  endif()
endforeach()
file(WRITE ${WORK}/console.txt "${out}")
execute_process(COMMAND ${PYTHON3} ${CMAKE_CURRENT_LIST_DIR}/mote_example_check.py ${WORK}/console.txt
  --openssl ${OPENSSL} RESULT_VARIABLE rc OUTPUT_VARIABLE cout ERROR_VARIABLE cout)
message("${cout}")
if(NOT rc EQUAL 0)
  string(APPEND bad "the results do not agree with OpenSSL\n")
endif()

# 3. the same through pkg-config
if(MAKE AND PKG_CONFIG)
  execute_process(COMMAND ${CMAKE_COMMAND} -E env PKG_CONFIG_PATH=${WORK}/prefix/lib/pkgconfig
      ${PKG_CONFIG} --cflags --libs seacurve OUTPUT_VARIABLE pc OUTPUT_STRIP_TRAILING_WHITESPACE)
  message(STATUS "pkg-config --cflags --libs seacurve: ${pc}")
  if(pc MATCHES "-Werror" OR NOT pc MATCHES "-DSC_CURVE_SECP160R1=1")
    string(APPEND bad "seacurve.pc: unexpected flags: ${pc}\n")
  endif()
  file(MAKE_DIRECTORY ${WORK}/make)
  step("build examples/mote (pkg-config, make)" ${CLEAN_ENV} PKG_CONFIG_PATH=${WORK}/prefix/lib/pkgconfig
    ${MAKE} -C ${ROOT}/examples/mote BUILD=${WORK}/make PKG_CONFIG=${PKG_CONFIG} STANDIN=1)
  execute_process(COMMAND ${SIM} --mcu ${MCU} --timeout 300 ${WORK}/make/mote_example.elf
    RESULT_VARIABLE rc OUTPUT_VARIABLE out2 ERROR_VARIABLE err2)
  if(NOT rc EQUAL 0 OR NOT out2 STREQUAL out)
    string(APPEND bad "examples/mote (pkg-config): exit ${rc}, output:\n${out2}${err2}\n")
  else()
    message(STATUS "examples/mote (pkg-config): same console output, exit 0")
  endif()
  # without the stand-in the simulator's stuck ADC stops the example before any key is made
  file(MAKE_DIRECTORY ${WORK}/make-adc)
  step("build examples/mote without the stand-in" ${CLEAN_ENV} PKG_CONFIG_PATH=${WORK}/prefix/lib/pkgconfig
    ${MAKE} -C ${ROOT}/examples/mote BUILD=${WORK}/make-adc PKG_CONFIG=${PKG_CONFIG})
  execute_process(COMMAND ${SIM} --mcu ${MCU} --timeout 300 ${WORK}/make-adc/mote_example.elf
    RESULT_VARIABLE rc OUTPUT_VARIABLE out3 ERROR_VARIABLE err3)
  if(NOT rc EQUAL 1 OR NOT out3 MATCHES "ADC source refused itself" OR out3 MATCHES "key: ")
    string(APPEND bad "examples/mote without the stand-in: exit ${rc}, output:\n${out3}${err3}\n")
  else()
    message(STATUS "examples/mote without the stand-in: the stuck ADC refused, exit 1, no key")
  endif()
else()
  message(STATUS "make or pkg-config not found: the pkg-config build is skipped")
endif()

# 4. a project for another MCU is refused by the package
execute_process(COMMAND ${CLEAN_ENV} ${CMAKE_COMMAND} -S ${ROOT}/examples/mote -B ${WORK}/other-mcu
    -DCMAKE_TOOLCHAIN_FILE=${TC} -DSC_AVR_MCU=atmega1281 -DCMAKE_PREFIX_PATH=${WORK}/prefix
  RESULT_VARIABLE rc OUTPUT_VARIABLE o ERROR_VARIABLE e)
if(rc EQUAL 0 OR NOT "${o}${e}" MATCHES "built for[ \n]+atmega128")
  string(APPEND bad "find_package accepted a library built for another MCU\n")
else()
  message(STATUS "a project for atmega1281 refused: ok")
endif()

# 5. C++ firmware code links the installed library (extern "C" on avr-g++)
find_program(AVR_GXX avr-g++)
if(AVR_GXX)
  file(MAKE_DIRECTORY ${WORK}/cxx)
  file(WRITE ${WORK}/cxx/CMakeLists.txt "cmake_minimum_required(VERSION 3.20)\nproject(cxx CXX)\n"
    "find_package(seacurve REQUIRED)\nadd_executable(cxx main.cpp)\n"
    "target_link_libraries(cxx PRIVATE seacurve::seacurve)\n")
  file(WRITE ${WORK}/cxx/main.cpp "#include <seacurve/seacurve.h>\n"
    "int main() { const sc_curve *c = sc_curve_at(0); uint8_t d[SC_FP_MAXBYTES] = {1};\n"
    "  uint8_t q[SC_PK_MAX_PUB]; size_t n = sizeof q; d[c->nlen - 1] = 7;\n"
    "  return sc_pubkey(c, q, &n, 1, d, c->nlen) == SC_OK ? 0 : 1; }\n")
  step("configure a C++ firmware (find_package)" ${CLEAN_ENV} ${CMAKE_COMMAND} -S ${WORK}/cxx
    -B ${WORK}/cxx/b -DCMAKE_TOOLCHAIN_FILE=${TC} -DSC_AVR_MCU=${MCU} -DCMAKE_PREFIX_PATH=${WORK}/prefix)
  step("build and link it with avr-g++" ${CMAKE_COMMAND} --build ${WORK}/cxx/b)
else()
  message(STATUS "avr-g++ not found: the C++ firmware is skipped")
endif()

# 6. an unknown curve name is a configure error that names the known ones
execute_process(COMMAND ${CLEAN_ENV} ${CMAKE_COMMAND} -S ${ROOT} -B ${WORK}/bad-curve
    -DCMAKE_TOOLCHAIN_FILE=${TC} -DSC_AVR_MCU=${MCU} "-DSC_CURVES=secp160r1;secp999r1"
  RESULT_VARIABLE rc OUTPUT_VARIABLE o ERROR_VARIABLE e)
if(rc EQUAL 0 OR NOT "${o}${e}" MATCHES "unknown curve 'secp999r1'" OR NOT "${o}${e}" MATCHES "secp256k1")
  string(APPEND bad "SC_CURVES with an unknown name: not refused as it should be:\n${o}${e}\n")
else()
  message(STATUS "SC_CURVES=secp160r1;secp999r1 refused: ok")
endif()

if(bad)
  message(FATAL_ERROR "${bad}")
endif()
