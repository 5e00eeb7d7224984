#!/usr/bin/env bash
# Regenerate the committed figures from the tools' data (the C tools write data, these
# scripts draw it with matplotlib):
#   tools/plot/make_figures.sh BUILD_DIR [OUT_DIR]
# BUILD_DIR: a built tree (its tools/seacurve/seacurve; $SEACURVE overrides the program);
# OUT_DIR: where the figures go (default docs/).  The figures:
#   cost-fig1.png   [Kodali] Fig. 1 with seacurve's counts: `seacurve cost --csv`, then
#                   tools/plot/plot_cost.py (extra `cost` options in $COST_ARGS)
# The python is $PYTHON, else the first of python3, /usr/bin/python3 that has matplotlib
# (Debian: python3-matplotlib, in scripts/install-deps.sh); none: exit 77 (skipped).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
if [ $# -lt 1 ] || [ $# -gt 2 ] || [ "$1" = -h ] || [ "$1" = --help ]; then
  sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
  [ $# -ge 1 ] && { [ "$1" = -h ] || [ "$1" = --help ]; } && exit 0
  exit 2
fi
build=$1
out=${2:-$root/docs}
sc=${SEACURVE:-$build/tools/seacurve/seacurve}
[ -x "$sc" ] || { echo "make_figures: $sc: no seacurve program (build the tree first)" >&2; exit 2; }
[ -d "$out" ] || { echo "make_figures: $out: no such directory" >&2; exit 2; }

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
