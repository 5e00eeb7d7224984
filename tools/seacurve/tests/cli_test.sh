#!/usr/bin/env bash
# End-to-end test of the seacurve command-line tool against the openssl program.
#   cli_test.sh SEACURVE [OPENSSL]
# Runs in a private temporary directory (removed at exit); prints
# "cli: N passed, M failed" and exits non-zero if any check failed.
set -u

SC=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
OSSL=${2:-openssl}
[ -x "$SC" ] || { echo "cli_test: $1 is not executable"; exit 2; }
command -v "$OSSL" >/dev/null || { echo "cli_test: no openssl program"; exit 2; }

T=$(mktemp -d "${TMPDIR:-/tmp}/sc-cli-test.XXXXXX") || exit 2
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 2
umask 022

# The run's seed (docs/testing.md, "Random seeds"): SC_TEST_SEED (decimal or 0x hex), else 8
# fresh bytes. The random inputs below (the large message, the garbage files) are AES-128-CTR
# keystream under key (seed, n) for the n-th draw, so that a failure on one of them repeats.
SEED=$(printf '%016x' "${SC_TEST_SEED:-0x$(od -An -N8 -tx1 /dev/urandom | tr -d ' \n')}" 2>/dev/null) ||
    { echo "cli_test: SC_TEST_SEED=${SC_TEST_SEED-} is not a number"; exit 2; }
echo "seed: SC_TEST_SEED=0x$SEED"
ndraw=0
# draw N: N bytes of the run's next stream
draw() {
    ndraw=$((ndraw + 1))
    head -c "$1" /dev/zero |
        "$OSSL" enc -aes-128-ctr -nosalt -K "$SEED$(printf '%016x' $ndraw)" -iv 00000000000000000000000000000000
}

pass=0
fail=0
good() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $* [SC_TEST_SEED=0x$SEED]"; }

# check DESC COMMAND...: the command succeeds (its output is discarded)
check() {
    local d=$1; shift
    if "$@" >/dev/null 2>&1; then good; else bad "$d"; fi
}

# sc DESC ARGS...: seacurve succeeds with nothing on stderr
sc() {
    local d=$1; shift
    "$SC" "$@" >sc.out 2>sc.err
    local rc=$?
    if [ $rc -eq 0 ] && [ ! -s sc.err ]; then good; else bad "$d (rc $rc: $(head -c 300 sc.err))"; fi
}

# invalid DESC ARGS...: seacurve verify exits 1, prints "Verification failure" on stdout and
# says why in exactly one stderr line, "seacurve verify: FILE: signature does not verify ..."
invalid() {
    local d=$1; shift
    "$SC" "$@" >v.out 2>v.err
    local rc=$?
    if [ $rc -eq 1 ] && grep -qx 'Verification failure' v.out && [ "$(wc -l <v.err)" -eq 1 ] &&
       grep -q '^seacurve verify: .*: signature does not verify' v.err; then good
    else bad "$d: rc $rc, stdout $(head -c 100 v.out), stderr $(head -c 300 v.err)"; fi
}

# no_tmp: no temporary file of an interrupted or failed write is left here
no_tmp() { ! ls -a | grep -q '^\.seacurve-'; }

# err DESC OUTFILE PATTERN ARGS...: seacurve exits 2 with exactly one stderr line that
# starts with "seacurve " or "seacurve:" and matches PATTERN (grep -E, case-insensitive), and OUTFILE
# (if not "") does not exist afterwards; no temporary file is left behind.
err() {
    local d=$1 out=$2 pat=$3; shift 3
    "$SC" "$@" >sc.out 2>sc.err
    local rc=$? lines
    lines=$(wc -l <sc.err)
    if [ $rc -ne 2 ]; then bad "$d: exit $rc, expected 2 ($(head -c 200 sc.err))"; return; fi
    if [ "$lines" -ne 1 ] || ! grep -qE '^seacurve[ :]' sc.err; then bad "$d: stderr is not one line: $(cat sc.err)"; return; fi
    if [ -n "$pat" ] && ! grep -qiE -- "$pat" sc.err; then bad "$d: message '$(cat sc.err)' lacks /$pat/"; return; fi
    if [ -n "$out" ] && [ -e "$out" ]; then bad "$d: output $out left behind"; return; fi
    if ! no_tmp; then bad "$d: temporary file left behind"; return; fi
    good
}

