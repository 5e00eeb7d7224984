#!/usr/bin/env bash
# The README's main job: install missing packages, build, walk through the seacurve
# command-line tool on every curve (keygen, pubkey, sign, verify, ECDH both ways),
# then run the quick benchmark (seacurve bench --quick).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
cmake -S . -B build/native -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build/native -j"${JOBS:-2}" >/dev/null
SC=$PWD/build/native/tools/seacurve/seacurve

work=$(mktemp -d "${TMPDIR:-/tmp}/seacurve-demo.XXXXXX")
trap 'rm -rf "$work"' EXIT
cd "$work"
printf 'temperature=21.5C node=17\n' >reading.txt
printf 'temperature=99.9C node=17\n' >forged.txt

echo "seacurve CLI walk-through: alice signs a reading, bob checks it, both derive an ECDH secret"
for c in $("$SC" curves --names); do
    "$SC" keygen --curve "$c" --out alice.pem             # SEC1 "EC PRIVATE KEY", mode 0600
    "$SC" keygen --curve "$c" --pkcs8 --out bob.pem        # PKCS#8 "PRIVATE KEY"
    "$SC" pubkey --key alice.pem --out alice.pub           # SubjectPublicKeyInfo
    "$SC" pubkey --key bob.pem --compressed --out bob.pub  # compressed point
    "$SC" sign --key alice.pem --in reading.txt --out reading.sig
    ok=$("$SC" verify --pub alice.pub --in reading.txt --sig reading.sig)
    rc=0
    forged=$("$SC" verify --pub alice.pub --in forged.txt --sig reading.sig) || rc=$?
    "$SC" ecdh --key alice.pem --peer bob.pub --out alice.secret
    "$SC" ecdh --key bob.pem --peer alice.pub --out bob.secret
    if ! cmp -s alice.secret bob.secret || [ "$ok" != "Verified OK" ] || [ $rc -ne 1 ]; then
        echo "$c: FAILED" >&2
        exit 1
    fi
    printf '%-10s sign %2d-byte DER signature: %s; forged reading: %s (exit %d)\n' \
        "$c" "$(wc -c <reading.sig)" "$ok" "$forged" $rc
    printf '%-10s ECDH both ways: the same %d-byte secret %s...\n' \
        "" "$(wc -c <alice.secret)" "$(od -An -tx1 -N8 alice.secret | tr -d ' \n')"
    rm -f alice.* bob.* reading.sig
done
echo
"$SC" bench --quick

# The mote: the secp160r1 benchmark image on the ATmega128 in the cycle-exact simulator
# (firmware/bench_curve.c, tools/mote_report.py; every curve in docs/mote.md).
echo
root=${SC%/build/native/tools/seacurve/seacurve}
sim=$root/build/native/tools/avrsim/sc-avrsim
elf=$root/build/native/firmware/atmega128/bench_secp160r1.elf
if [ -x "$sim" ] && [ -f "$elf" ]; then
    echo "seacurve on the mote: secp160r1 on the ATmega128 (sc-avrsim: exact cycles, deepest stack)"
    python3 "$root/tools/mote_report.py" --sim "$sim" --bench "$elf"
else
    echo "mote table skipped: sc-avrsim or the AVR benchmark image was not built (simavr, gcc-avr: scripts/install-deps.sh)"
fi
