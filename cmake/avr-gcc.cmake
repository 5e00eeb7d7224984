# cmake/avr-gcc.cmake: CMake toolchain file for 8-bit AVR motes with avr-gcc
# (Debian 12: gcc-avr 5.4, avr-libc, binutils-avr).
#
#   cmake -S firmware -B build/fw-m128 -DCMAKE_TOOLCHAIN_FILE=cmake/avr-gcc.cmake \
#         [-DSC_AVR_MCU=atmega128|atmega1281] [-DSC_AVR_OPT=s|2]
#
# SC_AVR_MCU  the -mmcu of the whole build: atmega128 (MICAz, the default) or
#             atmega1281 (IRIS). One build directory per MCU.
# SC_AVR_OPT  s (size first, -Os, the default) or 2 (speed first, -O2).
#
# Language: -std=gnu11, i.e. C11 plus GNU extensions, because the named address space
# __flash (ISO/IEC TR 18037 embedded C, which avr-gcc implements only in GNU mode:
# with -std=c11 `__flash` is an unknown type name) is how constants are kept in flash
# and read with lpm without pgm_read_* calls. PROGMEM + <avr/pgmspace.h> alone would
# work with -std=c11. A project using this file should leave CMAKE_C_EXTENSIONS on
# (or unset): CMAKE_C_EXTENSIONS OFF would add -std=c11 after these flags.
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR avr)

set(SC_AVR_MCU atmega128 CACHE STRING "AVR MCU (-mmcu): atmega128 or atmega1281")
set_property(CACHE SC_AVR_MCU PROPERTY STRINGS atmega128 atmega1281)
set(SC_AVR_OPT s CACHE STRING "Optimization: s (-Os) or 2 (-O2)")
set_property(CACHE SC_AVR_OPT PROPERTY STRINGS s 2)
if(NOT SC_AVR_MCU MATCHES "^(atmega128|atmega1281)$")
  message(FATAL_ERROR "avr-gcc.cmake: SC_AVR_MCU=${SC_AVR_MCU}: use atmega128 or atmega1281")
endif()
if(NOT SC_AVR_OPT MATCHES "^(s|2)$")
  message(FATAL_ERROR "avr-gcc.cmake: SC_AVR_OPT=${SC_AVR_OPT}: use s or 2")
endif()
# try_compile projects re-read this file: hand them the same choices.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES SC_AVR_MCU SC_AVR_OPT)

find_program(SC_AVR_GCC avr-gcc)
find_program(SC_AVR_OBJCOPY avr-objcopy)
find_program(SC_AVR_SIZE avr-size)
if(NOT SC_AVR_GCC)
  message(FATAL_ERROR "avr-gcc.cmake: avr-gcc not found (Debian: apt-get install gcc-avr avr-libc binutils-avr)")
endif()
set(CMAKE_C_COMPILER ${SC_AVR_GCC})
set(CMAKE_ASM_COMPILER ${SC_AVR_GCC})
set(CMAKE_OBJCOPY ${SC_AVR_OBJCOPY} CACHE FILEPATH "" FORCE)
set(CMAKE_SIZE ${SC_AVR_SIZE} CACHE FILEPATH "" FORCE)

# No OS, no shared libraries: check the compiler by building a static library.
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)

# The optimization level comes from SC_AVR_OPT, whatever CMAKE_BUILD_TYPE says:
# avr-gcc-rules.cmake (read after CMake's GNU defaults) strips -O from the
# per-configuration flags, which would otherwise come last and win.
set(CMAKE_C_FLAGS_INIT "-mmcu=${SC_AVR_MCU} -O${SC_AVR_OPT} -std=gnu11 -Wall -Wextra -Werror")
set(CMAKE_ASM_FLAGS_INIT "-mmcu=${SC_AVR_MCU}")
set(CMAKE_USER_MAKE_RULES_OVERRIDE ${CMAKE_CURRENT_LIST_DIR}/avr-gcc-rules.cmake)

# Look for programs on the host, libraries and headers only in the AVR sysroot.
set(CMAKE_FIND_ROOT_PATH /usr/lib/avr)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
