#!/bin/bash
# The options of sc-bench (bench/bench_cli.c), each exercised once and quickly:
#   --curve all / every curve by name: all of the library's curves, none dropped (--list);
#   the default set: the prime curves and sect163k1, sect233k1, sect283k1, sect409k1;
#   --check: every curve cross-checked against OpenSSL (and libsecp256k1 on secp256k1);
#   --runs N: N side-by-side runs, the JSON's median speed-up and min-max agree with its list;
#   libsecp256k1 as the second reference column of secp256k1 (CSV and table), where built;
#   usage errors exit 2.
# Timed runs are few and short (--quick, one curve, field or protocol rows); nothing asserts a speed.
#   tools/bench_md.py on these reports, and on a report as written before --runs.
# usage: test_bench.sh SC_BENCH
B=$1
MD=$(dirname "$0")/../tools/bench_md.py
pass=0
fail=0
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
good() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $1"; }
check() {
    local d=$1; shift
    if "$@" >/dev/null 2>&1; then good; else bad "$d"; fi
}
# usage DESC ARGS...: exit status 2, nothing on stdout
usage_err() {
    local d=$1; shift
    "$B" "$@" >"$T/out" 2>"$T/err"
    local rc=$?
    if [ $rc -eq 2 ] && [ ! -s "$T/out" ] && [ -s "$T/err" ]; then good; else bad "$d: exit $rc"; fi
}

"$B" --help >"$T/help" 2>&1
check "--help exits 0" test $? -eq 0
check "--help names --runs, --list, --check and 'all'" sh -c 'grep -q -- "--runs N" "$0" && grep -q -- "--list" "$0" && grep -q -- "--check" "$0" && grep -q "NAME|all" "$0"' "$T/help"
read -r -a ALL <<<"$(sed -n 's/^Curves: *//p' "$T/help")"
check "--help lists the library's curves (${#ALL[@]})" test "${#ALL[@]}" -ge 18

