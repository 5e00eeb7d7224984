# cmake/avr-gcc.cmake: CMake toolchain file for 8-bit AVR microcontrollers with avr-gcc
# (Debian 12: gcc-avr 5.4, avr-libc, binutils-avr).
#
#   cmake -S <project> -B build/m128 -DCMAKE_TOOLCHAIN_FILE=<seacurve>/cmake/avr-gcc.cmake \
#         [-DSC_AVR_MCU=atmega128] [-DSC_AVR_OPT=s|2]
#
# SC_AVR_MCU  the -mmcu of the whole build: any MCU name avr-gcc accepts (atmega128, the
#             MICAz and the default; atmega1281, IRIS; atmega328p, atmega644p, atmega1284p,
#             atmega2560, ...). One build directory per MCU. The name is checked by asking
#             avr-gcc to preprocess an empty file with it.
# SC_AVR_OPT  s (size first, -Os, the default) or 2 (speed first, -O2).
#
# The file sets the MCU, the optimization level and the language dialect, nothing else: no
# warning flags, so a project that uses it (a user's firmware) compiles with its own. The
# seacurve projects (the top-level CMakeLists.txt, firmware/) add -Wall -Wextra -Werror to
# their own targets.
#
# Language: -std=gnu11, i.e. C11 plus GNU extensions, because the named address space
# __flash (ISO/IEC TR 18037 embedded C, which avr-gcc implements only in GNU mode:
# with -std=c11 `__flash` is an unknown type name) is how firmware code may keep its own
# constants in flash. The library itself is ISO C11 (docs/mote-port.md). A project's own
# CMAKE_C_STANDARD / CMAKE_C_EXTENSIONS come after these flags and win. C++ (avr-g++)
# is enabled when installed, for projects with LANGUAGES CXX (avr-libc has no C++
# standard library).
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR avr)

set(SC_AVR_MCU atmega128 CACHE STRING "AVR MCU (-mmcu): any MCU avr-gcc knows, e.g. atmega128, atmega1281, atmega328p, atmega2560")
set_property(CACHE SC_AVR_MCU PROPERTY STRINGS
  atmega128 atmega1281 atmega328p atmega644p atmega1284p atmega2560)
set(SC_AVR_OPT s CACHE STRING "Optimization: s (-Os) or 2 (-O2)")
set_property(CACHE SC_AVR_OPT PROPERTY STRINGS s 2)
if(NOT SC_AVR_OPT MATCHES "^(s|2)$")
  message(FATAL_ERROR "avr-gcc.cmake: SC_AVR_OPT=${SC_AVR_OPT}: use s or 2")
endif()
# try_compile projects re-read this file: hand them the same choices.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES SC_AVR_MCU SC_AVR_OPT)

find_program(SC_AVR_GCC avr-gcc)
find_program(SC_AVR_GXX avr-g++)
find_program(SC_AVR_OBJCOPY avr-objcopy)
find_program(SC_AVR_SIZE avr-size)
if(NOT SC_AVR_GCC)
  message(FATAL_ERROR "avr-gcc.cmake: avr-gcc not found (Debian: apt-get install gcc-avr avr-libc binutils-avr)")
endif()

# The MCU: avr-gcc rejects a name it does not know ("unrecognized argument in option
# '-mmcu=...'") and avr-libc must have its header (<avr/io.h> errors out otherwise).
# Checked once per build directory (the result is cached under the MCU's name).
if(NOT SC_AVR_MCU MATCHES "^[A-Za-z0-9_]+$")
  message(FATAL_ERROR "avr-gcc.cmake: SC_AVR_MCU='${SC_AVR_MCU}' is not an MCU name")
endif()
if(NOT SC_AVR_MCU_OK_${SC_AVR_MCU})
  file(WRITE ${CMAKE_BINARY_DIR}/CMakeFiles/sc_avr_mcu.c "#include <avr/io.h>\n")
  execute_process(COMMAND ${SC_AVR_GCC} -mmcu=${SC_AVR_MCU} -E -o /dev/null
      ${CMAKE_BINARY_DIR}/CMakeFiles/sc_avr_mcu.c
    RESULT_VARIABLE sc_avr_rc ERROR_VARIABLE sc_avr_err OUTPUT_QUIET)
  if(NOT sc_avr_rc EQUAL 0)
    string(STRIP "${sc_avr_err}" sc_avr_err)
    message(FATAL_ERROR "avr-gcc.cmake: SC_AVR_MCU=${SC_AVR_MCU}: avr-gcc or avr-libc does not know "
      "this MCU (avr-gcc --target-help lists the names):\n${sc_avr_err}")
  endif()
  set(SC_AVR_MCU_OK_${SC_AVR_MCU} 1 CACHE INTERNAL "")
endif()

set(CMAKE_C_COMPILER ${SC_AVR_GCC})
set(CMAKE_ASM_COMPILER ${SC_AVR_GCC})
if(SC_AVR_GXX)
  set(CMAKE_CXX_COMPILER ${SC_AVR_GXX})
endif()
set(CMAKE_OBJCOPY ${SC_AVR_OBJCOPY} CACHE FILEPATH "" FORCE)
set(CMAKE_SIZE ${SC_AVR_SIZE} CACHE FILEPATH "" FORCE)

# No OS, no shared libraries: check the compiler by building a static library.
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)

# The optimization level comes from SC_AVR_OPT, whatever CMAKE_BUILD_TYPE says:
# avr-gcc-rules.cmake (read after CMake's GNU defaults) strips -O from the
# per-configuration flags, which would otherwise come last and win.
set(CMAKE_C_FLAGS_INIT "-mmcu=${SC_AVR_MCU} -O${SC_AVR_OPT} -std=gnu11")
set(CMAKE_CXX_FLAGS_INIT "-mmcu=${SC_AVR_MCU} -O${SC_AVR_OPT}")
set(CMAKE_ASM_FLAGS_INIT "-mmcu=${SC_AVR_MCU}")
set(CMAKE_USER_MAKE_RULES_OVERRIDE ${CMAKE_CURRENT_LIST_DIR}/avr-gcc-rules.cmake)

# Look for programs on the host, libraries and headers only in the AVR sysroot; packages
# (find_package, e.g. an installed seacurve) in the sysroot and under CMAKE_PREFIX_PATH /
# CMAKE_INSTALL_PREFIX-style prefixes the user names (BOTH: a cross prefix is not a sysroot).
set(CMAKE_FIND_ROOT_PATH /usr/lib/avr)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE BOTH)
