# cmake/arm-none-eabi.cmake: CMake toolchain file for Cortex-M cores with the GNU Arm
# Embedded toolchain (Debian 12: gcc-arm-none-eabi 12.2, libnewlib-arm-none-eabi).
#
#   cmake -S <project> -B build/cm4 -DCMAKE_TOOLCHAIN_FILE=<seacurve>/cmake/arm-none-eabi.cmake \
#         [-DSC_CM_CPU=cortex-m4] [-DSC_CM_OPT=s|2]
#
# SC_CM_CPU  the -mcpu of the whole build: cortex-m0plus (ARMv6-M, thumbv6m), cortex-m3
#            (ARMv7-M) or cortex-m4 (ARMv7E-M, the default); always Thumb, soft float (the
#            library has no floating point). One build directory per core.
# SC_CM_OPT  s (size first, -Os, the default) or 2 (speed first, -O2).
#
# Like cmake/avr-gcc.cmake the file sets the core, the optimization level and the dialect
# (-std=c11: the library and the Cortex-M images need no GNU extension), no warning flags.
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR arm)

set(SC_CM_CPU cortex-m4 CACHE STRING "Cortex-M core (-mcpu): cortex-m0plus, cortex-m3 or cortex-m4")
set_property(CACHE SC_CM_CPU PROPERTY STRINGS cortex-m0plus cortex-m3 cortex-m4)
if(NOT SC_CM_CPU MATCHES "^cortex-m(0plus|3|4)$")
  message(FATAL_ERROR "arm-none-eabi.cmake: SC_CM_CPU=${SC_CM_CPU}: use cortex-m0plus, cortex-m3 or cortex-m4")
endif()
set(SC_CM_OPT s CACHE STRING "Optimization: s (-Os) or 2 (-O2)")
set_property(CACHE SC_CM_OPT PROPERTY STRINGS s 2)
if(NOT SC_CM_OPT MATCHES "^(s|2)$")
  message(FATAL_ERROR "arm-none-eabi.cmake: SC_CM_OPT=${SC_CM_OPT}: use s or 2")
endif()
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES SC_CM_CPU SC_CM_OPT)

find_program(SC_ARM_GCC arm-none-eabi-gcc)
find_program(SC_ARM_OBJCOPY arm-none-eabi-objcopy)
find_program(SC_ARM_SIZE arm-none-eabi-size)
if(NOT SC_ARM_GCC)
  message(FATAL_ERROR "arm-none-eabi.cmake: arm-none-eabi-gcc not found "
    "(Debian: apt-get install gcc-arm-none-eabi libnewlib-arm-none-eabi)")
endif()

set(CMAKE_C_COMPILER ${SC_ARM_GCC})
set(CMAKE_ASM_COMPILER ${SC_ARM_GCC})
set(CMAKE_OBJCOPY ${SC_ARM_OBJCOPY} CACHE FILEPATH "" FORCE)
set(CMAKE_SIZE ${SC_ARM_SIZE} CACHE FILEPATH "" FORCE)
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)

# -masm-syntax-unified: inline assembly in unified syntax on ARMv6-M too (GCC assumes
# the old divided syntax there), so one source serves every core.
set(CMAKE_C_FLAGS_INIT "-mcpu=${SC_CM_CPU} -mthumb -mfloat-abi=soft -masm-syntax-unified -O${SC_CM_OPT} -std=c11")
set(CMAKE_ASM_FLAGS_INIT "-mcpu=${SC_CM_CPU} -mthumb")
# The optimization level comes from SC_CM_OPT whatever CMAKE_BUILD_TYPE says (the same
# override file as the AVR toolchain: it strips -O from the per-configuration flags).
set(CMAKE_USER_MAKE_RULES_OVERRIDE ${CMAKE_CURRENT_LIST_DIR}/avr-gcc-rules.cmake)

set(CMAKE_FIND_ROOT_PATH /usr/lib/arm-none-eabi)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE BOTH)