ossl() { "$OSSL" "$@" >/dev/null 2>&1; }
mode() { stat -c %a "$1" 2>/dev/null; }
tohex() { od -An -tx1 -v "$1" | tr -d ' \n'; }
fromhex() { printf "$(printf '%s' "$1" | sed 's/../\\x&/g')"; }
# r and s of a DER signature (openssl asn1parse), each left-padded to $2 bytes, as hex r||s
der_rs() {
    local n=$2 v out=""
    for v in $("$OSSL" asn1parse -inform DER -in "$1" | sed -n 's/.*INTEGER *://p'); do
        v=$(printf '%s' "$v" | tr 'A-F' 'a-f')
        while [ ${#v} -lt $((2 * n)) ]; do v=0$v; done
        out=$out$v
    done
    printf '%s' "$out"
}

# every curve with an OID (the five SEC 2 prime curves and the nine SEC 2 binary ones; the opf
# curves have no OID and are tested below); a binary curve the openssl program does not list
# (ecparam -list_curves) is left out with a note
CURVES="secp160r1 secp192r1 secp224r1 secp256r1 secp256k1"
for C in sect163k1 sect163r1 sect163r2 sect233k1 sect233r1 sect283k1 sect283r1 sect409k1 sect409r1; do
    if "$OSSL" ecparam -list_curves 2>/dev/null | grep -q "^ *$C *:"; then CURVES="$CURVES $C"
    else echo "cli_test: $OSSL does not list $C: its round trips are skipped"; fi
done
declare -A OSSL_NAME=([secp160r1]=secp160r1 [secp192r1]=prime192v1 [secp224r1]=secp224r1
                      [secp256r1]=prime256v1 [secp256k1]=secp256k1
                      [sect163k1]=sect163k1 [sect163r1]=sect163r1 [sect163r2]=sect163r2
                      [sect233k1]=sect233k1 [sect233r1]=sect233r1 [sect283k1]=sect283k1
                      [sect283r1]=sect283r1 [sect409k1]=sect409k1 [sect409r1]=sect409r1)
# bytes of the order n (P1363 halves) and of a field element (ECDH secret)
declare -A NLEN=([secp160r1]=21 [secp192r1]=24 [secp224r1]=28 [secp256r1]=32 [secp256k1]=32
                 [sect163k1]=21 [sect163r1]=21 [sect163r2]=21 [sect233k1]=29 [sect233r1]=30
                 [sect283k1]=36 [sect283r1]=36 [sect409k1]=51 [sect409r1]=52)
declare -A FLEN=([secp160r1]=20 [secp192r1]=24 [secp224r1]=28 [secp256r1]=32 [secp256k1]=32
                 [sect163k1]=21 [sect163r1]=21 [sect163r2]=21 [sect233k1]=30 [sect233r1]=30
                 [sect283k1]=36 [sect283r1]=36 [sect409k1]=52 [sect409r1]=52)
# a curve whose signatures do not fit this one's order (DER), and one of another P1363 size
# (a DER signature from a curve of the same or a smaller size is just invalid: exit 1)
declare -A BIGGER=([secp160r1]=secp192r1 [secp192r1]=secp224r1 [secp224r1]=secp256r1
                   [secp256r1]=secp160r1 [secp256k1]=secp256r1
                   [sect163k1]=sect233r1 [sect163r1]=sect233r1 [sect163r2]=sect283k1
                   [sect233k1]=sect283r1 [sect233r1]=sect409k1 [sect283k1]=sect409r1
                   [sect283r1]=sect409k1 [sect409k1]=secp256r1 [sect409r1]=secp256r1)
declare -A OTHER=([secp160r1]=secp256k1 [secp192r1]=secp160r1 [secp224r1]=secp192r1
                  [secp256r1]=secp224r1 [secp256k1]=secp224r1
                  [sect163k1]=secp256r1 [sect163r1]=sect233k1 [sect163r2]=sect283r1
                  [sect233k1]=sect409r1 [sect233r1]=sect163k1 [sect283k1]=sect163r2
                  [sect283r1]=sect233k1 [sect409k1]=sect233r1 [sect409r1]=sect283k1)
HASHES="sha1 sha224 sha256 sha384 sha512"

printf 'temperature=21.5C node=17\n' >msg
printf 'temperature=21.6C node=17\n' >msg2
draw 300000 >big
: >empty

# ---------------------------------------------------------------- per curve
for C in $CURVES; do
    O=${OSSL_NAME[$C]}
    N=${NLEN[$C]}
    mkdir "$C" && cd "$C" || exit 2

    # ---- keys from OpenSSL, read as they are
    ossl ecparam -name "$O" -genkey -noout -out o.pem
    ossl ecparam -name "$O" -genkey -out oparam.pem
    ossl genpkey -algorithm EC -pkeyopt "ec_paramgen_curve:$O" -out op8.pem
    ossl ec -in o.pem -pubout -out opub.pem
    ossl ec -in o.pem -pubout -conv_form compressed -out opubc.pem
    ossl ec -in o.pem -pubout -outform DER -out opub.der
    ossl ec -in o.pem -outform DER -out o.der
    ossl pkey -in op8.pem -outform DER -out op8.der
    ossl ec -in oparam.pem -pubout -out oparampub.pem
    ossl pkey -in op8.pem -pubout -out op8pub.pem
    if [ ! -s o.pem ] || [ ! -s oparam.pem ] || [ ! -s op8.pem ] || [ ! -s opub.pem ] || [ ! -s opubc.pem ]; then
        bad "$C: openssl could not make its keys"
        cd .. && continue
    fi
    check "$C: EC PARAMETERS block present" grep -q 'BEGIN EC PARAMETERS' oparam.pem
    sc "$C: pubkey of openssl SEC1 PEM" pubkey --key o.pem --out p1.pem
    check "$C: pubkey of openssl SEC1 = openssl ec -pubout" cmp p1.pem opub.pem
    sc "$C: pubkey of openssl SEC1 DER" pubkey --key o.der --out p2.pem
    check "$C: ... same" cmp p2.pem opub.pem
    sc "$C: pubkey of openssl key with EC PARAMETERS" pubkey --key oparam.pem --out p3.pem
    check "$C: ... = openssl" cmp p3.pem oparampub.pem
    sc "$C: pubkey of openssl PKCS#8 PEM" pubkey --key op8.pem --out p4.pem
    check "$C: ... = openssl" cmp p4.pem op8pub.pem
    sc "$C: pubkey of openssl PKCS#8 DER" pubkey --key op8.der --out p5.pem
    check "$C: ... = openssl" cmp p5.pem op8pub.pem
    sc "$C: pubkey of openssl SPKI PEM" pubkey --key opub.pem --out p6.pem
    check "$C: ... unchanged" cmp p6.pem opub.pem
    sc "$C: pubkey of openssl SPKI DER, DER out" pubkey --key opub.der --format der --out p7.der
    check "$C: ... = openssl DER" cmp p7.der opub.der
    sc "$C: pubkey of openssl compressed SPKI" pubkey --key opubc.pem --out p8.pem
    check "$C: ... decompressed = openssl" cmp p8.pem opub.pem
    sc "$C: pubkey --compressed" pubkey --key o.pem --compressed --out p9.pem
    check "$C: ... = openssl -conv_form compressed" cmp p9.pem opubc.pem
    sc "$C: pubkey from stdin to stdout" pubkey --key - --out - <o.pem
    check "$C: ... = openssl" cmp sc.out opub.pem

    # ---- keys from seacurve, read by OpenSSL
    sc "$C: keygen SEC1 PEM" keygen --curve "$C" --out s.pem
    check "$C: keygen mode 0600" test "$(mode s.pem)" = 600
    check "$C: SEC1 label" grep -q 'BEGIN EC PRIVATE KEY' s.pem
    check "$C: openssl ec -check accepts SEC1 PEM" "$OSSL" ec -in s.pem -check -noout
    "$OSSL" ec -in s.pem -out s_re.pem 2>/dev/null
    check "$C: SEC1 PEM byte-identical to openssl's re-encoding" cmp s.pem s_re.pem
    "$OSSL" ec -in s.pem -text -noout 2>/dev/null >s.txt
    check "$C: openssl names the curve" grep -q "ASN1 OID: $O" s.txt
    sc "$C: keygen SEC1 DER" keygen --curve "$C" --format der --out s.der
    check "$C: keygen DER mode 0600" test "$(mode s.der)" = 600
    check "$C: openssl ec -check accepts SEC1 DER" "$OSSL" ec -inform DER -in s.der -check -noout
    sc "$C: keygen PKCS#8 PEM" keygen --curve "$C" --pkcs8 --out s8.pem
    check "$C: PKCS#8 label" grep -q 'BEGIN PRIVATE KEY' s8.pem
    check "$C: openssl pkey -check accepts PKCS#8" "$OSSL" pkey -in s8.pem -check -noout
    "$OSSL" pkey -in s8.pem -out s8_re.pem 2>/dev/null
    check "$C: PKCS#8 PEM byte-identical to openssl's" cmp s8.pem s8_re.pem
    sc "$C: keygen PKCS#8 DER" keygen --curve "$C" --pkcs8 --format der --out s8.der
    check "$C: openssl pkey reads PKCS#8 DER" "$OSSL" pkey -inform DER -in s8.der -check -noout
    sc "$C: pubkey of own key" pubkey --key s.pem --out spub.pem
    "$OSSL" ec -in s.pem -pubout -out spub_o.pem 2>/dev/null
    check "$C: SPKI PEM = openssl ec -pubout" cmp spub.pem spub_o.pem
    sc "$C: pubkey DER" pubkey --key s.pem --format der --out spub.der
    "$OSSL" ec -in s.pem -pubout -outform DER -out spub_o.der 2>/dev/null
    check "$C: SPKI DER = openssl" cmp spub.der spub_o.der
    check "$C: pubkey not 0600 (0644 under umask 022)" test "$(mode spub.pem)" = 644
    "$OSSL" ec -in s.pem -outform DER -out s_conv.der 2>/dev/null
    sc "$C: pubkey compressed DER, from a DER key" pubkey --key s_conv.der --compressed --format der --out spubc.der
    "$OSSL" ec -in s.pem -pubout -conv_form compressed -outform DER -out spubc_o.der 2>/dev/null
    check "$C: compressed SPKI = openssl" cmp spubc.der spubc_o.der
    check "$C: openssl pkey reads compressed SPKI" "$OSSL" pkey -pubin -inform DER -in spubc.der -noout
    "$OSSL" pkey -in s8.pem -outform DER -out s8_conv.der 2>/dev/null
    sc "$C: pubkey of own PKCS#8 (DER)" pubkey --key s8_conv.der --out s8pub.pem
    "$OSSL" pkey -in s8.pem -pubout -out s8pub_o.pem 2>/dev/null
    check "$C: ... = openssl" cmp s8pub.pem s8pub_o.pem

    # ---- signatures, every hash, both ways
    for H in $HASHES; do
        sc "$C/$H: sign" sign --key s.pem --in ../msg --hash "$H" --out "sig_$H.der"
        "$OSSL" dgst -"$H" -verify spub.pem -signature "sig_$H.der" ../msg >v.out 2>&1
        check "$C/$H: openssl verifies seacurve's signature" grep -qx 'Verified OK' v.out
        ossl dgst -"$H" -sign o.pem -out "osig_$H.der" ../msg
        "$SC" verify --pub opub.pem --in ../msg --sig "osig_$H.der" --hash "$H" >v.out 2>v.err
        rc=$?
        if [ $rc -eq 0 ] && grep -qx 'Verified OK' v.out && [ ! -s v.err ]; then good
        else bad "$C/$H: seacurve verifies openssl's signature (rc $rc: $(cat v.out v.err))"; fi
    done
    sc "$C: sign again" sign --key s.pem --in ../msg --out sig_again.der
    check "$C: RFC 6979 deterministic (same signature twice)" cmp sig_again.der sig_sha256.der
    sc "$C: sign --hedged" sign --key s.pem --in ../msg --hedged --out sig_h.der
    check "$C: hedged signature differs" test "$(tohex sig_h.der)" != "$(tohex sig_sha256.der)"
    check "$C: openssl verifies the hedged signature" "$OSSL" dgst -sha256 -verify spub.pem -signature sig_h.der ../msg
    sc "$C: sign a 300 KB file (streamed), PKCS#8 key" sign --key s8.pem --in ../big --out sig_big.der
    "$OSSL" pkey -in s8.pem -pubout -out s8pub.pem 2>/dev/null
    check "$C: openssl verifies it" "$OSSL" dgst -sha256 -verify s8pub.pem -signature sig_big.der ../big
    sc "$C: sign the empty file, message from stdin" sign --key s.pem --in - --out sig_empty.der <../empty
    check "$C: openssl verifies it" "$OSSL" dgst -sha256 -verify spub.pem -signature sig_empty.der ../empty
    sc "$C: verify with the private key file as --pub" verify --pub s.pem --in ../msg --sig sig_sha256.der

    # ---- P1363
    sc "$C: sign P1363" sign --key s.pem --in ../msg --sig-format p1363 --out sig.p1363
    check "$C: P1363 size 2 x $N" test "$(stat -c %s sig.p1363)" = $((2 * N))
    check "$C: P1363 = r || s of the DER signature (asn1parse)" test "$(tohex sig.p1363)" = "$(der_rs sig_sha256.der "$N")"
    sc "$C: verify P1363" verify --pub spub.pem --in ../msg --sig sig.p1363 --sig-format p1363
    fromhex "$(der_rs osig_sha384.der "$N")" >osig.p1363
    sc "$C: verify openssl's signature converted to P1363" verify --pub opub.pem --in ../msg --sig osig.p1363 --sig-format p1363 --hash sha384

    # ---- verify exit codes
    invalid "$C: tampered message" verify --pub spub.pem --in ../msg2 --sig sig_sha256.der
    h=$(tohex sig_sha256.der)
    last=${h: -2}
    fromhex "${h:0:${#h}-2}$(printf '%02x' $((0x$last ^ 1)))" >sig_bad.der
    invalid "$C: tampered DER signature" verify --pub spub.pem --in ../msg --sig sig_bad.der
    h=$(tohex sig.p1363)
    fromhex "$(printf '%02x' $((0x${h:0:2} ^ 0x80)))${h:2}" >sig_bad.p1363
    invalid "$C: tampered P1363 signature" verify --pub spub.pem --in ../msg --sig sig_bad.p1363 --sig-format p1363
    invalid "$C: wrong hash" verify --pub spub.pem --in ../msg --sig sig_sha256.der --hash sha512

    # ---- ECDH both ways
    sc "$C: ecdh seacurve key, openssl peer" ecdh --key s.pem --peer opub.pem --out sec_a
    check "$C: secret mode 0600" test "$(mode sec_a)" = 600
    check "$C: secret is ${FLEN[$C]} bytes" test "$(stat -c %s sec_a)" = "${FLEN[$C]}"
    ossl pkeyutl -derive -inkey o.pem -peerkey spub.pem -out sec_b
    check "$C: openssl pkeyutl -derive gives the same secret" cmp sec_a sec_b
    sc "$C: ecdh openssl key, seacurve peer" ecdh --key o.der --peer spub.der --out sec_c
    check "$C: ... same secret" cmp sec_a sec_c
    ossl pkeyutl -derive -inkey op8.pem -peerkey spub.pem -out sec_d
    sc "$C: ecdh with a compressed peer key" ecdh --key s.pem --peer opubc.pem --out sec_e
    check "$C: ... same secret" cmp sec_a sec_e
    sc "$C: ecdh openssl PKCS#8 key, peer given as private key" ecdh --key op8.pem --peer s.pem --out sec_f
    check "$C: ... = openssl pkeyutl" cmp sec_d sec_f
    # ---- cofactor ECDH (x(h d Q); the plain secret again on the prime curves, h = 1)
    sc "$C: ecdh --cofactor" ecdh --cofactor --key s.pem --peer opub.pem --out sec_g
    ossl pkeyutl -derive -inkey o.pem -peerkey spub.pem -pkeyopt ecdh_cofactor_mode:1 -out sec_h
    check "$C: ... = openssl pkeyutl -pkeyopt ecdh_cofactor_mode:1" cmp sec_g sec_h
    case $C in
        sect*) check "$C: ... differs from the plain secret (h > 1)" test "$(tohex sec_g)" != "$(tohex sec_a)" ;;
        *) check "$C: ... = the plain secret (h = 1)" cmp sec_g sec_a ;;
    esac

    # ---- explicit curve parameters (specifiedCurve)
    case $C in
    secp*)
        ossl ecparam -name "$O" -param_enc explicit -genkey -out ox.pem
        ossl ec -in ox.pem -outform DER -out ox.der
        ossl pkey -in ox.pem -out ox8.pem
        ossl pkey -in ox.pem -outform DER -out ox8.der
        ossl ec -in ox.pem -pubout -out oxpub.pem
        ossl ec -in ox.pem -pubout -outform DER -out oxpub.der
        ossl ec -in ox.pem -pubout -param_enc named_curve -out oxpub_named.pem
        check "$C: openssl wrote explicit parameters" sh -c '"$0" asn1parse -in ox.pem | grep -q prime-field' "$OSSL"
        check "$C: ... and an explicit SPKI" sh -c '"$0" asn1parse -in oxpub.pem | grep -q prime-field' "$OSSL"
        for f in ox.pem ox.der ox8.pem ox8.der oxpub.pem oxpub.der; do
            sc "$C: pubkey of openssl explicit $f" pubkey --key "$f" --out xp.pem --force
            check "$C: ... = openssl's named SPKI of the key" cmp xp.pem oxpub_named.pem
        done
        sc "$C: sign with openssl's explicit key" sign --key ox.pem --in ../msg --out xsig.der
        check "$C: ... openssl verifies with the explicit SPKI" "$OSSL" dgst -sha256 -verify oxpub.pem -signature xsig.der ../msg
        sc "$C: keygen --param-enc explicit" keygen --curve "$C" --param-enc explicit --out sx.pem
        check "$C: ... openssl ec -check accepts it" "$OSSL" ec -in sx.pem -check -noout
        check "$C: ... explicit" sh -c '"$0" ec -in "$1" -text -noout 2>/dev/null | grep -q "Field Type: prime-field"' "$OSSL" sx.pem
        "$OSSL" ec -in sx.pem -out sx_re.pem 2>/dev/null
        check "$C: ... byte-identical to openssl's re-encoding" cmp sx.pem sx_re.pem
        "$OSSL" ec -in sx.pem -outform DER -out sx.der 2>/dev/null
        sc "$C: keygen --param-enc explicit DER" keygen --curve "$C" --param-enc explicit --format der --out sxg.der
        check "$C: ... openssl ec -check accepts it" "$OSSL" ec -inform DER -in sxg.der -check -noout
        sc "$C: keygen --param-enc explicit --pkcs8" keygen --curve "$C" --param-enc explicit --pkcs8 --out sx8.pem
        check "$C: ... openssl pkey -check accepts it" "$OSSL" pkey -in sx8.pem -check -noout
        "$OSSL" pkey -in sx8.pem -out sx8_re.pem 2>/dev/null
        check "$C: ... byte-identical to openssl's re-encoding" cmp sx8.pem sx8_re.pem
        sc "$C: keygen --param-enc explicit --pkcs8 DER" keygen --curve "$C" --param-enc explicit --pkcs8 --format der --out sx8.der
        check "$C: ... openssl pkey reads it" "$OSSL" pkey -inform DER -in sx8.der -check -noout
        sc "$C: pubkey --param-enc explicit" pubkey --key sx.pem --param-enc explicit --out sxpub.pem
        check "$C: ... openssl pkey -pubcheck" "$OSSL" pkey -pubin -in sxpub.pem -pubcheck -noout
        "$OSSL" pkey -pubin -in sxpub.pem -out sxpub_re.pem 2>/dev/null
        check "$C: ... byte-identical to openssl's re-encoding" cmp sxpub.pem sxpub_re.pem
        "$OSSL" ec -in sx.pem -pubout -param_enc explicit -out sxpub_o.pem 2>/dev/null
        check "$C: ... = openssl ec -pubout -param_enc explicit" cmp sxpub.pem sxpub_o.pem
        sc "$C: pubkey --param-enc explicit --compressed DER" pubkey --key sx8.der --param-enc explicit --compressed --format der --out sxpubc.der
        check "$C: ... openssl reads it" "$OSSL" pkey -pubin -inform DER -in sxpubc.der -pubcheck -noout
        # round trip: named -> explicit -> named
        sc "$C: named SPKI of the explicit key" pubkey --key sx.pem --out sxn.pem
        sc "$C: ... to explicit" pubkey --key sxn.pem --param-enc explicit --out sxn_x.pem
        check "$C: ... = the explicit one" cmp sxn_x.pem sxpub.pem
        sc "$C: ... back to named" pubkey --key sxn_x.pem --param-enc named --out sxn_x_n.pem
        check "$C: ... = the named one" cmp sxn_x_n.pem sxn.pem
        "$OSSL" ec -in sx.pem -pubout -param_enc named_curve -out sxn_o.pem 2>/dev/null
        check "$C: ... = openssl's named SPKI" cmp sxn.pem sxn_o.pem
        sc "$C: sign with the explicit key (DER)" sign --key sx.der --in ../msg --out sxsig.der
        check "$C: ... openssl verifies with the explicit SPKI" "$OSSL" dgst -sha256 -verify sxpub.pem -signature sxsig.der ../msg
        sc "$C: verify with the explicit SPKI" verify --pub sxpub.pem --in ../msg --sig sxsig.der
        ;;
    sect*)
        err "$C: keygen --param-enc explicit refused" sx.pem "prime curves only" keygen --curve "$C" --param-enc explicit --out sx.pem
        err "$C: pubkey --param-enc explicit refused" sxpub.pem "prime curves only" pubkey --key s.pem --param-enc explicit --out sxpub.pem
        ossl ecparam -name "$O" -param_enc explicit -genkey -noout -out ox.pem
        err "$C: openssl's explicit binary key" xp.pem "explicit" pubkey --key ox.pem --out xp.pem
        ;;
    esac

    cd .. || exit 2
