# cmake/avr-gcc-rules.cmake: read by cmake/avr-gcc.cmake (CMAKE_USER_MAKE_RULES_OVERRIDE)
# after CMake's GNU compiler defaults. The optimization level is SC_AVR_OPT's
# (in CMAKE_C_FLAGS_INIT); the build types keep only their other flags.
set(CMAKE_C_FLAGS_DEBUG_INIT "-g")
set(CMAKE_C_FLAGS_RELEASE_INIT "-DNDEBUG")
set(CMAKE_C_FLAGS_MINSIZEREL_INIT "-DNDEBUG")
set(CMAKE_C_FLAGS_RELWITHDEBINFO_INIT "-g -DNDEBUG")
