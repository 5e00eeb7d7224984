# cmake/mote.cmake: the top-level project configured with an AVR toolchain file (a "mote
# build"): the static library libseacurve.a for SC_AVR_MCU and nothing else (no shared
# library, tests or tools), installable as a CMake package and a pkg-config file
# (cmake/package.cmake, docs/integration.md):
#
#   cmake -S . -B build/m128 -DCMAKE_TOOLCHAIN_FILE=cmake/avr-gcc.cmake -DSC_AVR_MCU=atmega128 \
#         -DSC_CURVES="secp160r1;secp256r1" [-DSC_AVR_ASM=ON] [-DSC_WITH_GTAB=OFF] [-DSC_WITH_SHA1=OFF]
#         [-DSC_AVR_COMPACT=AUTO|ON|OFF]
#         [-DSC_FAULT_CHECKS=0|1|2] [-DSC_CONFIG_DEFS=...]
#   cmake --build build/m128 && cmake --install build/m128 --prefix <prefix>
#
# The library is the one the firmware images link (firmware/sclib.cmake, sc_fw_lib): the same
# sources, SC_WORD_BITS=8, -ffunction-sections -fdata-sections (link with --gc-sections), and
# with SC_AVR_ASM the port/avr/gen kernels (with SC_AVR_COMPACT the compact 160-bit multiply and
# squaring in place of the fast ones). Its configuration is public (exported with the
# package), so a user's code sees the same config.h as the library.
#
# SHA-1 is out unless asked for (SC_WITH_SHA1=ON): ECDSA and HMAC-DRBG on the mote hash with
# SHA-256, and the hash layer's dispatch would otherwise link SHA-1's compression function
# (0.9 KB of assembly, about 1.4 KB of C) into every image that hashes; without it
# sc_hash_len(SC_HASH_SHA1) is 0 and SHA-1 requests fail with SC_ERR_HASH (seacurve/hash.h).
enable_language(ASM)
if(NOT DEFINED SC_AVR_MCU)
  message(FATAL_ERROR "mote build: SC_AVR_MCU is not set: use seacurve's cmake/avr-gcc.cmake "
    "as the toolchain file (or set -DSC_AVR_MCU= to the -mmcu of yours)")
endif()
option(SC_AVR_ASM "Mote build: the AVR assembly kernels of port/avr/gen (docs/mote-asm.md)" ON)
option(SC_WITH_GTAB "Mote build: the precomputed table of G in flash (faster k*G, 21-30 KB per curve)" OFF)
# The compact 160-bit multiply and squaring kernels (port/avr/gen/mp_mulsqr20c.S, 2.5 KB instead
# of 5.9 KB, 6.6 % / 7.6 % more cycles; docs/mote-asm.md): ON, OFF, or AUTO (the default): ON without
# the table of G, where flash is what counts; OFF with it, whose k*G is the point of the table.
set(SC_AVR_COMPACT AUTO CACHE STRING
  "Mote build: the compact 160-bit multiply / squaring kernels (with SC_AVR_ASM): ON, OFF or AUTO (= NOT SC_WITH_GTAB)")
set_property(CACHE SC_AVR_COMPACT PROPERTY STRINGS AUTO ON OFF)
if(SC_AVR_COMPACT STREQUAL "AUTO")
  if(SC_WITH_GTAB)
    set(sc_compact OFF)
  else()
    set(sc_compact ON)
  endif()
else()
  set(sc_compact ${SC_AVR_COMPACT})
endif()
option(SC_WITH_SHA1 "Mote build: SHA-1 besides SHA-256 (0.9-1.4 KB of flash in an image that hashes)" OFF)
set(SC_CONFIG_DEFS "" CACHE STRING
  "Mote build: further config.h definitions, a list (e.g. SC_WITH_KEYFILE;SC_WITH_SHA512)")

# The library's own sources are ISO C11 with the project's warnings (the toolchain file sets none).
set(CMAKE_C_STANDARD 11)
set(CMAKE_C_STANDARD_REQUIRED ON)
set(CMAKE_C_EXTENSIONS OFF)
add_compile_options($<$<COMPILE_LANGUAGE:C>:-Wall> $<$<COMPILE_LANGUAGE:C>:-Wextra>
  $<$<COMPILE_LANGUAGE:C>:-Werror>)

set(SC_FW_ROOT ${PROJECT_SOURCE_DIR})
include(${PROJECT_SOURCE_DIR}/firmware/sclib.cmake)
set(sc_mote_defs ${SC_CURVE_DEFS})
if(SC_WITH_GTAB)
  list(APPEND sc_mote_defs SC_WITH_GTAB=1)
endif()
if(NOT SC_WITH_SHA1)
  list(APPEND sc_mote_defs SC_NO_SHA1=1)
endif()
if(SC_AVR_ASM AND sc_compact)
  list(APPEND sc_mote_defs SC_AVR_COMPACT=1)
endif()
if(NOT SC_FAULT_CHECKS STREQUAL "")
  list(APPEND sc_mote_defs SC_FAULT_CHECKS=${SC_FAULT_CHECKS})   # config.h; docs/security.md
endif()
list(APPEND sc_mote_defs ${SC_CONFIG_DEFS})
if(SC_AVR_ASM)
  sc_fw_lib(seacurve DEFS ${sc_mote_defs} ASM)
else()
  sc_fw_lib(seacurve DEFS ${sc_mote_defs})
endif()
# Users see include/ only: src/ and port/avr/gen stay private to the library's build.
set_target_properties(seacurve PROPERTIES INTERFACE_INCLUDE_DIRECTORIES
  "$<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>;$<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>")

file(GLOB SC_HEADERS CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/include/seacurve/*.h)
set(SC_INSTALL_TARGETS seacurve)
set(SC_PKG_MCU ${SC_AVR_MCU})
include(${PROJECT_SOURCE_DIR}/cmake/package.cmake)

get_target_property(sc_d seacurve INTERFACE_COMPILE_DEFINITIONS)
message(STATUS "seacurve mote build for ${SC_AVR_MCU}: ${sc_d}")