done

# ---------------------------------------------------------------- across curves
for C in $CURVES; do
    B=${BIGGER[$C]}
    X=${OTHER[$C]}
    [ -d "$B" ] && [ -d "$X" ] || continue   # (a curve the openssl program lacks)
    err "$C: ecdh with a peer on $X" "$C/sec_x" "sec[pt]|prime" ecdh --key "$C/s.pem" --peer "$X/spub.pem" --out "$C/sec_x"
    if [ "${NLEN[$B]}" -gt "${NLEN[$C]}" ]; then
        err "$C: verify a $B signature" "" "key and signature are for different curves" verify --pub "$C/spub.pem" --in msg --sig "$B/sig_sha256.der"
    else
        invalid "$C: verify a $B signature" verify --pub "$C/spub.pem" --in msg --sig "$B/sig_sha256.der"
    fi
    err "$C: verify a $X P1363 signature" "" "key and signature are for different curves: .*bytes" verify --pub "$C/spub.pem" --in msg --sig "$X/sig.p1363" --sig-format p1363
done

# ---------------------------------------------------------------- curves without an OID
# (the opf curves): always written with explicit parameters, which OpenSSL reads
"$SC" curves --names >names.txt 2>/dev/null
for C in $(grep '^opf' names.txt); do
    sc "$C: keygen (explicit parameters: no OID)" keygen --curve "$C" --out "$C.pem"
    check "$C: ... explicit" sh -c '"$0" asn1parse -in "$1" | grep -q prime-field' "$OSSL" "$C.pem"
    check "$C: ... openssl ec -check" "$OSSL" ec -in "$C.pem" -check -noout
    "$OSSL" ec -in "$C.pem" -out "$C.re.pem" 2>/dev/null
    check "$C: ... byte-identical to openssl's re-encoding" cmp "$C.pem" "$C.re.pem"
    sc "$C: keygen PKCS#8 DER" keygen --curve "$C" --pkcs8 --format der --out "$C.p8.der"
    check "$C: ... openssl pkey -check" "$OSSL" pkey -inform DER -in "$C.p8.der" -check -noout
    sc "$C: pubkey" pubkey --key "$C.pem" --out "$C.pub"
    check "$C: ... openssl pkey -pubcheck" "$OSSL" pkey -pubin -in "$C.pub" -pubcheck -noout
    sc "$C: pubkey --param-enc explicit" pubkey --key "$C.pem" --param-enc explicit --out "$C.xpub"
    check "$C: ... the same file" cmp "$C.pub" "$C.xpub"
    "$OSSL" ec -in "$C.pem" -pubout -out "$C.opub" 2>/dev/null
    sc "$C: pubkey of openssl's SPKI" pubkey --key "$C.opub" --out "$C.pub2"
    check "$C: ... = seacurve's" cmp "$C.pub2" "$C.pub"
    ossl dgst -sha256 -sign "$C.pem" -out "$C.osig" msg
    sc "$C: verify openssl's signature" verify --pub "$C.pub" --in msg --sig "$C.osig"
    sc "$C: sign (PKCS#8 DER key)" sign --key "$C.p8.der" --in msg --out "$C.sig"
    "$OSSL" pkey -inform DER -in "$C.p8.der" -pubout -out "$C.p8pub.pem" 2>/dev/null
    check "$C: ... openssl verifies it" "$OSSL" dgst -sha256 -verify "$C.p8pub.pem" -signature "$C.sig" msg
    sc "$C: ecdh, openssl's SPKI as the peer" ecdh --key "$C.p8.der" --peer "$C.opub" --out "$C.sec_a"
    check "$C: ... secret is ${C#opf} / 8 bytes" test "$(stat -c %s "$C.sec_a")" = $((${C#opf} / 8))
    ossl pkeyutl -derive -inkey "$C.pem" -peerkey "$C.p8pub.pem" -out "$C.sec_b"
    check "$C: ... = openssl pkeyutl -derive" cmp "$C.sec_a" "$C.sec_b"
done

# ---------------------------------------------------------------- files
K=secp256r1/s.pem
P=secp256r1/spub.pem
cp "$K" own.pem
cp own.pem own.keep
err "keygen refuses to overwrite" "" "exists" keygen --curve secp160r1 --out own.pem
check "... the file is untouched" cmp own.pem own.keep
sc "keygen --force overwrites" keygen --curve secp160r1 --out own.pem --force
check "... new content" test "$(tohex own.pem)" != "$(tohex own.keep)"
check "... mode 0600" test "$(mode own.pem)" = 600
check "... no temporary left" no_tmp
echo keep >sig.out
err "sign refuses to overwrite" "" "exists" sign --key "$K" --in msg --out sig.out
check "... untouched" grep -qx keep sig.out
sc "sign --force" sign --key "$K" --in msg --out sig.out --force
check "... is a signature now" "$OSSL" dgst -sha256 -verify "$P" -signature sig.out msg
echo keep >sec.out
err "ecdh refuses to overwrite" "" "exists" ecdh --key "$K" --peer "$P" --out sec.out
check "... untouched" grep -qx keep sec.out
echo keep >pub.out
err "pubkey refuses to overwrite" "" "exists" pubkey --key "$K" --out pub.out
check "... untouched" grep -qx keep pub.out
err "output in a missing directory" "" "nodir" keygen --curve secp256r1 --out nodir/k.pem
err "output is a directory" "" "directory" keygen --curve secp256r1 --out secp256r1 --force
sc "keygen to stdout" keygen --curve secp224r1 --out -
check "... a PEM key" grep -q 'BEGIN EC PRIVATE KEY' sc.out
sc "ecdh to stdout, key from stdin" ecdh --key - --peer secp256r1/opub.pem <"$K"
check "... the secret" cmp sc.out secp256r1/sec_a

# ---------------------------------------------------------------- file safety
# --force replaces only a regular file. Anything else at the name is refused, with or without
# --force, and left as it was: directories, FIFOs, sockets, device nodes, and every symbolic
# link (never followed, never replaced; whatever it points to)
mkdir fs && cd fs || exit 2
mkfifo fifo
mkdir adir
echo keep >target.txt
ln -s /dev/null link_null
ln -s fifo link_fifo
ln -s adir link_dir
ln -s target.txt link_reg
ln -s missing link_dangling
KEY=../$K
PUB=../$P
fs_before=$fail
for F in "" --force; do
    err "keygen $F onto a FIFO" "" "fifo: is a FIFO.*not a regular file" keygen --curve secp160r1 --out fifo $F
    check "... still a FIFO" test -p fifo
    err "keygen $F onto a directory" "" "adir: is a directory" keygen --curve secp160r1 --out adir $F
    check "... still an empty directory" test -d adir -a -z "$(ls -A adir)"
    err "keygen $F onto a symlink to /dev/null" "" "link_null: is a symbolic link to a character device" keygen --curve secp160r1 --out link_null $F
    check "... still the link" test "$(readlink link_null)" = /dev/null
    err "keygen $F onto a symlink to a FIFO" "" "link_fifo: is a symbolic link to a FIFO" keygen --curve secp160r1 --out link_fifo $F
    err "keygen $F onto a symlink to a directory" "" "link_dir: is a symbolic link to a directory" keygen --curve secp160r1 --out link_dir $F
    check "... nothing written into the directory" test -z "$(ls -A adir)"
    err "keygen $F onto a symlink to a regular file" "" "link_reg: is a symbolic link to a regular file" keygen --curve secp160r1 --out link_reg $F
    check "... the link is kept" test "$(readlink link_reg)" = target.txt
    check "... nothing written through it" grep -qx keep target.txt
    err "keygen $F onto a dangling symlink" "" "link_dangling: is a symbolic link to a missing file" keygen --curve secp160r1 --out link_dangling $F
    check "... nothing created through it" test ! -e missing
done
if command -v python3 >/dev/null &&
   python3 -c 'import socket,sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])' sock 2>/dev/null; then
    err "keygen --force onto a socket" "" "sock: is a socket" keygen --curve secp160r1 --out sock --force
    check "... still a socket" test -S sock
else
    echo "cli_test: no python3 to make a Unix socket: the socket case is skipped"
fi
# a character device of our own first (mknod needs root), so that /dev/null itself is tried
# only once the refusal is known to work
if mknod chr c 1 3 2>/dev/null; then
    err "keygen --force onto a character device" "" "chr: is a character device" keygen --curve secp160r1 --out chr --force
    check "... still a character device" test -c chr
fi
# every command that writes a file, by the same rules
err "pubkey --force onto a FIFO" "" "is a FIFO" pubkey --key "$KEY" --out fifo --force
err "sign --force onto a symlink to /dev/null" "" "symbolic link to a character device" sign --key "$KEY" --in "$KEY" --out link_null --force
err "ecdh --force onto a directory" "" "is a directory" ecdh --key "$KEY" --peer "$PUB" --out adir --force
err "ecdh --force onto a symlink to a regular file" "" "symbolic link to a regular file" ecdh --key "$KEY" --peer "$PUB" --out link_reg --force
err "cost -o --force onto a FIFO" "" "is a FIFO" cost --csv -o fifo --force
err "cost --png --force onto a symlink to a regular file" "" "symbolic link to a regular file" cost --png link_reg --force
err "explore -o --force onto a symlink to /dev/null" "" "symbolic link to a character device" explore --curve secp160r1 --no-time --scalars 2 --csv -o link_null --force
check "... the FIFO, the links and their targets are as they were" sh -c 'test -p fifo && test -L link_null && test -L link_reg && grep -qx keep target.txt'
if [ $fail -eq $fs_before ]; then
    for F in "" --force; do
        err "keygen $F onto /dev/null" "" "/dev/null: is a character device" keygen --curve secp160r1 --out /dev/null $F
        err "cost -o $F onto /dev/null" "" "/dev/null: is a character device" cost --csv -o /dev/null $F
    done
    check "... /dev/null is still a character device" test -c /dev/null
    check "... no temporary file in /dev" sh -c '! ls -a /dev | grep -q "^\.seacurve-"'
else
    echo "cli_test: the refusals above failed: --force onto /dev/null itself is not tried"
fi

# modes: private keys and ECDH secrets 0600 from the start, whatever the umask; other outputs
# 0666 less the umask; a replaced file gets the new file's mode, not the old one's
for U in 022 000; do
    rm -f k_$U.pem p_$U.pem s_$U.der e_$U.bin c_$U.csv
    (umask $U && "$SC" keygen --curve secp256r1 --out k_$U.pem && "$SC" pubkey --key k_$U.pem --out p_$U.pem &&
     "$SC" sign --key k_$U.pem --in target.txt --out s_$U.der && "$SC" ecdh --key k_$U.pem --peer "$PUB" --out e_$U.bin &&
     "$SC" cost --csv --scalars 2 -o c_$U.csv) >/dev/null 2>&1
    check "umask $U: the commands succeed" test -s c_$U.csv
    [ $U = 022 ] && pm=644 || pm=666
    check "umask $U: keygen mode 600" test "$(mode k_$U.pem)" = 600
    check "umask $U: ecdh secret mode 600" test "$(mode e_$U.bin)" = 600
    check "umask $U: pubkey mode $pm" test "$(mode p_$U.pem)" = $pm
    check "umask $U: sign mode $pm" test "$(mode s_$U.der)" = $pm
    check "umask $U: cost -o mode $pm" test "$(mode c_$U.csv)" = $pm
done
echo old >rep.pem
chmod 644 rep.pem
sc "keygen --force over a 0644 file" keygen --curve secp160r1 --out rep.pem --force
check "... the key has mode 0600" test "$(mode rep.pem)" = 600
check "... no temporary left" no_tmp

# nothing partial is left when the write fails after the temporary file was made: a file-size
# limit of 0 (binds root too) fails the first write (stderr through a pipe, which the limit
# does not bind)
(ulimit -f 0; exec "$SC" keygen --curve secp256r1 --out big.pem) 2>&1 >/dev/null | cat >sc.err
rc=${PIPESTATUS[0]}
check "ulimit -f 0: keygen exits 2" test $rc -eq 2
check "... one line: File too large" sh -c 'test "$(wc -l <sc.err)" -eq 1 && grep -q "^seacurve keygen: big.pem: cannot write: File too large" sc.err'
check "... no output, no temporary" sh -c 'test ! -e big.pem && ! ls -a | grep -q "^\.seacurve-"'
if [ "$(id -u)" -ne 0 ]; then
    mkdir ro && chmod 555 ro
    err "output in a read-only directory" "ro/k.pem" "cannot create a temporary file" keygen --curve secp160r1 --out ro/k.pem
    check "... nothing in it" test -z "$(ls -A ro)"
    chmod 755 ro
else
    echo "cli_test: running as root: the read-only directory case is skipped (ulimit -f covers a failed write)"
fi

# cost --png: the figure by tools/plot/plot_cost.py (python3 + matplotlib), by the same rules
# (the scratch directory of the script's files goes to $TMPDIR: a private one, checked empty after)
mkdir scratch
sc_tmpdir=${TMPDIR-}
export TMPDIR=$PWD/scratch
has_mpl=0
for py in ${PYTHON:-} python3 /usr/bin/python3; do
    if command -v "$py" >/dev/null 2>&1 && "$py" -c 'import matplotlib' >/dev/null 2>&1; then has_mpl=1; break; fi
done
if [ $has_mpl = 1 ]; then
    sc "cost --png FILE" cost --png fig.png --scalars 2
    check "... a PNG (signature)" test "$(od -An -tx1 -N8 fig.png | tr -d ' \n')" = 89504e470d0a1a0a
    check "... with an IHDR chunk" test "$(od -An -c -j12 -N4 fig.png | tr -d ' \n')" = IHDR
    check "... mode 644" test "$(mode fig.png)" = 644
    check "... nothing on stdout without -o" test ! -s sc.out
    cp fig.png fig.keep
    err "cost --png refuses to overwrite" "" "fig.png: already exists.*--force" cost --png fig.png --scalars 2
    check "... untouched" cmp fig.png fig.keep
    echo old >fig.png
    sc "cost --png --force replaces a regular file" cost --png fig.png --scalars 2 --force --csv -o both.csv
    check "... a PNG again" test "$(od -An -tx1 -N8 fig.png | tr -d ' \n')" = 89504e470d0a1a0a
    check "... and the report with -o" grep -q '^source,method,' both.csv
    mkdir -p fakemp/matplotlib && echo 'raise ImportError("no matplotlib here")' >fakemp/matplotlib/__init__.py
    PYTHONPATH=$PWD/fakemp "$SC" cost --png nomp.png --scalars 2 >sc.out 2>sc.err
    check "matplotlib missing: exit 2, one line that says so" sh -c 'test $0 -eq 2 && test "$(wc -l <sc.err)" -eq 1 && grep -q "matplotlib is missing" sc.err' $?
    check "... no output, no temporary" sh -c 'test ! -e nomp.png && ! ls -a | grep -q "^\.seacurve-"'
else
    echo "cli_test: no python3 with matplotlib: cost --png is checked only for its refusals"
fi
PYTHON=/nonexistent/python3 "$SC" cost --png nopy.png --scalars 2 >sc.out 2>sc.err
check "python3 missing (\$PYTHON): exit 2, one line that says so" sh -c 'test $0 -eq 2 && test "$(wc -l <sc.err)" -eq 1 && grep -q "python3 not found" sc.err' $?
SC_PLOT_DIR=$PWD/adir "$SC" cost --png nopy.png --scalars 2 >sc.out 2>sc.err
check "no plot_cost.py in \$SC_PLOT_DIR: exit 2, one line" sh -c 'test $0 -eq 2 && test "$(wc -l <sc.err)" -eq 1 && grep -q "no plot_cost.py" sc.err' $?
check "... no output" test ! -e nopy.png
err "cost: --png and -o the same file" "" "both" cost --png same.out -o same.out
check "cost --png: no scratch directory left in \$TMPDIR" test -z "$(ls -A scratch)"
if [ -n "$sc_tmpdir" ]; then export TMPDIR=$sc_tmpdir; else unset TMPDIR; fi

# explore -o (its quickest mode) refuses to overwrite without --force, replaces with it
sc "explore -o" explore --curve secp160r1 --no-time --scalars 2 --csv -o ex.csv
cp ex.csv ex.keep
err "explore -o refuses to overwrite" "" "ex.csv: already exists.*--force" explore --curve secp160r1 --no-time --scalars 2 --json -o ex.csv
check "... untouched" cmp ex.csv ex.keep
sc "explore -o --force" explore --curve secp160r1 --no-time --scalars 2 --json -o ex.csv --force
check "... the JSON now, mode 644" sh -c 'grep -q "^{" ex.csv && test "$(stat -c %a ex.csv)" = 644'
cd .. || exit 2

# ---------------------------------------------------------------- bad input
cp "$K" k.pem
"$OSSL" ec -in k.pem -outform DER -out k.der 2>/dev/null
cp secp256r1/sig_sha256.der good.sig
head -c 100 k.pem >trunc.pem
head -c $(($(stat -c %s k.der) - 5)) k.der >trunc.der
{ echo '-----BEGIN EC PRIVATE KEY-----'; draw 90 | base64; echo '-----END EC PRIVATE KEY-----'; } >garbage.pem
{ printf '\x01'; draw 199; } >garbage.bin  # never a DER SEQUENCE tag (0x30)
{ printf '\x30\x0d\x02\x01\x01\x04\x08'; draw 8; } >garbage.der
# well-formed DER with an empty OID: no EC OID (the curves without one, the opf curves, match nothing)
printf '\x30\x02\x06\x00' >emptyoid.der
sed '2s/^..../!!!!/' k.pem >badb64.pem
printf 'this is not a key\n' >text.key
head -c 40 good.sig >trunc.sig
printf '\x30\x06\x02\x01\x00\x02\x01' >trunc2.sig
{ printf '\x01'; draw 63; } >garbage.sig  # never a DER SEQUENCE tag (0x30)
cp secp256r1/sig.p1363 p1363_64.sig
head -c 63 p1363_64.sig >p1363_63.sig
"$OSSL" genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:1024 -out rsa.pem 2>/dev/null
"$OSSL" ecparam -name secp384r1 -genkey -noout -out p384.pem 2>/dev/null
"$OSSL" ecparam -name prime256v1 -genkey -noout -param_enc explicit -out explicit.pem 2>/dev/null
# explicit parameters of no curve seacurve has: the secp256r1 key with b changed
"$OSSL" ec -in explicit.pem -outform DER -out explicit.der 2>/dev/null
"$OSSL" asn1parse -in explicit.pem -inform PEM >explicit.txt 2>/dev/null
boff=$(sed -n 's/^ *\([0-9]*\):d=4 *hl=2 l= *32 prim: OCTET STRING.*/\1/p' explicit.txt | sed -n 2p)
if [ -n "$boff" ]; then
    cp explicit.der unknown_explicit.der
    printf '\x00' | dd of=unknown_explicit.der bs=1 seek=$((boff + 2 + 31)) conv=notrunc 2>/dev/null
fi
"$OSSL" req -x509 -new -key k.pem -subj /CN=t -days 1 -out cert.pem 2>/dev/null
"$OSSL" pkcs8 -topk8 -in k.pem -passout pass:x -out enc.pem 2>/dev/null

for f in empty trunc.pem trunc.der garbage.pem garbage.bin garbage.der emptyoid.der badb64.pem text.key missing.pem \
         secp256r1/spub.pem secp256r1/spub.der rsa.pem p384.pem unknown_explicit.der cert.pem enc.pem; do
    case $f in
        empty) pat="empty" ;;
        trunc.pem) pat="truncated PEM" ;;
        trunc.der) pat="truncated DER" ;;
        garbage.pem) pat="PEM block" ;;
        garbage.bin) pat="not a PEM or DER" ;;
        garbage.der) pat="not an EC key|DER" ;;
        emptyoid.der) pat="not an EC key" ;;
        badb64.pem) pat="base64" ;;
        text.key) pat="not a PEM or DER" ;;
        missing.pem) pat="No such file" ;;
        secp256r1/spub.*) pat="public key where a private key" ;;
        rsa.pem) pat="not an EC key" ;;
        p384.pem) pat="curve not supported" ;;
        unknown_explicit.der) pat="explicit parameters of an unknown" ;;
        cert.pem) pat="CERTIFICATE" ;;
        enc.pem) pat="encrypted" ;;
    esac
    err "sign --key $f" out.sig "$pat" sign --key "$f" --in msg --out out.sig
    err "ecdh --key $f" out.sec "$pat" ecdh --key "$f" --peer "$P" --out out.sec
