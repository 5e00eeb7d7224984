#!/usr/bin/env bash
# The README's main job: install missing packages, build, run the demo and the quick benchmark.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/native -j"${JOBS:-2}" >/dev/null
./build/native/examples/sc-demo
echo
./build/native/bench/sc-bench --quick
