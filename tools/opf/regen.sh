#!/usr/bin/env bash
# Regenerate the OPF primes and curves with PARI/GP (Debian pari-gp + pari-seadata), or check them.
#   tools/opf/regen.sh          rewrite docs/opf/primes.txt, docs/opf/curves-transcript.txt and
#                               tests/vectors/curves/opf-params.txt
#   tools/opf/regen.sh --check  regenerate into a temporary folder and compare with the committed
#                               files (lines with '# time:' or '# gp version:' ignored); exit 1 on
#                               any difference. Fast mode (scripts/check.sh runs it): the counters
#                               the committed transcript logs as "order composite (n = ...)" are not
#                               point-counted again; their logged n is confirmed instead (in the
#                               Hasse interval, n*P = O for 4 pseudo-random points, composite).
#                               Every other counter -- early-abort rejections, the accepted curve
#                               with full SEA and all its checks, the generator search -- reruns
#                               as in the full search, and the output must match line for line.
#   tools/opf/regen.sh --check-full   the same comparison after the complete search (slow)
# Both runs are deterministic. Timings (gp 2.15.2, shared 2-core machine): full search 351 s wall
# (282 s CPU), --check 127 s wall (84 s CPU).
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v gp >/dev/null || { echo "regen.sh: gp (pari-gp) not found" >&2; exit 2; }
check=0
fast=0
case "${1:-}" in
  --check) check=1 fast=1 ;;
  --check-full) check=1 ;;
  "") ;;
  *) echo "usage: $0 [--check | --check-full]" >&2; exit 2 ;;
esac
PRIMES=docs/opf/primes.txt
TRANSCRIPT=docs/opf/curves-transcript.txt
PARAMS=tests/vectors/curves/opf-params.txt
GP="gp -q -D parisizemax=1000000000"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

known="[]"
if [ $fast = 1 ]; then  # [[bits, counter, n], ...] from the committed transcript
  known=$(awk '/^==== opf[0-9]+:/ { bits = substr($2, 4, 3) + 0 }
    /^counter [0-9]+: rejected: order composite \(n = 0x[0-9a-f]+,/ {
      c = $2; sub(":", "", c); n = $8; sub(",", "", n)
      printf "%s[%d, %d, %s]", (k++ ? ", " : ""), bits, c, n }
    BEGIN { printf "[" } END { printf "]" }' "$TRANSCRIPT")
fi

t0=$SECONDS
$GP -f tools/opf/opf_primes.gp </dev/null >"$tmp/primes.txt"
printf 'OPF_OUT="%s";\nOPF_KNOWN=%s;\nread("tools/opf/opf_curves.gp");\n' "$tmp/opf-params.txt" "$known" |
  $GP >"$tmp/curves-transcript.txt" 2>"$tmp/gp.err" || { cat "$tmp/gp.err" >&2; exit 1; }
echo "regen.sh: generated in $((SECONDS - t0)) s$([ $fast = 1 ] && echo " (fast check mode)")" >&2

if [ $check = 0 ]; then
  cp "$tmp/primes.txt" "$PRIMES"
  cp "$tmp/curves-transcript.txt" "$TRANSCRIPT"
  cp "$tmp/opf-params.txt" "$PARAMS"
  echo "regen.sh: wrote $PRIMES $TRANSCRIPT $PARAMS" >&2
  exit 0
fi

strip() { grep -v -e '^# time:' -e '^# gp version:' "$1"; }
rc=0
for pair in "$PRIMES:primes.txt" "$TRANSCRIPT:curves-transcript.txt" "$PARAMS:opf-params.txt"; do
  committed=${pair%%:*} fresh=$tmp/${pair#*:}
  if ! diff -u <(strip "$committed") <(strip "$fresh") >"$tmp/diff"; then
    echo "regen.sh: $committed differs from a fresh run:" >&2
    head -n 40 "$tmp/diff" >&2
    rc=1
  fi
done
[ $rc = 0 ] && echo "regen.sh --check: primes, transcript and parameters reproduce" >&2
exit $rc