done
for f in empty trunc.pem trunc.der garbage.pem badb64.pem missing.pem rsa.pem; do
    err "ecdh --peer $f" out.sec "" ecdh --key "$K" --peer "$f" --out out.sec
    err "verify --pub $f" "" "" verify --pub "$f" --in msg --sig good.sig
    err "pubkey --key $f" out.pub "" pubkey --key "$f" --out out.pub
done
err "verify: empty signature" "" "empty" verify --pub "$P" --in msg --sig empty
err "verify: truncated DER signature" "" "malformed signature: truncated" verify --pub "$P" --in msg --sig trunc.sig
err "verify: truncated DER signature (2)" "" "malformed signature: truncated" verify --pub "$P" --in msg --sig trunc2.sig
err "verify: garbage signature" "" "malformed signature: not a DER signature" verify --pub "$P" --in msg --sig garbage.sig
err "verify: P1363 given as DER" "" "malformed signature: .*p1363" verify --pub "$P" --in msg --sig p1363_64.sig
err "verify: P1363 of the wrong size" "" "malformed signature: .*64 bytes" verify --pub "$P" --in msg --sig p1363_63.sig --sig-format p1363
err "verify: DER given as P1363" "" "malformed signature: a DER signature given as P1363" verify --pub "$P" --in msg --sig good.sig --sig-format p1363
err "verify: missing message" "" "No such file" verify --pub "$P" --in missing --sig good.sig
err "verify: missing signature" "" "No such file" verify --pub "$P" --in msg --sig missing
err "verify: message is a directory" "" "directory" verify --pub "$P" --in secp256r1 --sig good.sig
err "sign: missing message" out.sig "No such file" sign --key "$K" --in missing --out out.sig
err "keygen: unknown curve" out.pem "unknown curve" keygen --curve secp384r1 --out out.pem
err "curves: unknown curve" "" "unknown curve" curves --curve nope
err "sign: unknown hash" out.sig "unknown hash" sign --key "$K" --in msg --hash md5 --out out.sig
err "verify: unknown hash" "" "unknown hash" verify --pub "$P" --in msg --sig good.sig --hash sha3
err "sign: unknown signature format" out.sig "signature format" sign --key "$K" --in msg --sig-format xml --out out.sig
err "keygen: unknown format" out.pem "format" keygen --curve secp256r1 --format txt --out out.pem
err "keygen: missing --curve" out.pem "--curve" keygen --out out.pem
err "keygen: unknown option" out.pem "--bogus" keygen --curve secp256r1 --bogus --out out.pem
err "keygen: option without value" "" "needs a value" keygen --curve
err "keygen: stray argument" out.pem "unexpected" keygen --curve secp256r1 out.pem
err "keygen: option twice" out.pem "twice" keygen --curve secp256r1 --curve secp160r1 --out out.pem
err "two inputs from stdin" "" "stdin" verify --pub - --in - --sig good.sig
err "no command" "" "no command"
err "unknown command" "" "unknown command" frobnicate
err "ecdh: public key as own key" out.sec "public key where" ecdh --key secp160r1/opub.pem --peer secp160r1/spub.pem --out out.sec

