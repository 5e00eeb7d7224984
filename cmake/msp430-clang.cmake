# cmake/msp430-clang.cmake: CMake toolchain file for the MSP430 with clang's msp430 target
# and ld.lld (Debian 12: clang, lld; TI's device memory maps from msp430mcu). No MSP430
# C library exists in Debian 12: the images are freestanding, with the runtime of
# port/msp430 (start-up, <string.h>, the multiply / divide / shift helpers clang calls).
#
#   cmake -S <project> -B build/msp430-f1611 -DCMAKE_TOOLCHAIN_FILE=<seacurve>/cmake/msp430-clang.cmake \
#         [-DSC_MSP430_MCU=msp430f1611|msp430f5438]
#
# SC_MSP430_MCU  msp430f1611 (TelosB / Tmote Sky: 48 KB flash, 10 KB RAM, the 16 x 16
#                hardware multiplier; the default) or msp430f5438 (an MSP430X with the
#                MPY32 multiplier: 16 KB RAM; the images use its low 41 KB of flash, as
#                clang emits MSP430 (not MSP430X) code with 16-bit addresses).
# The file sets the target, the multiplier, -Os, -ffreestanding and the runtime's include
# directory; SC_MSP430_HWMULT (16 or 32), SC_MSP430_MPY (the multiplier's base address),
# SC_MSP430_WDTCTL and SC_MSP430_LDDIR (the device's
# msp430mcu linker-script directory) are left for the project (firmware/msp430).
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR msp430)

set(SC_MSP430_MCU msp430f1611 CACHE STRING "MSP430 device: msp430f1611 or msp430f5438")
set_property(CACHE SC_MSP430_MCU PROPERTY STRINGS msp430f1611 msp430f5438)
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES SC_MSP430_MCU)

if(SC_MSP430_MCU STREQUAL "msp430f1611")
  # clang knows this device: -mmcu sets the 16 x 16 multiplier and __MSP430F1611__
  set(sc_msp430_cpu "-mmcu=msp430f1611")
  set(SC_MSP430_HWMULT 16)
  set(SC_MSP430_MPY 0x0130)
  set(SC_MSP430_WDTCTL 0x0120)
elseif(SC_MSP430_MCU STREQUAL "msp430f5438")
  # clang 14 has no -mmcu for the F5xx: the MPY32 helpers by -mhwmult=f5series
  set(sc_msp430_cpu "-mhwmult=f5series -D__MSP430F5438__")
  set(SC_MSP430_HWMULT 32)
  set(SC_MSP430_MPY 0x04C0)
  set(SC_MSP430_WDTCTL 0x015C)
else()
  message(FATAL_ERROR "msp430-clang.cmake: SC_MSP430_MCU=${SC_MSP430_MCU}: use msp430f1611 or msp430f5438")
endif()
set(SC_MSP430_LDDIR /usr/msp430/lib/ldscripts/${SC_MSP430_MCU})
if(NOT EXISTS ${SC_MSP430_LDDIR}/memory.x)
  message(FATAL_ERROR "msp430-clang.cmake: ${SC_MSP430_LDDIR}/memory.x not found (Debian: apt-get install msp430mcu)")
endif()

find_program(SC_MSP430_CLANG NAMES clang clang-14)
find_program(SC_MSP430_LLD NAMES ld.lld ld.lld-14)
find_program(SC_MSP430_SIZE NAMES llvm-size llvm-size-14)
if(NOT SC_MSP430_CLANG OR NOT SC_MSP430_LLD)
  message(FATAL_ERROR "msp430-clang.cmake: clang and ld.lld are needed (Debian: apt-get install clang lld)")
endif()
set(CMAKE_C_COMPILER ${SC_MSP430_CLANG})
set(CMAKE_ASM_COMPILER ${SC_MSP430_CLANG})
set(CMAKE_C_COMPILER_TARGET msp430)
set(CMAKE_ASM_COMPILER_TARGET msp430)
set(CMAKE_SIZE ${SC_MSP430_SIZE} CACHE FILEPATH "" FORCE)
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)

get_filename_component(sc_msp430_root ${CMAKE_CURRENT_LIST_DIR}/.. ABSOLUTE)
set(CMAKE_C_FLAGS_INIT "${sc_msp430_cpu} -Os -ffreestanding -isystem ${sc_msp430_root}/port/msp430/include")
set(CMAKE_ASM_FLAGS_INIT "${sc_msp430_cpu}")
foreach(c DEBUG RELEASE RELWITHDEBINFO MINSIZEREL)
  set(CMAKE_C_FLAGS_${c}_INIT "")
endforeach()
# Linking: ld.lld itself (clang's msp430 driver would call msp430-elf-ld), with the
# device's memory map and the runtime's section layout (port/msp430/msp430.ld).
set(CMAKE_C_LINK_EXECUTABLE
  "${SC_MSP430_LLD} -m msp430elf --gc-sections -T ${SC_MSP430_LDDIR}/memory.x -T ${sc_msp430_root}/port/msp430/msp430.ld <LINK_FLAGS> <OBJECTS> -o <TARGET> <LINK_LIBRARIES>")

set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
