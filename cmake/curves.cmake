# cmake/curves.cmake: the curve selection of a build, SC_CURVES, as config.h definitions.
#
#   SC_CURVES  a list of curve names, e.g. "secp160r1;secp256r1" (case-insensitive), or
#              "all" / empty for config.h's default set (every curve on the host; every
#              prime curve on AVR)
#
# The names are those of the curve table: every SC_CURVE_<NAME> that
# src/curves/gen/params.c (tools/gen_curves.py) compiles under `#if SC_CURVE_<NAME>`.
# An unknown name stops the configure step with the list of known ones.
#
# Sets SC_CURVE_NAMES (every known name, lower case) and SC_CURVE_DEFS (the definitions
# SC_CURVES_ALL=0 SC_CURVE_<NAME>=1 ..., empty for the default set).
file(STRINGS ${PROJECT_SOURCE_DIR}/src/curves/gen/params.c sc_curve_lines REGEX "^#if SC_CURVE_[A-Z0-9]+$")
set(SC_CURVE_NAMES "")
foreach(l ${sc_curve_lines})
  string(REGEX REPLACE "^#if SC_CURVE_" "" n "${l}")
  string(TOLOWER "${n}" n)
  list(APPEND SC_CURVE_NAMES ${n})
endforeach()
list(REMOVE_DUPLICATES SC_CURVE_NAMES)
if(NOT SC_CURVE_NAMES)
  message(FATAL_ERROR "cmake/curves.cmake: no `#if SC_CURVE_<NAME>` in src/curves/gen/params.c")
endif()

set(SC_CURVE_DEFS "")
string(TOLOWER "${SC_CURVES}" sc_curves_lc)
string(REPLACE "," ";" sc_curves_lc "${sc_curves_lc}")
if(sc_curves_lc AND NOT sc_curves_lc STREQUAL "all")
  list(APPEND SC_CURVE_DEFS SC_CURVES_ALL=0)
  foreach(n ${sc_curves_lc})
    string(STRIP "${n}" n)
    if(NOT n IN_LIST SC_CURVE_NAMES)
      string(REPLACE ";" " " known "${SC_CURVE_NAMES}")
      message(FATAL_ERROR "SC_CURVES: unknown curve '${n}'. Known curves: ${known} (or all)")
    endif()
    string(TOUPPER "${n}" up)
    list(APPEND SC_CURVE_DEFS SC_CURVE_${up}=1)
  endforeach()
  list(REMOVE_DUPLICATES SC_CURVE_DEFS)
endif()
