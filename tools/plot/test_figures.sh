#!/usr/bin/env bash
# ctest plot_cost: the path from the tools' data to the figures keeps working.
#   test_figures.sh SEACURVE
# Runs tools/plot/make_figures.sh with that program into a temporary directory (not docs/)
# and checks the PNG (signature, IHDR size); plot_cost.py refuses a CSV that is not
# `seacurve cost --csv`.  Exit 77 (skipped, with the reason) when no python3 has matplotlib.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
sc=${1:?usage: test_figures.sh SEACURVE}
T=$(mktemp -d "${TMPDIR:-/tmp}/sc-plot-test.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

SEACURVE=$sc COST_ARGS="--scalars 4" bash "$here/make_figures.sh" "$(dirname "$sc")" "$T" >"$T/log" 2>&1
rc=$?
if [ $rc -eq 77 ]; then
  cat "$T/log"
  echo "plot: skipped (matplotlib missing)"
  exit 77
fi
if [ $rc -eq 0 ]; then ok; else bad "make_figures.sh: exit $rc: $(tail -n 5 "$T/log")"; fi
png=$T/cost-fig1.png
# PNG signature, then IHDR: width and height (big-endian) at bytes 16..23
if [ "$(od -An -tx1 -N8 "$png" 2>/dev/null | tr -d ' \n')" = 89504e470d0a1a0a ]; then ok; else bad "cost-fig1.png: not a PNG"; fi
wx=$(od -An -tx1 -j16 -N4 "$png" 2>/dev/null | tr -d ' \n')
hx=$(od -An -tx1 -j20 -N4 "$png" 2>/dev/null | tr -d ' \n')
w=$((16#${wx:-0}))
h=$((16#${hx:-0}))
if [ "$w" -ge 800 ] && [ "$h" -ge 500 ]; then ok; else bad "cost-fig1.png: ${w}x$h pixels"; fi
if ! ls -a "$T" | grep -q '^\.plot_cost-'; then ok; else bad "a temporary file of plot_cost.py is left"; fi

# a CSV that is not the cost data: refused with a message, no figure
py=""
for p in ${PYTHON:-} python3 /usr/bin/python3; do
  if command -v "$p" >/dev/null 2>&1 && "$p" -c 'import matplotlib' >/dev/null 2>&1; then py=$p; break; fi
done
printf 'a,b\n1,2\n' >"$T/other.csv"
"$py" "$here/plot_cost.py" "$T/other.csv" -o "$T/other.png" 2>"$T/err"
rc=$?
if [ $rc -eq 2 ] && grep -q 'missing columns' "$T/err" && [ ! -e "$T/other.png" ]; then ok; else bad "plot_cost.py on another CSV: exit $rc: $(cat "$T/err")"; fi

echo "plot: $pass passed, $fail failed"
[ $fail -eq 0 ]