# ---------------------------------------------------------------- help, version, curves
sc "--help" --help
check "... lists the commands" grep -q 'keygen' sc.out
sc "--version" --version
check "... version" grep -q '^seacurve [0-9]' sc.out
for cmd in keygen pubkey sign verify ecdh curves bench explore cost; do
    sc "$cmd --help" "$cmd" --help
    check "$cmd --help prints usage" grep -q "usage: .*$cmd" sc.out
done
# keygen --help names every curve of the table (seacurve curves --names), and their count
"$SC" curves --names >names.all 2>/dev/null
"$SC" keygen --help >kg.help 2>/dev/null
check "keygen --help: the table has curves" test "$(wc -l <names.all)" -ge 18
check "keygen --help: \"one of the N curves\", N from the table" grep -q "one of the $(wc -l <names.all) curves" kg.help
missing=""
for N in $(cat names.all); do grep -qw -- "$N" kg.help || missing="$missing $N"; done
check "keygen --help lists every curve (missing:$missing)" test -z "$missing"
check "keygen --help: the aliases too (P-256, prime256v1)" sh -c 'grep -q "P-256" kg.help && grep -q "prime256v1" kg.help'
sc "help sign" help sign
sc "curves" curves
for C in $CURVES; do check "curves lists $C" grep -q "^$C" sc.out; done
check "curves shows an OID" grep -q 'OID 1.2.840.10045.3.1.7' sc.out
check "curves shows the methods" grep -q 'k\*G' sc.out
sc "curves --names" curves --names
check "... eighteen names (five SEC 2 prime, four opf, nine binary)" test "$(wc -l <sc.out)" = 18
for C in sect163k1 sect163r1 sect163r2 sect233k1 sect233r1 sect283k1 sect283r1 sect409k1 sect409r1; do
    check "curves --names lists $C" grep -qx "$C" sc.out
