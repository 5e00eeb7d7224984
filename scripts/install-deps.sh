#!/usr/bin/env bash
# Install the Debian 12 packages seacurve needs to build and test, if missing.
set -euo pipefail
# gcc-avr .. libelf-dev: the AVR firmware images and sc-avrsim (tools/avrsim, docs/mote.md)
# pari-gp (with pari-seadata for SEA point counting): the OPF curve generation (tools/opf/regen.sh)
# python3-matplotlib: the figures (tools/plot, the ctest plot_cost)
# lld msp430mcu mspdebug (with clang): the MSP430 images and their runner (firmware/msp430, tools/msp430)
# arduino-core-avr: the Arduino AVR core (platform.txt, Arduino.h): the Arduino library's sketches
#   built as the IDE would (ctest pkg_arduino, docs/integration.md)
# doxygen: the API reference (target docs, docs/api.md)
# graphviz: draws docs/architecture.svg (tools/arch/figure.py; the check of the .dot needs none)
# gcc-arm-none-eabi .. python3-capstone: the Cortex-M images, QEMU for their known answers and the
#   counting runner tools/cmsim/sc_cmsim.py on Unicorn + Capstone (ctest cm_*, docs/mote.md)
PKGS="build-essential cmake pkg-config libssl-dev openssl valgrind python3 python3-matplotlib clang
  gcc-avr avr-libc binutils-avr simavr libsimavr-dev libelf-dev pari-gp pari-seadata arduino-core-avr
  doxygen gcc-arm-none-eabi libnewlib-arm-none-eabi qemu-system-arm python3-unicorn python3-capstone graphviz
  lld msp430mcu mspdebug"
# python3-venv .. python3-cryptography: the Python package's build and tests (docs/python.md)
PKGS="$PKGS python3-venv python3-pip python3-setuptools python3-wheel python3-pytest python3-cryptography"
# python3-numpy: NumPy 1 for the gateway example's pandas and pyarrow from PyPI (examples/gateway)
PKGS="$PKGS python3-numpy"
# libclang-rt-14-dev: clang's libFuzzer and sanitizer runtimes, for the fuzz targets (fuzz/, scripts/fuzz.sh)
PKGS="$PKGS libclang-rt-14-dev"
# libsecp256k1-dev: the second reference beside seacurve's secp256k1 in sc-bench / `seacurve bench` and sc-bench-batch (bench/)
PKGS="$PKGS libsecp256k1-dev"
# opencl-headers ocl-icd-opencl-dev pocl-opencl-icd: the OpenCL offload (tools/opencl) and its ctests on
#   pocl's CPU device (opencl_bitexact, docs/opencl.md)
PKGS="$PKGS opencl-headers ocl-icd-opencl-dev pocl-opencl-icd"
missing=""
for p in $PKGS; do
  dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
echo "install-deps: installing$missing" >&2
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
