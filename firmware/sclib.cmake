# firmware/sclib.cmake: the seacurve library built for the mote, included from
# firmware/CMakeLists.txt (docs/mote-port.md has the build options).
#
#   sc_fw_lib(<target> [DEFS def...] [ASM])
#
# A static library of ${SC_FW_ROOT}/src/*/*.c for SC_AVR_MCU (the toolchain file's
# -mmcu and -O) with SC_WORD_BITS=8, the given compile definitions (curve selection
# SC_CURVES_ALL=0 SC_CURVE_<NAME>=1, windows SC_EC_MUL_W=..., SC_NO_*/SC_WITH_* ...),
# -ffunction-sections -fdata-sections (the images link with --gc-sections) and the
# include directories include/ and src/, which it hands on (PUBLIC) to the images
# that link it together with the definitions, so an image sees the same
# configuration as its library. port/x86_64 is never part of it.
#
# ASM: also assembles port/avr/*.S (the multiply / squaring kernels of
# docs/mote-asm.md) and defines SC_AVR_ASM=1, with which src/mp/mul.c calls them
# for n = 20/24/28/32 bytes (src/fp its modular kernels, src/hash the SHA-1 /
# SHA-256 compression likewise); without ASM the C code runs everywhere.
#
# Every library source builds for AVR (docs/mote-port.md): nothing is excluded
# except what the host alone uses, listed in SC_FW_LIB_EXCLUDE (empty today).
file(GLOB SC_FW_LIB_SOURCES CONFIGURE_DEPENDS ${SC_FW_ROOT}/src/*/*.c)
file(GLOB SC_FW_ASM_SOURCES CONFIGURE_DEPENDS ${SC_FW_ROOT}/port/avr/*.S)
set(SC_FW_LIB_EXCLUDE "")
foreach(x ${SC_FW_LIB_EXCLUDE})
  list(REMOVE_ITEM SC_FW_LIB_SOURCES ${SC_FW_ROOT}/src/${x})
endforeach()

function(sc_fw_lib target)
  cmake_parse_arguments(PARSE_ARGV 1 SCL "ASM" "" "DEFS")
  if(SCL_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "sc_fw_lib(${target}): unknown arguments ${SCL_UNPARSED_ARGUMENTS}")
  endif()
  set(srcs ${SC_FW_LIB_SOURCES})
  if(SCL_ASM)
    list(APPEND srcs ${SC_FW_ASM_SOURCES})
  endif()
  add_library(${target} STATIC ${srcs})
  target_include_directories(${target} PUBLIC ${SC_FW_ROOT}/include ${SC_FW_ROOT}/src)
  target_compile_definitions(${target} PUBLIC SC_WORD_BITS=8 ${SCL_DEFS})
  if(SCL_ASM)
    target_compile_definitions(${target} PUBLIC SC_AVR_ASM=1)
    target_include_directories(${target} PUBLIC ${SC_FW_ROOT}/port/avr)
  endif()
  target_compile_options(${target} PRIVATE -ffunction-sections -fdata-sections)
endfunction()