done
sc "curves --curve K-163" curves --curve K-163
check "... is sect163k1, cofactor 2, in GF(2^163)" grep -q 'GF(2^163)' sc.out
sc "cost" cost
check "cost: Table VII as printed in [Kodali]" grep -Eq 'Mixed Coordinate wNAF.* 2680\.0 +2680\.0' sc.out
# cost and explore write data (--csv / --json); cost --png is tested under "file safety"
sc "cost --csv -o FILE" cost --csv -o cost.csv --scalars 2
check "cost --csv: the header" grep -qx 'source,method,eq,key,curve,scalars,t,w,sm,im,status,I,M,S,A,C,W,a,slope,meq' cost.csv
check "cost --csv: the header and ten cost lines" test "$(wc -l <cost.csv)" = 11
check "cost --csv: [Kodali] eq. (7) is 2040 + 32b, Table VII's 2680 at b = 20" grep -qx 'printed,mixed_wnaf,7,,,,160,4,0.8,20,ok,,,,,,,2040,32,2680' cost.csv
check "cost --csv: the counted lines, on secp160r1" test "$(grep -c '^counted,.*,secp160r1,2,160,4,0.8,20,ok,' cost.csv)" = 4
err "cost: an existing -o FILE is kept without --force" "" "already exists.*--force" cost --csv -o cost.csv
check "... and is unchanged" grep -q '^source,' cost.csv
sc "cost --force replaces an existing -o FILE" cost --json -o cost.csv --force --scalars 2
check "... with the JSON" grep -q '"tool": "seacurve cost"' cost.csv
err "cost: --json and --csv exclude each other" "" "exclude" cost --json --csv
sc "explore --csv (counts only)" explore --curve secp160r1 --no-time --scalars 2 --csv -o explore.csv
check "explore --csv: the header" grep -q '^curve,section,key,method,system,w,ct,production,status,M,S,I,' explore.csv
check "explore --csv: the mixed wNAF rows" grep -q '^secp160r1,var,var/wnaf_mixed/jacproj/4,wnaf_mixed,jacproj,4,' explore.csv
err "explore --png: refused" fig.png "--csv" explore --curve secp160r1 --png fig.png
sc "explore --no-time (counts and cross-checks)" explore --curve secp160r1 --no-time --scalars 2
check "explore: the variable-base section" grep -q 'wnaf_mixed' sc.out
check "explore: nothing FAILED" sh -c '! grep -q FAILED sc.out'
err "explore: unknown curve" "" "curve" explore --curve nosuch
# (bench writes its progress to stderr)
check "bench on a binary curve (cross-checked with OpenSSL first)" sh -c '"$0" bench --quick --pk --no-openssl --curve sect163k1 >sc.out' "$SC"
check "... the key, ECDSA and ECDH rows" test "$(grep -c '^sect163k1 ' sc.out)" = 4
check "bench --curve all --list: every curve of the table, none dropped" sh -c '"$0" bench --curve all --list --pk >sc.out && test "$(cut -d, -f1 sc.out | sort -u | wc -l)" = "$(wc -l <names.all)"' "$SC"
check "bench --check --curve sect409r1 (the last curve of the table)" sh -c '"$0" bench --check --curve sect409r1 >sc.out && grep -q "^sect409r1: cross-check passed" sc.out' "$SC"
check "bench --runs 0: a usage error (exit 2)" sh -c '"$0" bench --runs 0 --list >/dev/null 2>&1; test $? -eq 2' "$SC"

if [ $fail -eq 0 ]; then
    echo "cli: $pass passed, $fail failed"
else
    echo "cli: $pass passed, $fail failed; reproduce with SC_TEST_SEED=0x$SEED"
fi
[ $fail -eq 0 ]
