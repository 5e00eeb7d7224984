#!/usr/bin/env bash
# Regenerate the committed figures from the tools' data (the C tools write data, these
# scripts draw it with matplotlib):
#   tools/plot/make_figures.sh BUILD_DIR [OUT_DIR]
# BUILD_DIR: a built tree (its tools/seacurve/seacurve; $SEACURVE overrides the program);
# OUT_DIR: where the figures go (default docs/).  The figures:
#   cost-fig1.png          [Kodali] Fig. 1 with seacurve's counts: `seacurve cost --csv`, then
#                          plot_cost.py (extra `cost` options in $COST_ARGS)
#   bench-speedup.png      seacurve / OpenSSL speed-up per curve and operation: plot_bench.py
#                          on docs/data/bench-gateway.json (`seacurve bench --json` runs)
#   mote-bench.png         cycles and RAM per curve and operation on the AVR: plot_mote.py on
#                          docs/data/mote-bench.csv (`tools/mote_report.py --csv`)
#   methods-secp160r1.png  the method matrix: plot_methods.py on
#                          docs/data/explore-secp160r1.json (`seacurve explore --json`)
# The saved data are measured again, into OUT_DIR/data/, for the words in $REFRESH
# (e.g. REFRESH="bench explore mote" or REFRESH=all):
#   bench    $BENCH_RUNS (default 7) runs of `seacurve bench --quick --pk --runs 1 --json` (extra options
#            in $BENCH_ARGS); the machine in words from $BENCH_MACHINE (default: lscpu's model
#            name and CPU count)
#   explore  `seacurve explore --curve secp160r1 --json` (about 30 s; extra options in
#            $EXPLORE_ARGS)
#   mote     tools/mote_report.py --csv on the bench_* images of $MOTE_FIRMWARE (default
#            BUILD_DIR/firmware: its atmega128/ and atmega1281/; a host build with firmware ON),
#            about 4 minutes
# The python is $PYTHON, else the first of python3, /usr/bin/python3 that has matplotlib
# (Debian: python3-matplotlib, in scripts/install-deps.sh); none: exit 77 (skipped).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
if [ $# -lt 1 ] || [ $# -gt 2 ] || [ "$1" = -h ] || [ "$1" = --help ]; then
  sed -n '2,26p' "$0" | sed 's/^# \{0,1\}//'
  [ $# -ge 1 ] && { [ "$1" = -h ] || [ "$1" = --help ]; } && exit 0
  exit 2
fi
build=$1
out=${2:-$root/docs}
sc=${SEACURVE:-$build/tools/seacurve/seacurve}
[ -x "$sc" ] || { echo "make_figures: $sc: no seacurve program (build the tree first)" >&2; exit 2; }
[ -d "$out" ] || { echo "make_figures: $out: no such directory" >&2; exit 2; }
refresh=" ${REFRESH:-} "
case $refresh in *" all "*) refresh=" bench explore mote " ;; esac
for w in $refresh; do
  case $w in bench|explore|mote) ;; *) echo "make_figures: REFRESH: unknown word '$w' (bench, explore, mote, all)" >&2; exit 2 ;; esac
done

py=""
for p in ${PYTHON:-} python3 /usr/bin/python3; do
  if command -v "$p" >/dev/null 2>&1 && "$p" -c 'import matplotlib' >/dev/null 2>&1; then
    py=$p
    break
  fi
done
if [ -z "$py" ]; then
  echo "make_figures: skipped: no python3 with matplotlib (Debian: apt-get install python3-matplotlib;" \
       "or pip install matplotlib; or set PYTHON)" >&2
  exit 77
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/sc-figures.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
# shellcheck disable=SC2086  # COST_ARGS: words
"$sc" cost --csv -o "$tmp/cost.csv" ${COST_ARGS:-}
"$py" "$here/plot_cost.py" "$tmp/cost.csv" -o "$out/cost-fig1.png"
echo "make_figures: $out/cost-fig1.png ([Kodali] Fig. 1, from $sc cost --csv)"

# The saved data: docs/data/, or measured again into OUT_DIR/data/ (renamed into place whole).
data=$root/docs/data
fresh() { mkdir -p "$out/data"; echo "$out/data/$1"; }

bench=$data/bench-gateway.json
if [[ $refresh == *" bench "* ]]; then
  n=${BENCH_RUNS:-7}
  machine=${BENCH_MACHINE:-$(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -n 1), $(nproc) CPUs}
  runs=()
  for i in $(seq "$n"); do
    echo "make_figures: seacurve bench --quick --pk --runs 1 --json, run $i of $n" >&2
    # shellcheck disable=SC2086  # BENCH_ARGS: words
    "$sc" bench --quick --pk --runs 1 --json ${BENCH_ARGS:-} >"$tmp/bench$i.json" 2>"$tmp/bench$i.log" \
      || { cat "$tmp/bench$i.log" >&2; exit 1; }
    runs+=("$tmp/bench$i.json")
  done
  bench=$(fresh bench-gateway.json)
  "$py" "$here/plot_bench.py" --collect --machine "$machine" \
    --command "$n x seacurve bench --quick --pk --runs 1 --json${BENCH_ARGS:+ $BENCH_ARGS}" "${runs[@]}" -o "$bench"
  echo "make_figures: $bench ($n runs)"
fi
"$py" "$here/plot_bench.py" "$bench" -o "$out/bench-speedup.png"
echo "make_figures: $out/bench-speedup.png (seacurve / OpenSSL, from $bench)"

explore=$data/explore-secp160r1.json
if [[ $refresh == *" explore "* ]]; then
  # shellcheck disable=SC2086  # EXPLORE_ARGS: words
  "$sc" explore --curve secp160r1 --json -o "$tmp/explore.json" ${EXPLORE_ARGS:-}
  explore=$(fresh explore-secp160r1.json)
  mv -f "$tmp/explore.json" "$explore"
  echo "make_figures: $explore"
fi
"$py" "$here/plot_methods.py" "$explore" -o "$out/methods-secp160r1.png"
echo "make_figures: $out/methods-secp160r1.png (the method matrix, from $explore)"

mote=$data/mote-bench.csv
if [[ $refresh == *" mote "* ]]; then
  fw=${MOTE_FIRMWARE:-$build/firmware}
  sim=$build/tools/avrsim/sc-avrsim
  [ -x "$sim" ] || { echo "make_figures: $sim: no sc-avrsim (build the tree first)" >&2; exit 2; }
  ls "$fw"/atmega128/bench_*.elf >/dev/null 2>&1 \
    || { echo "make_figures: $fw/atmega128: no bench_*.elf (a host build with SC_FIRMWARE=ON)" >&2; exit 2; }
  dirs=(--dir "$fw/atmega128")
  [ -d "$fw/atmega1281" ] && dirs+=(--dir "$fw/atmega1281")
  "$py" "$root/tools/mote_report.py" --sim "$sim" "${dirs[@]}" --csv >"$tmp/mote.csv"
  mote=$(fresh mote-bench.csv)
  mv -f "$tmp/mote.csv" "$mote"
  echo "make_figures: $mote"
fi
"$py" "$here/plot_mote.py" "$mote" -o "$out/mote-bench.png"
echo "make_figures: $out/mote-bench.png (the mote table, from $mote)"
