#!/usr/bin/env bash
# Build every configuration and run every test (the README's test command).
#   native 64-bit limbs, 32-, 16- and 8-bit limbs, clang, ASan+UBSan,
#   the valgrind constant-time test at 64- and 8-bit limbs, generated-file checks (with the OPF
#   curve transcript when PARI/GP is installed), install + pkg-config.
set -uo pipefail
cd "$(dirname "$0")/.."
JOBS=${JOBS:-2}
bash scripts/install-deps.sh || exit 1
passed=0
failed=0
failures=""

step() { # name, command...
  local name=$1; shift
  local t0=$SECONDS
  echo "=== $name"
  if "$@"; then
    passed=$((passed + 1)); echo "=== $name: ok ($((SECONDS - t0)) s)"
  else
    failed=$((failed + 1)); failures="$failures $name"; echo "=== $name: FAILED ($((SECONDS - t0)) s)"
  fi
}

config() { # dir, cmake args...: configure and build quietly, show the log on failure
  local dir=$1; shift
  mkdir -p "$dir"
  { cmake -S . -B "$dir" "$@" && cmake --build "$dir" -j"$JOBS"; } >"$dir/build.log" 2>&1 ||
    { tail -n 60 "$dir/build.log"; return 1; }
}

run_ctest() { # dir, ctest args...
  local dir=$1; shift
  ctest --test-dir "$dir" --output-on-failure -j"$JOBS" "$@"
}

generated() {
  python3 tools/gen_curves.py --check &&
  { [ ! -f tools/gen_gtab.py ] || python3 tools/gen_gtab.py --check; } &&
  { [ ! -f tools/vectors/convert.py ] || python3 tools/vectors/convert.py --check; } &&
  python3 tools/gen_scalarmul_tables.py --check && python3 tools/gen_fb.py --check &&
  python3 tools/gen_avr_mul.py --check && python3 tools/gen_avr_fp.py --check &&
  python3 tools/gen_avr_opf.py --check && python3 tools/gen_avr_sha.py --check &&
  python3 tools/gen_eb.py --check
}
step generated-files generated
if command -v gp >/dev/null; then  # the OPF curves (tools/opf, docs/opf/README.md): fast rerun + compare
  step opf-curves bash tools/opf/regen.sh --check
fi
# the OPF kernels on the generator's AVR model against Python's integers (edge + 10 random
# inputs per prime and routine; about 20 s)
step avr-opf-selftest python3 tools/gen_avr_opf.py --selftest 10

for w in 64 32 16 8; do  # the AVR firmware images (simulated) once, with the gateway width
  fw=OFF; [ $w = 64 ] && fw=ON
  step "build-w$w" config build/w$w -DCMAKE_BUILD_TYPE=Release -DSC_WORD_BITS=$w -DSC_FIRMWARE=$fw
  step "test-w$w" run_ctest build/w$w
done

if command -v clang >/dev/null; then
  step build-clang config build/clang -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=Release -DSC_FIRMWARE=OFF
  step test-clang run_ctest build/clang
fi

step build-asan config build/asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSC_SANITIZE=ON -DSC_BUILD_TOOLS=OFF
step test-asan run_ctest build/asan

for w in 64 8; do  # the gateway width and the mote width
  step "build-ct-w$w" config build/ct$w -DCMAKE_BUILD_TYPE=Release -DSC_CT_VALGRIND=ON -DSC_BUILD_TOOLS=OFF -DSC_WORD_BITS=$w
  step "test-ct-valgrind-w$w" run_ctest build/ct$w -R ct_valgrind
done
if command -v clang >/dev/null; then  # compilers differ in what they turn into branches
  step build-ct-clang config build/ctclang -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=Release -DSC_CT_VALGRIND=ON -DSC_BUILD_TOOLS=OFF
  step test-ct-valgrind-clang run_ctest build/ctclang -R ct_valgrind
fi

install_test() { # install, then build the demo through pkg-config and through find_package
  local pfx src=$PWD; pfx=$(mktemp -d)
  cmake --install build/w64 --prefix "$pfx" >/dev/null || return 1
  local libdir; libdir=$(dirname "$(find "$pfx" -name seacurve.pc | head -n 1)")/..
  PKG_CONFIG_PATH="$libdir/pkgconfig" \
    sh -c 'cc -std=c11 -Wall -Werror "$1/examples/demo.c" $(pkg-config --cflags --libs seacurve) -o "$0/demo-pc"' "$pfx" "$src" &&
  LD_LIBRARY_PATH="$libdir" "$pfx/demo-pc" >/dev/null &&
  mkdir -p "$pfx/cm" &&
  printf 'cmake_minimum_required(VERSION 3.20)\nproject(t C)\nfind_package(seacurve REQUIRED)\nadd_executable(demo-cm %s/examples/demo.c)\ntarget_link_libraries(demo-cm seacurve::seacurve)\n' "$src" >"$pfx/cm/CMakeLists.txt" &&
  cmake -S "$pfx/cm" -B "$pfx/cm/b" -DCMAKE_PREFIX_PATH="$pfx" >/dev/null && cmake --build "$pfx/cm/b" >/dev/null &&
  "$pfx/cm/b/demo-cm" >/dev/null
  local rc=$?; rm -rf "$pfx"; return $rc
}
step install-pkgconfig-cmake install_test

echo
[ -n "$failures" ] && echo "failed steps:$failures"
echo "check: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
