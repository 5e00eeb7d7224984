#!/usr/bin/env bash
# The mote build for each AVR of docs/integration.md: configure, build and install the library
# (cmake/avr-gcc.cmake), then link examples/mote against the installed library through
# pkg-config (its Makefile) and print the image's flash and RAM (avr-size). Every MCU takes the
# default mote build (asm kernels, no table of G, so the compact 160-bit kernels), which fits the
# ATmega328P's 32 KB of flash too.
#
#   bash tests/pkg/mcu_matrix.sh [WORK]      (default build/mcu-matrix; about 10-20 s per MCU)
#
# Exit status 0 when every MCU built and linked.
set -uo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
WORK=${1:-build/mcu-matrix}
JOBS=${JOBS:-2}
rm -rf "$WORK"
mkdir -p "$WORK"
WORK=$(cd "$WORK" && pwd)
fail=0
for mcu in atmega328p atmega644p atmega1284p atmega128 atmega1281 atmega2560; do
  b=$WORK/$mcu
  if env -u CC -u CFLAGS -u LDFLAGS -u CPPFLAGS cmake -S "$ROOT" -B "$b/lib" \
       -DCMAKE_TOOLCHAIN_FILE="$ROOT/cmake/avr-gcc.cmake" -DSC_AVR_MCU=$mcu >"$b.log" 2>&1 &&
     cmake --build "$b/lib" -j"$JOBS" >>"$b.log" 2>&1 &&
     cmake --install "$b/lib" --prefix "$b/prefix" >>"$b.log" 2>&1 &&
     mkdir -p "$b/example" &&
     env -u CC -u CFLAGS -u LDFLAGS -u CPPFLAGS PKG_CONFIG_PATH="$b/prefix/lib/pkgconfig" \
       make -C "$ROOT/examples/mote" BUILD="$b/example" >>"$b.log" 2>&1; then
    read -r text data bss < <(avr-size "$b/example/mote_example.elf" | awk 'NR == 2 {print $1, $2, $3}')
    printf 'mcu_matrix: %-11s library ok, examples/mote linked: flash %6d B, RAM (data+bss) %4d B\n' \
      "$mcu" $((text + data)) $((data + bss))
  else
    tail -n 30 "$b.log"
    echo "mcu_matrix: $mcu FAILED (log: $b.log)"
    fail=1
  fi
done
exit $fail
