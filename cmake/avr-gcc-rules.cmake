# cmake/avr-gcc-rules.cmake: read by cmake/avr-gcc.cmake (CMAKE_USER_MAKE_RULES_OVERRIDE)
# after CMake's GNU compiler defaults. The optimization level is SC_AVR_OPT's
# (in CMAKE_<LANG>_FLAGS_INIT); the build types keep only their other flags.
foreach(lang C CXX)
  set(CMAKE_${lang}_FLAGS_DEBUG_INIT "-g")
  set(CMAKE_${lang}_FLAGS_RELEASE_INIT "-DNDEBUG")
  set(CMAKE_${lang}_FLAGS_MINSIZEREL_INIT "-DNDEBUG")
  set(CMAKE_${lang}_FLAGS_RELWITHDEBINFO_INIT "-g -DNDEBUG")
endforeach()
