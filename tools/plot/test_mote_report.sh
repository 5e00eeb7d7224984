#!/usr/bin/env bash
# ctest fw_mote_report: tools/mote_report.py's data and progress on a real run.
#   test_mote_report.sh SC-AVRSIM BENCH_SECP160R1.elf
# Runs the secp160r1 benchmark image (firmware/bench_curve.c) through mote_report.py --csv and
# checks: exit 0; the header is the documented columns; one line per region, every number an
# integer (ms: a decimal), the cycles, stack and base of each region those of the same image run
# directly under `sc-avrsim --json`, ms = cycles / 7.3728 MHz, lib = stack - base; stdout is the
# CSV alone, stderr the progress lines ("[1/1] secp160r1 (atmega128) ... exit 0, ..."), none
# with -q.  When a python3 has matplotlib, plot_mote.py draws the figure from that CSV (PNG
# checked).  No speed assertion.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
sim=${1:?usage: test_mote_report.sh SC-AVRSIM ELF}
elf=${2:?usage: test_mote_report.sh SC-AVRSIM ELF}
T=$(mktemp -d "${TMPDIR:-/tmp}/sc-mote-report.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
py=python3
command -v "$py" >/dev/null 2>&1 || py=/usr/bin/python3

"$py" "$root/tools/mote_report.py" --sim "$sim" --bench "$elf" --csv >"$T/out.csv" 2>"$T/err"
rc=$?
if [ $rc -eq 0 ]; then ok; else bad "mote_report.py --csv: exit $rc: $(tail -n 3 "$T/err")"; fi
if grep -q '^\[1/1\] secp160r1 (atmega128) \.\.\. exit 0, 24 regions, [0-9,]* cycles in all, sign [0-9,]* cycles' "$T/err"; then ok
else bad "no progress line for the image on stderr: $(cat "$T/err")"; fi
if ! grep -q '^\[' "$T/out.csv"; then ok; else bad "progress lines on stdout"; fi
"$sim" --json --timeout 300 "$elf" >"$T/direct.json" 2>/dev/null
rc=$?
if [ $rc -eq 0 ]; then ok; else bad "sc-avrsim --json: exit $rc"; fi

"$py" - "$T/out.csv" "$T/direct.json" <<'PY' || fail=$((fail + 1))
import csv, json, sys
cols = ("curve,mcu,region,operation,cycles,ms_7_3728mhz,ms_8mhz,stack,lib,image_flash,"
        "image_static_ram,image_stack,exit").split(",")
with open(sys.argv[1], newline="") as f:
    rows = list(csv.reader(f))
js = json.load(open(sys.argv[2]))
errs = []
if rows[0] != cols:
    errs.append(f"header {rows[0]}")
data = [dict(zip(cols, r)) for r in rows[1:]]
direct = {r["id"]: r for r in js["regions"]}
if len(data) != len(direct) or len(data) < 23:
    errs.append(f"{len(data)} lines, {len(direct)} regions in the direct run")
for d in data:
    try:
        n = {c: int(d[c]) for c in ("region", "cycles", "stack", "lib", "image_flash",
                                    "image_static_ram", "image_stack", "exit")}
        ms = float(d["ms_7_3728mhz"]), float(d["ms_8mhz"])
    except (ValueError, KeyError) as e:
        errs.append(f"line {d}: {e}")
        continue
    r = direct.get(n["region"])
    if (d["curve"], d["mcu"]) != ("secp160r1", "atmega128"):
        errs.append(f"region {n['region']}: curve, mcu {d['curve']}, {d['mcu']}")
    if r is None or (n["cycles"], n["stack"], n["lib"]) != (r["cycles"], r["stack"], r["stack"] - r["base"]):
        errs.append(f"region {n['region']}: {n['cycles']} cycles, stack {n['stack']}, lib {n['lib']}; direct {r}")
    if abs(ms[0] - n["cycles"] / 7.3728e3) > 0.0006 or abs(ms[1] - n["cycles"] / 8e3) > 0.0006:
        errs.append(f"region {n['region']}: ms {ms} for {n['cycles']} cycles")
    if n["exit"] != 0 or n["image_stack"] != js["stack"] or n["image_flash"] <= 0 or n["image_static_ram"] <= 0:
        errs.append(f"region {n['region']}: image columns {n}")
ops = {d["operation"] for d in data}
for want in ("ECDSA sign, RFC 6979 nonce, SHA-256", "ECDSA verify, SHA-256 digest", "ECDH (peer key validated)",
             "key generation from bytes (sc_pubkey)"):
    if want not in ops:
        errs.append(f"no line '{want}'")
for e in errs:
    print("FAIL: csv:", e)
sys.exit(1 if errs else 0)
PY
[ $? -eq 0 ] && ok

"$py" "$root/tools/mote_report.py" --sim "$sim" --bench "$elf" -q >"$T/q.txt" 2>"$T/qerr"
rc=$?
if [ $rc -eq 0 ] && [ ! -s "$T/qerr" ] && grep -q '^== secp160r1 on atmega128' "$T/q.txt"; then ok
else bad "-q: exit $rc, stderr: $(cat "$T/qerr")"; fi

for p in ${PYTHON:-} python3 /usr/bin/python3; do
  if command -v "$p" >/dev/null 2>&1 && "$p" -c 'import matplotlib' >/dev/null 2>&1; then
    if "$p" "$here/plot_mote.py" "$T/out.csv" -o "$T/mote.png" 2>"$T/perr" \
       && [ "$(od -An -tx1 -N8 "$T/mote.png" | tr -d ' \n')" = 89504e470d0a1a0a ]; then ok
    else bad "plot_mote.py on the fresh CSV: $(cat "$T/perr")"; fi
    break
  fi
done

echo "mote_report: $pass passed, $fail failed"
[ $fail -eq 0 ]
