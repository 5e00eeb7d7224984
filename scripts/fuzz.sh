#!/usr/bin/env bash
# The libFuzzer targets of fuzz/ (docs/testing.md, "Fuzzing"):
#   scripts/fuzz.sh [SECONDS] [TARGET...]
# builds them in build/fuzz (clang, -fsanitize=fuzzer,address,undefined), then for each
# target replays its committed corpus fuzz/corpus/<target>/ and fuzzes for SECONDS
# (default 60; 0: replay only), one process, new inputs kept in build/fuzz/corpus/<target>/
# (reused by the next run).  Prints per target: executions, exec/s, new corpus entries,
# crashes (crash, leak, timeout and out-of-memory inputs in build/fuzz/artifacts/<target>/;
# slow-unit files there are not failures); exits 1 if any target crashed.
set -uo pipefail
cd "$(dirname "$0")/.."
secs=${1:-60}
shift || true
root=$PWD
dir=$root/build/fuzz
targets=${*:-"fuzz_keyfile fuzz_sig fuzz_point fuzz_ecdsa fuzz_ecdh fuzz_cli"}
JOBS=${JOBS:-2}

mkdir -p "$dir"
{ CC=clang cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSC_FUZZ=ON \
    -DSC_BUILD_TESTS=OFF -DSC_BUILD_TOOLS=OFF &&
  cmake --build "$dir" -j"$JOBS" --target fuzzers; } >"$dir/build.log" 2>&1 ||
  { tail -n 40 "$dir/build.log"; echo "fuzz: build failed ($dir/build.log)"; exit 1; }

printf '%-14s %12s %9s %6s %8s\n' target executions exec/s new crashes
bad=0
for t in $targets; do
  seeds=$root/fuzz/corpus/$t work=$dir/corpus/$t art=$dir/artifacts/$t log=$dir/$t.log
  mkdir -p "$work" "$art"
  args=(-artifact_prefix="$art/" -print_final_stats=1 -timeout=30 -rss_limit_mb=2048 -max_len=4096)
  # the CLI's error lines would flood the log; its crash reports still come through
  [ "$t" = fuzz_cli ] && args+=(-close_fd_mask=3)
  if [ "$secs" = 0 ]; then args+=(-runs=0); else args+=(-max_total_time="$secs"); fi
  found() { find "$art" -type f \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' \) | wc -l; }
  before=$(found)
  "$dir/fuzz/$t" "${args[@]}" "$work" "$seeds" >"$log" 2>&1
  rc=$?
  field() { sed -n "s/^stat::$1: *//p" "$log" | tail -n 1; }
  crashes=$(( $(found) - before ))
  [ $rc != 0 ] && [ $crashes = 0 ] && crashes=1
  printf '%-14s %12s %9s %6s %8s\n' "$t" "$(field number_of_executed_units)" \
    "$(field average_exec_per_sec)" "$(field new_units_added)" "$crashes"
  if [ $crashes != 0 ]; then
    bad=1
    tail -n 30 "$log"
    echo "$t: crashed (log $log; reproduce: $dir/fuzz/$t $art/<input>)"
  fi
done
exit $bad
