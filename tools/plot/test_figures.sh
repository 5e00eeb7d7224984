#!/usr/bin/env bash
# ctest plot_cost: the path from the tools' data to the figures keeps working.
#   test_figures.sh SEACURVE
# Runs tools/plot/make_figures.sh with that program into a temporary directory (not docs/):
# every figure drawn (cost-fig1 from `seacurve cost --csv`, the others from docs/data/), each
# PNG checked (signature, IHDR size), no temporary file left.  Then again with REFRESH="bench
# explore" (2 short runs of `seacurve bench --quick --pk --json --curve secp160r1`, a quick
# `seacurve explore --json`): the data written (the collected reports: machine, date, command,
# 2 runs, a numeric speed-up for keygen, sign, verify and ECDH; the explore report's rows) and
# the figures drawn from it.  Each plot script refuses data that is not its tool's, with a
# message and no figure.  Exit 77 (skipped, with the reason) when no python3 has matplotlib.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
sc=${1:?usage: test_figures.sh SEACURVE}
T=$(mktemp -d "${TMPDIR:-/tmp}/sc-plot-test.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# png FILE MIN_W MIN_H: PNG signature, then IHDR: width and height (big-endian) at bytes 16..23
png() {
  local f=$1 wx hx w h
  if [ "$(od -An -tx1 -N8 "$f" 2>/dev/null | tr -d ' \n')" = 89504e470d0a1a0a ]; then ok; else bad "$f: not a PNG"; return; fi
  wx=$(od -An -tx1 -j16 -N4 "$f" 2>/dev/null | tr -d ' \n')
  hx=$(od -An -tx1 -j20 -N4 "$f" 2>/dev/null | tr -d ' \n')
  w=$((16#${wx:-0}))
  h=$((16#${hx:-0}))
  if [ "$w" -ge "$2" ] && [ "$h" -ge "$3" ] && [ "$(wc -c <"$f")" -ge 20000 ]; then ok
  else bad "$f: ${w}x$h pixels, $(wc -c <"$f") bytes"; fi
}
FIGS="cost-fig1.png:800:500 bench-speedup.png:1000:500 mote-bench.png:1200:500 methods-secp160r1.png:1200:800"

SEACURVE=$sc COST_ARGS="--scalars 4" bash "$here/make_figures.sh" "$(dirname "$sc")" "$T" >"$T/log" 2>&1
rc=$?
if [ $rc -eq 77 ]; then
  cat "$T/log"
  echo "plot: skipped (matplotlib missing)"
  exit 77
fi
if [ $rc -eq 0 ]; then ok; else bad "make_figures.sh: exit $rc: $(tail -n 5 "$T/log")"; fi
for f in $FIGS; do
  IFS=: read -r name w h <<<"$f"
  png "$T/$name" "$w" "$h"
done
if ! ls -a "$T" | grep -q '^\.plot_'; then ok; else bad "a temporary file of a plot script is left"; fi
if [ ! -e "$T/data" ]; then ok; else bad "data written without REFRESH"; fi

# the data measured again, then drawn
mkdir "$T/r"
SEACURVE=$sc COST_ARGS="--scalars 4" REFRESH="bench explore" BENCH_RUNS=2 BENCH_ARGS="--curve secp160r1" \
  BENCH_MACHINE="test machine" EXPLORE_ARGS="--quick --scalars 2" \
  bash "$here/make_figures.sh" "$(dirname "$sc")" "$T/r" >"$T/rlog" 2>&1
rc=$?
if [ $rc -eq 0 ]; then ok; else bad "make_figures.sh with REFRESH: exit $rc: $(tail -n 5 "$T/rlog")"; fi
png "$T/r/bench-speedup.png" 1000 500
png "$T/r/methods-secp160r1.png" 1200 800
py=""
for p in ${PYTHON:-} python3 /usr/bin/python3; do
  if command -v "$p" >/dev/null 2>&1 && "$p" -c 'import matplotlib' >/dev/null 2>&1; then py=$p; break; fi
done
"$py" - "$T/r/data/bench-gateway.json" "$T/r/data/explore-secp160r1.json" <<'PY' || fail=$((fail + 1))
import json, sys
errs = []
b = json.load(open(sys.argv[1]))
if b.get("machine") != "test machine" or len(b.get("date", "")) != 10 or "--pk" not in b.get("command", ""):
    errs.append(f"bench: machine, date, command {b.get('machine')!r} {b.get('date')!r} {b.get('command')!r}")
runs = b.get("runs", [])
if len(runs) != 2:
    errs.append(f"bench: {len(runs)} runs, not 2")
for i, r in enumerate(runs):
    got = {row["operation"]: row["speedup"] for row in r["results"] if row["curve"] == "secp160r1"}
    for op in ("keygen (priv+pub)", "ecdsa sign", "ecdsa verify", "ecdh (+peer validation)"):
        v = got.get(op)
        if not isinstance(v, (int, float)) or not v > 0:
            errs.append(f"bench run {i + 1}: {op}: speedup {v!r}")
    for row in r["results"]:
        for side in ("seacurve", "reference"):
            res = row[side] if side == "seacurve" else (row[side] or {}).get("result")
            if not res or not all(isinstance(res.get(k), (int, float)) and res[k] > 0
                                  for k in ("ns_per_op", "cycles_per_op", "ops_per_s")):
                errs.append(f"bench run {i + 1}: {row['operation']}: {side} {res!r}")
e = json.load(open(sys.argv[2]))
if e.get("tool") != "seacurve explore" or e.get("curve") != "secp160r1" or e.get("scalars") != 2:
    errs.append("explore: tool, curve, scalars")
okrows = [r for r in e.get("rows", []) if r.get("status") == "ok" and isinstance(r.get("ns"), (int, float))
          and isinstance(r.get("meq"), (int, float))]
if len(okrows) < 100 or {r["section"] for r in okrows} != {"var", "fix", "double"}:
    errs.append(f"explore: {len(okrows)} timed and counted rows")
for m in e.get("mp", []):
    if not (m["mul_ns"] > 0 and m["sqr_ns"] > 0):
        errs.append(f"explore: mp {m['name']}: {m['mul_ns']} {m['sqr_ns']}")
for x in errs:
    print("FAIL: refreshed data:", x)
sys.exit(1 if errs else 0)
PY
[ $? -eq 0 ] && ok
if [ ! -e "$T/r/data/mote-bench.csv" ]; then ok; else bad "mote data written without mote in REFRESH"; fi
SEACURVE=$sc REFRESH=nonsense bash "$here/make_figures.sh" "$(dirname "$sc")" "$T/r" >/dev/null 2>"$T/err"
rc=$?
if [ $rc -eq 2 ] && grep -q "unknown word 'nonsense'" "$T/err"; then ok; else bad "REFRESH=nonsense: exit $rc"; fi

# data that is not the tool's: refused with a message, no figure
printf 'a,b\n1,2\n' >"$T/other.csv"
printf '{"a": 1}\n' >"$T/other.json"
for t in "plot_cost.py other.csv missing columns" "plot_mote.py other.csv missing columns" \
         "plot_bench.py other.json no \"results\" list" "plot_methods.py other.json not the output"; do
  read -r script data msg <<<"$t"
  "$py" "$here/$script" "$T/$data" -o "$T/other.png" 2>"$T/err"
  rc=$?
  if [ $rc -eq 2 ] && grep -qF "$msg" "$T/err" && [ ! -e "$T/other.png" ]; then ok
  else bad "$script on another file: exit $rc: $(cat "$T/err")"; fi
done
# a mote CSV whose image failed its checks (exit 3) is not drawn
sed '/^secp160r1,/s/,0$/,3/' "$here/../../docs/data/mote-bench.csv" >"$T/failed.csv"
"$py" "$here/plot_mote.py" "$T/failed.csv" -o "$T/other.png" 2>"$T/err"
rc=$?
if [ $rc -eq 2 ] && grep -q "failed their checks" "$T/err" && [ ! -e "$T/other.png" ]; then ok
else bad "plot_mote.py on a failed image: exit $rc: $(cat "$T/err")"; fi

echo "plot: $pass passed, $fail failed"
[ $fail -eq 0 ]