# every curve: by 'all' and by name, each with its rows, none dropped
"$B" --curve all --list --pk >"$T/all" 2>"$T/err"
check "--curve all --list exits 0" test $? -eq 0
check "--curve all --list: every curve (${#ALL[@]}), none dropped" test "$(cut -d, -f1 "$T/all" | sort -u | wc -l)" = "${#ALL[@]}"
check "--curve all --list --pk: four rows a curve" test "$(wc -l <"$T/all")" = $((4 * ${#ALL[@]}))
args=()
for c in "${ALL[@]}"; do args+=(--curve "$c"); done
"$B" "${args[@]}" --list --pk >"$T/named" 2>/dev/null
check "every curve by name: the same rows as --curve all" cmp -s "$T/all" "$T/named"
check "the last curves (sect409k1, sect409r1) are there" sh -c 'grep -q "^sect409k1,ecdh" "$0" && grep -q "^sect409r1,ecdh" "$0"' "$T/all"
"$B" --curve secp256r1 --curve P-256 --curve secp256r1 --list --fp >"$T/dup" 2>/dev/null
check "a curve named twice (or by an alias) is run once" test "$(wc -l <"$T/dup")" = 4

# the default set: the prime curves with every row, one binary curve per size with the protocol rows
"$B" --list >"$T/def" 2>/dev/null
for c in secp160r1 secp192r1 secp224r1 secp256r1 secp256k1 opf160 opf192 opf224 opf256; do
    check "default: $c, 14 rows" test "$(grep -c "^$c," "$T/def")" = 14
done
for c in sect163k1 sect233k1 sect283k1 sect409k1; do
    check "default: $c, the key, ECDSA and ECDH rows" test "$(grep -c "^$c," "$T/def")" = 4
done
check "default: no other binary curve" test "$(grep -c '^sect' "$T/def")" = 16
"$B" --quick --list >"$T/defq" 2>/dev/null
check "--quick: the same curves and rows" cmp -s "$T/def" "$T/defq"
"$B" --list --no-openssl --curve secp256r1 --pk >"$T/noref" 2>/dev/null
check "--list --no-openssl: no reference" test "$(grep -c ',-$' "$T/noref")" = 4

# the cross-check of every curve, nothing timed
"$B" --curve all --check >"$T/check" 2>"$T/err"
check "--curve all --check exits 0" test $? -eq 0
check "--check: every curve passed" test "$(grep -c ': cross-check passed (openssl' "$T/check")" = "${#ALL[@]}"

# --runs: two side-by-side runs of the field rows of one curve
"$B" --quick --fp --curve secp160r1 --runs 2 --json >"$T/runs.json" 2>"$T/err"
check "--quick --fp --runs 2 --json exits 0" test $? -eq 0
python3 - "$T/runs.json" <<'PY' || fail=$((fail + 1))
import json, statistics, sys
js = json.load(open(sys.argv[1]))
rows = js["results"]
errs = []
if "2 runs" not in js["meta"]:
    errs.append("meta does not say 2 runs: " + js["meta"])
if [r["operation"] for r in rows] != ["fp mul", "fp sqr", "fp inv (const time)", "fp inv_var"]:
    errs.append("rows %r" % [r["operation"] for r in rows])
for r in rows:
    sp = r["speedups"]
    if r["runs"] != 2 or len(sp) != 2 or not all(v > 0 for v in sp):
        errs.append("%s: runs %r speedups %r" % (r["operation"], r["runs"], sp))
        continue
    if abs(r["speedup"] - statistics.median(sp)) > 1e-3 or r["speedup_min"] != min(sp) or r["speedup_max"] != max(sp):
        errs.append("%s: speedup %r min %r max %r, runs %r" % (r["operation"], r["speedup"], r["speedup_min"],
                                                             r["speedup_max"], sp))
    if r["reference"]["name"] != "openssl-bn" or r["reference2"] is not None:
        errs.append("%s: references %r %r" % (r["operation"], r["reference"], r["reference2"]))
for e in errs:
    print("FAIL: --runs 2 JSON: " + e)
sys.exit(1 if errs else 0)
PY
pass=$((pass + 1))
# bench_md.py: the runs' median and range; a report from before --runs (one speedup a row) too
python3 "$MD" "$T/runs.json" "$T/runs.json" >"$T/runs.md" 2>"$T/err"
check "bench_md.py reads a --runs report" test $? -eq 0
check "bench_md.py: two reports of 2 runs pooled: 'median of 4 runs'" grep -q 'speed-up (median of 4 runs)' "$T/runs.md"
check "bench_md.py: four rows with a median and a min-max" test "$(grep -Ec '^\| secp160r1 \| fp [^|]+\|[^|]+\|[^|]+\| openssl-bn \| [0-9.]+x \| [0-9.]+-[0-9.]+x \|' "$T/runs.md")" = 4
python3 -c '
import json, sys
js = json.load(open(sys.argv[1]))
for r in js["results"]:
    for k in ("runs", "speedup_min", "speedup_max", "speedups", "reference2"):
        r.pop(k)
json.dump(js, open(sys.argv[2], "w"))' "$T/runs.json" "$T/old.json"
python3 "$MD" "$T/old.json" >"$T/old.md" 2>"$T/err"
check "bench_md.py reads a report from before --runs: 'median of 1 run', no range" sh -c 'grep -q "median of 1 run)" "$0" && test "$(grep -c "| openssl-bn | [0-9.]*x | - |" "$0")" = 4' "$T/old.md"

# libsecp256k1 beside secp256k1, where this build has it
if grep -q "libsecp256k1 in this build: yes" "$T/help"; then
    "$B" --quick --pk --curve secp256k1 --runs 1 --csv >"$T/k1.csv" 2>"$T/err"
    check "secp256k1 --pk --csv exits 0 (cross-checked with libsecp256k1)" test $? -eq 0
    check "CSV: the header names the second reference's columns" grep -q '^curve,operation,.*,speedup_min,speedup_max,runs,ref2,ref2_ns_per_op,ref2_cycles_per_op,ref2_ops_per_s,speedup2,speedup2_min,speedup2_max$' "$T/k1.csv"
    check "CSV: four rows with libsecp256k1 timed" test "$(grep -Ec '^secp256k1,[^,]+,([0-9.]+,){3}openssl,([0-9.]+,){6}1,libsecp256k1,([0-9.]+,){5}[0-9.]+$' "$T/k1.csv")" = 4
    "$B" --quick --pk --curve secp256k1 --curve secp160r1 --runs 1 >"$T/k1.txt" 2>/dev/null
    check "table: a libsecp256k1 column" grep -q 'libsecp256k1 ns' "$T/k1.txt"
    check "table: secp160r1 has none (-)" test "$(grep -c '^secp160r1 .*| *- *- *- *$' "$T/k1.txt")" = 4
    "$B" --quick --pk --curve secp256k1 --runs 2 --json >"$T/k1.json" 2>/dev/null
    python3 "$MD" "$T/k1.json" >"$T/k1.md" 2>"$T/err"
    check "bench_md.py: the libsecp256k1 columns, four rows with its speed-up, range and goal" test "$(grep -Ec '^\| secp256k1 \|.* [0-9,]+ \| [0-9.]+x \([0-9.]+-[0-9.]+x\) \| >= 1x: ' "$T/k1.md")" = 4
    grep -q ': cross-check passed (openssl, libsecp256k1)' "$T/check"
    check "--check: secp256k1 against libsecp256k1 too" test $? -eq 0
else
    echo "libsecp256k1 not in this build: its column is not tested"
fi

# usage errors
usage_err "--runs 0" --runs 0 --list
usage_err "--runs 26 (over the limit)" --runs 26 --list
usage_err "--runs x" --runs x --list
usage_err "--runs without a value" --list --runs
usage_err "--list and --check together" --list --check
usage_err "unknown curve" --curve nosuch --list
usage_err "--json and --csv together" --json --csv --list

echo "bench: $pass passed, $fail failed"
[ $fail -eq 0 ]
